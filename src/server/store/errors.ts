import type { Param } from './Store';

/**
 * A text bound to a statement holds a NUL character, which PostgreSQL can neither store nor compare
 * (its driver fails the statement). Both stores refuse it before the statement runs, so a request
 * carrying one answers 400 on either, never 500.
 */
export class UnstorableTextError extends Error {
  readonly statusCode = 400;

  constructor() {
    super('A text holds a NUL character, which cannot be stored or looked up');
    this.name = 'UnstorableTextError';
  }
}

const hasNul = (v: unknown) => typeof v === 'string' && v.includes('\u0000');

/** Throws UnstorableTextError when a bound value, or an item of a bound list, is text with a NUL. */
export function refuseUnstorableText(params: readonly Param[]): void {
  for (const p of params)
    if (hasNul(p) || (Array.isArray(p) && p.some(hasNul))) throw new UnstorableTextError();
}

/**
 * The database cannot serve right now (stopped, restarting, refusing or dropping connections, or the
 * disk holding it full).
 * Routes answer it with 503 and Retry-After rather than 500: the request was fine, try again soon.
 */
export class StoreUnavailableError extends Error {
  readonly statusCode = 503;

  constructor(override readonly cause: unknown) {
    super(`The database is unavailable: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'StoreUnavailableError';
  }
}

// Socket errors of a connection that failed or died, and PostgreSQL's SQLSTATEs for the same:
// class 08 (connection exception), 57P01-57P03 (shut down by the administrator, crash, not yet
// accepting connections) and 53300 (too many connections).
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
const CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly|Client was closed and is not queryable|the database system is (?:starting up|shutting down|in recovery mode)/i;
// The disk holding the database is full or over quota (PostgreSQL's 53100 disk_full; DuckDB says it
// in words): the statement was fine and succeeds once there is room again.
const FULL_DISK_CODES = new Set(['ENOSPC', 'EDQUOT', '53100']);
const FULL_DISK_MESSAGES = /No space left on device|Disk quota exceeded/i;

/** Whether an error means the disk holding the database is full. */
export function isDiskFull(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && FULL_DISK_CODES.has(code)) return true;
  const message = (err as { message?: unknown }).message;
  return typeof message === 'string' && FULL_DISK_MESSAGES.test(message);
}

/** Whether a driver error means the database is out of reach (as opposed to a bad statement). */
export function isConnectionFailure(err: unknown): boolean {
  if (err instanceof StoreUnavailableError) return true;
  if (!err || typeof err !== 'object') return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (CONNECTION_CODES.has(code) || code.startsWith('08'))) return true;
  // AggregateError (several addresses refused) carries the socket errors inside.
  const inner = (err as { errors?: unknown }).errors;
  if (Array.isArray(inner) && inner.some(isConnectionFailure)) return true;
  const message = (err as { message?: unknown }).message;
  return typeof message === 'string' && CONNECTION_MESSAGES.test(message);
}

/** The error to throw for a driver error: StoreUnavailableError when the database is out of reach. */
export function storeError(err: unknown): unknown {
  return isConnectionFailure(err) && !(err instanceof StoreUnavailableError)
    ? new StoreUnavailableError(err)
    : err;
}

/**
 * Whether a request failed because the database cannot serve it now, out of reach or its disk full:
 * answered 503 with Retry-After, as it succeeds when sent again later.
 */
export function isUnavailable(err: unknown): boolean {
  return isConnectionFailure(err) || isDiskFull(err);
}
