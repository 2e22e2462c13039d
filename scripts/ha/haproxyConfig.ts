/** HAProxy in front of the instances: round robin, /readyz checks, and retries elsewhere on failure. */
export function haproxyConfig(
  port: number,
  statsPort: number,
  apis: readonly { name: string; port: number }[],
) {
  return `# Written by scripts/ha/deployment.ts; see docs/operations.md.
global
  maxconn 4096

defaults
  mode http
  timeout connect 1s
  timeout client 60s
  timeout server 60s
  timeout http-request 10s
  timeout queue 10s
  # A busy instance answers /readyz late, not never: a check fails only past 5 s (with the default,
  # the check interval, every instance of a loaded deployment was taken out and HAProxy answered 503).
  timeout check 5s
  # A request whose connection failed, whose server closed without answering (an instance that
  # died), or that got a 503 (an instance closing answers 503 to what arrives on a kept-alive
  # connection; one without its database too) is sent again, to another instance.
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response response-timeout 503

frontend hawkeye
  bind 127.0.0.1:${port}
  option forwardfor
  http-response set-header X-HawkEye-Instance %s
  default_backend api

backend api
  balance roundrobin
  option httpchk
  http-check send meth GET uri /readyz
  http-check expect status 200
  # Checked every second, out after 3 failed checks, back after 2 good ones; a refused connection
  # (a process that died) takes an instance out at once, before its next check.
  default-server check inter 1s fall 3 rise 2 observe layer4 error-limit 1 on-error mark-down
${apis.map((a) => `  server ${a.name} 127.0.0.1:${a.port}`).join('\n')}

listen stats
  bind 127.0.0.1:${statsPort}
  stats enable
  stats uri /
  stats refresh 2s
`;
}
