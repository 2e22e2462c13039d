import { request } from './http';

/**
 * POST a data call (e.g. '/api/data/caller_behavior/missed_calls/by_site'): adds jwtExtendedToken to the
 * body and the x-extended-data-token header, with the shared refresh-and-retry and 5xx handling.
 */
export function postData<T>(path: string, body: Record<string, unknown>, signal?: AbortSignal): Promise<T> {
  return request<T>(path, { method: 'POST', body, extendedToken: 'body', signal });
}

/** GET a data call (e.g. '/api/data/refresh_time') with the extended data token header. */
export function getData<T>(path: string, signal?: AbortSignal): Promise<T> {
  return request<T>(path, { method: 'GET', extendedToken: 'header', signal });
}

/** The header of an export answer that gives how many rows (or groups) the file holds. */
const EXPORT_TOTAL_HEADER = 'x-export-total';

/**
 * POST the export form of a data call ('<path>/export', the extended data token in the header) and
 * read the streamed file, telling `onProgress` the share of its rows received so far (0..1).
 */
export function postDataFile(
  path: string,
  body: Record<string, unknown>,
  onProgress: (fraction: number) => void,
): Promise<Blob> {
  return request<Blob>(`${path}/export`, {
    method: 'POST',
    body,
    extendedToken: 'header',
    read: async (res) => {
      const total = Number(res.headers.get(EXPORT_TOTAL_HEADER)) || 0;
      const type = res.headers.get('content-type') ?? 'application/octet-stream';
      if (!res.body) return new Blob([await res.arrayBuffer()], { type });
      const reader = res.body.getReader();
      const chunks: Uint8Array[] = [];
      let lines = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        for (const byte of value) if (byte === 10) lines++;
        // The header line is not a row; the totals row may make it pass the total.
        if (total) onProgress(Math.min(1, Math.max(0, lines - 1) / total));
      }
      onProgress(1);
      return new Blob(chunks as BlobPart[], { type });
    },
  });
}
