import { STATUS_CODES } from 'node:http';
import { RETRY_AFTER_UNAVAILABLE_SECONDS } from '../../src/server/app';
import { SERVICE_ERROR_MESSAGE } from '../../src/shared/serverErrorMessages';

/**
 * The body of HAProxy's own 503 (no instance up, or none answered after the retries): the app's
 * error body for a 503, as one configuration word in single quotes (HAProxy takes a quoted word as
 * it is; the text has no single quote).
 */
const UNAVAILABLE_BODY = JSON.stringify({ error: STATUS_CODES[503], message: SERVICE_ERROR_MESSAGE });
if (UNAVAILABLE_BODY.includes("'")) throw new Error('HAProxy 503 body: a single quote cannot be quoted');

/** Where everything of the deployment listens, HAProxy and the instances: so HAProxy connects to them from there. */
export const LOOPBACK = '127.0.0.1';

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
  # HAProxy's own 503 (no instance up, as for a moment after the database comes back, or none
  # answered after the retries) says what an instance's 503 says, in the same JSON, with the same
  # Retry-After, rather than HAProxy's HTML page.
  http-error status 503 content-type application/json string '${UNAVAILABLE_BODY}' hdr Retry-After ${RETRY_AFTER_UNAVAILABLE_SECONDS} hdr Cache-Control no-store

frontend hawkeye
  bind ${LOOPBACK}:${port}
  # The client's address is the one HAProxy sees, written over any X-Forwarded-For the client sent
  # (option forwardfor would add it after the client's, which the instances would then have to sort
  # out). The instances take the last address of the header from HAProxy (TRUSTED_PROXIES).
  http-request set-header X-Forwarded-For %[src]
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
${apis.map((a) => `  server ${a.name} ${LOOPBACK}:${a.port}`).join('\n')}

listen stats
  bind ${LOOPBACK}:${statsPort}
  stats enable
  stats uri /
  stats refresh 2s
`;
}
