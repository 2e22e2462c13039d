import { getSession, isSignedIn, setTokens } from '../session/sessionStore';
import type { AuthTokens } from '../session/sessionTypes';
import { signOut } from '../session/signOut';
import { ApiError } from './ApiError';
import { trackRequest } from './loadingTracker';
import { reportServerError } from './serverErrorMessages';

/** The application name sent as clientId on every POST /token. */
export const CLIENT_ID = 'HawkEye';

/** Header carrying the extended data token on reference-data calls. */
export const EXTENDED_TOKEN_HEADER = 'x-extended-data-token';

/** How often a request waiting for another request's token refresh checks again (SPEC.md section 9). */
export const REFRESH_POLL_MS = 250;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON body; for data calls the extended data token is added as jwtExtendedToken. */
  body?: Record<string, unknown>;
  /** 'header' adds x-extended-data-token, 'body' adds it to the body too (data calls). */
  extendedToken?: 'header' | 'body';
  /** False for calls with their own error catalogue (sign-in pages): 5xx go back to the caller unreported. */
  reportServerErrors?: boolean;
  /** False to skip the 401 refresh-and-retry (the token endpoint itself). */
  refreshOn401?: boolean;
  signal?: AbortSignal;
  /** Reads a successful answer (default: its JSON): a file export reads it as a stream. */
  read?: (res: Response) => Promise<unknown>;
}

let refreshing = false;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function parseBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function buildInit(opts: RequestOptions): RequestInit {
  const tokens = getSession().tokens;
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: opts.read ? '*/*' : 'application/json',
  };
  if (tokens?.accessToken) headers.Authorization = `Bearer ${tokens.accessToken}`;
  if (opts.extendedToken && tokens?.extendedDataToken)
    headers[EXTENDED_TOKEN_HEADER] = tokens.extendedDataToken;
  let body = opts.body;
  if (opts.extendedToken === 'body') body = { ...body, jwtExtendedToken: tokens?.extendedDataToken ?? '' };
  return {
    method: opts.method ?? (body ? 'POST' : 'GET'),
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: opts.signal,
  };
}

/**
 * Refreshes the tokens once for everyone: the first caller posts the refresh grant, later callers poll
 * every 250 ms until it is done. Resolves true when a valid session exists afterwards.
 */
export async function refreshTokens(): Promise<boolean> {
  if (refreshing) {
    while (refreshing) await sleep(REFRESH_POLL_MS);
    return isSignedIn();
  }
  const refreshToken = getSession().tokens?.refreshToken;
  if (!refreshToken) return false;
  refreshing = true;
  try {
    const tokens = await request<AuthTokens>('/token', {
      body: { grantType: 'refresh_token', clientId: CLIENT_ID, refreshToken },
      refreshOn401: false,
    });
    setTokens(tokens);
    return true;
  } catch {
    // A 401 from /token has already signed the user out; anything else leaves the session as it was.
    return false;
  } finally {
    refreshing = false;
  }
}

/**
 * Sends one call with the bearer token and JSON content type. A 401 triggers one shared refresh and a
 * retry; a 401 from /token (other than an invalid impersonation code) signs the user out; 5xx are put on
 * the global message bar; other failures are thrown to the caller as ApiError.
 */
export async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const done = trackRequest();
  try {
    let res = await send(path, opts);
    if (res.status === 401 && opts.refreshOn401 !== false && path !== '/token' && isSignedIn()) {
      if (await refreshTokens()) res = await send(path, opts);
    }
    if (res.ok && opts.read) return (await opts.read(res)) as T;
    const body = await parseBody(res);
    if (res.ok) return body as T;
    const error = new ApiError(
      res.status,
      body,
      res.status >= 500 && opts.reportServerErrors !== false,
      retryAfter(res.headers.get('retry-after')),
    );
    if (error.reported) reportServerError(res.status);
    if (
      res.status === 401 &&
      path === '/token' &&
      error.code !== 'invalid_impersonation_token' &&
      isSignedIn()
    )
      signOut();
    throw error;
  } finally {
    done();
  }
}

/** Seconds to wait from a Retry-After header (seconds or an HTTP date). */
function retryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

async function send(path: string, opts: RequestOptions): Promise<Response> {
  try {
    return await fetch(path, buildInit(opts));
  } catch (err) {
    throw new ApiError(0, err instanceof Error ? err.message : String(err));
  }
}
