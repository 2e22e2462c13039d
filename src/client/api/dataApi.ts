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
