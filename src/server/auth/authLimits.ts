import type { Store } from '../store';
import { DatabaseLimiter } from './dbRateLimiter';
import {
  type AttemptLimiter,
  describeWait,
  type RateLimit,
  type Reservation,
  SlidingWindowLimiter,
} from './rateLimiter';

/** The sign-in, forgot-password and impersonation limiters of one server. */
export interface AuthLimits {
  /** Failed sign-ins (wrong password, unknown user) per username. */
  loginPerUsername: AttemptLimiter;
  /** Failed sign-ins per client address. */
  loginPerAddress: AttemptLimiter;
  /** Reset requests per username. */
  forgotPerUsername: AttemptLimiter;
  /** Reset requests per client address. */
  forgotPerAddress: AttemptLimiter;
  /**
   * Bad impersonation codes per impersonator: a budget of its own, so mistyped codes never lock
   * the impersonator out of signing in with their password.
   */
  impersonationPerUser: AttemptLimiter;
}

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0)
    throw new Error(`${name} must be a positive whole number, got '${raw}'`);
  return n;
}

/**
 * A limiter of attempts per key, named `name`: in the database with a PostgreSQL store (one budget
 * shared by every instance), otherwise in memory (DuckDB's one process).
 */
export function attemptLimiter(name: string, limit: RateLimit, store?: Store): AttemptLimiter {
  return store?.kind === 'postgres'
    ? new DatabaseLimiter(store, name, limit)
    : new SlidingWindowLimiter(limit);
}

/**
 * Builds the limiters from the environment. Defaults: 10 failed sign-ins per username and 50 per
 * address in 15 minutes (an office behind one address holds many users), 5 reset requests per
 * username and 20 per address in 15 minutes, 10 bad impersonation codes per impersonator in 15
 * minutes. With a PostgreSQL store the counts live in the database, shared by every instance;
 * otherwise (DuckDB, one process) in memory.
 */
export function authLimitsFromEnv(env: NodeJS.ProcessEnv = process.env, store?: Store): AuthLimits {
  const loginWindowMs = positiveInt(env, 'LOGIN_FAILURE_WINDOW_SECONDS', 15 * 60) * 1000;
  const forgotWindowMs = positiveInt(env, 'FORGOT_PASSWORD_WINDOW_SECONDS', 15 * 60) * 1000;
  const limiter = (name: string, limit: RateLimit) => attemptLimiter(name, limit, store);
  return {
    loginPerUsername: limiter('login-username', {
      max: positiveInt(env, 'LOGIN_FAILURES_PER_USERNAME', 10),
      windowMs: loginWindowMs,
    }),
    loginPerAddress: limiter('login-address', {
      max: positiveInt(env, 'LOGIN_FAILURES_PER_ADDRESS', 50),
      windowMs: loginWindowMs,
    }),
    forgotPerUsername: limiter('forgot-username', {
      max: positiveInt(env, 'FORGOT_PASSWORD_PER_USERNAME', 5),
      windowMs: forgotWindowMs,
    }),
    forgotPerAddress: limiter('forgot-address', {
      max: positiveInt(env, 'FORGOT_PASSWORD_PER_ADDRESS', 20),
      windowMs: forgotWindowMs,
    }),
    impersonationPerUser: limiter('impersonation-user', {
      max: positiveInt(env, 'IMPERSONATION_FAILURES_PER_USER', 10),
      windowMs: loginWindowMs,
    }),
  };
}

/**
 * Reserves one attempt in each limiter under its own key. When any refuses, the others are given
 * back and the longest wait among the refusals is answered; otherwise `release` gives them all back.
 */
export async function reserveAll(checks: readonly [AttemptLimiter, string][]): Promise<Reservation> {
  const outcomes = await Promise.all(checks.map(([limiter, key]) => limiter.reserve(key)));
  const granted = outcomes.filter((o) => o.allowed);
  const release = async () => {
    await Promise.all(granted.map((o) => o.release()));
  };
  let wait = 0;
  for (const o of outcomes) if (!o.allowed) wait = Math.max(wait, o.retryAfterSeconds);
  if (wait === 0) return { allowed: true, release };
  await release();
  return { allowed: false, retryAfterSeconds: wait };
}

/** The 429 message for a refusal: what was refused and how long to wait. */
export function tooManyMessage(what: string, retryAfterSeconds: number): string {
  return `Too many ${what}. Please wait ${describeWait(retryAfterSeconds)} and try again.`;
}
