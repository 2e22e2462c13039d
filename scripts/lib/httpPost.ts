import { Agent, request } from 'node:http';

/**
 * Requests over kept-alive connections with node:http: the lightest client Node has (fetch costs
 * a good part of a millisecond more per request), so a benchmark's figures are the server's.
 */
export function httpClient(maxSockets: number) {
  const agent = new Agent({ keepAlive: true, maxSockets });
  /** Sends `body` as it is (none for a GET) and answers the status and text once all has arrived. */
  function send(
    url: string,
    opts: { method: string; headers?: Record<string, string | number>; body?: string },
  ): Promise<{ status: number; text: string }> {
    return new Promise((resolve, reject) => {
      // A body always goes with its length: Node sends a DELETE's body with neither a length nor
      // chunks, which the server then reads as the start of the next request on the connection.
      const headers =
        opts.body === undefined
          ? opts.headers
          : { 'content-length': Buffer.byteLength(opts.body), ...opts.headers };
      const req = request(url, { agent, method: opts.method, headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => {
          text += d;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(opts.body);
    });
  }
  return { send, close: () => agent.destroy() };
}

/** A JSON POST over kept-alive connections (httpClient). */
export function httpPoster(maxSockets: number) {
  const { send, close } = httpClient(maxSockets);
  function post(
    url: URL,
    path: string,
    body: unknown,
    token?: string,
  ): Promise<{ status: number; text: string }> {
    const payload = JSON.stringify(body);
    return send(new URL(path, url).href, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(payload),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: payload,
    });
  }
  return { post, close };
}
