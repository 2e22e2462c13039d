import { Agent, request } from 'node:http';

/**
 * A JSON POST over a kept-alive connection with node:http: the lightest client Node has (fetch costs
 * a good part of a millisecond more per request), so a benchmark's figures are the server's.
 */
export function httpPoster(maxSockets: number) {
  const agent = new Agent({ keepAlive: true, maxSockets });
  function post(
    url: URL,
    path: string,
    body: unknown,
    token?: string,
  ): Promise<{ status: number; text: string }> {
    const payload = JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          path,
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (d) => {
            text += d;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }
  return { post, close: () => agent.destroy() };
}
