/** A non-2xx answer (or a failed call, status 0) handed back to the caller. */
export class ApiError extends Error {
  /** HTTP status; 0 when the call itself failed (network, aborted). */
  readonly status: number;
  /** The parsed JSON body, or the text when it is not JSON. */
  readonly body: unknown;
  /** True when the global message bar already told the user (HTTP 5xx). */
  readonly reported: boolean;
  /** Seconds from a Retry-After header (HTTP 429), when given. */
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, body: unknown, reported = false, retryAfterSeconds?: number) {
    super(
      status === 0
        ? 'The request could not be sent'
        : `HTTP ${status}${typeof body === 'object' && body && 'message' in body ? `: ${String((body as { message: unknown }).message)}` : ''}`,
    );
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.reported = reported;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  /** The `error` code of a JSON body such as {error:'invalid_impersonation_token'}. */
  get code(): string | undefined {
    const b = this.body as { error?: unknown } | undefined;
    return typeof b?.error === 'string' ? b.error : undefined;
  }
}

/**
 * What a panel's error card says about a failed call, for a leasing manager: what happened and what
 * to do, never 'HTTP 504'. Anything that is not an API error keeps the engine's own wording.
 */
export function describePanelError(error: Error): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.status === 0)
    return 'The dashboard could not reach the server. Check your connection, then try again.';
  if (error.status === 504) return 'The figures took too long to arrive. Try again in a moment.';
  if (error.status === 401 || error.status === 403)
    return 'Your session no longer allows these figures. Sign in again.';
  if (error.status === 429) return 'Too many requests at once. Wait a few seconds, then try again.';
  if (error.status >= 500) return 'The figures could not be loaded just now. Try again in a moment.';
  return 'The figures could not be loaded for this filter. Try another period or site, or reload the page.';
}
