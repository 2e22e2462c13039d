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
