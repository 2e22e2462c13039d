import { describeWait, type RateDecision, SlidingWindowLimiter } from './rateLimiter';

/** The sign-in and forgot-password limiters of one server. */
export interface AuthLimits {
  /** Failed sign-ins (wrong password, unknown user, bad impersonation code) per username. */
  loginPerUsername: SlidingWindowLimiter;
  /** Failed sign-ins per client address. */
  loginPerAddress: SlidingWindowLimiter;
  /** Reset requests per username. */
  forgotPerUsername: SlidingWindowLimiter;
  /** Reset requests per client address. */
  forgotPerAddress: SlidingWindowLimiter;
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
 * Builds the limiters from the environment. Defaults: 10 failed sign-ins per username and 50 per
 * address in 15 minutes (an office behind one address holds many users), 5 reset requests per
 * username and 20 per address in 15 minutes.
 */
export function authLimitsFromEnv(env: NodeJS.ProcessEnv = process.env): AuthLimits {
  const loginWindowMs = positiveInt(env, 'LOGIN_FAILURE_WINDOW_SECONDS', 15 * 60) * 1000;
  const forgotWindowMs = positiveInt(env, 'FORGOT_PASSWORD_WINDOW_SECONDS', 15 * 60) * 1000;
  return {
    loginPerUsername: new SlidingWindowLimiter({
      max: positiveInt(env, 'LOGIN_FAILURES_PER_USERNAME', 10),
      windowMs: loginWindowMs,
    }),
    loginPerAddress: new SlidingWindowLimiter({
      max: positiveInt(env, 'LOGIN_FAILURES_PER_ADDRESS', 50),
      windowMs: loginWindowMs,
    }),
    forgotPerUsername: new SlidingWindowLimiter({
      max: positiveInt(env, 'FORGOT_PASSWORD_PER_USERNAME', 5),
      windowMs: forgotWindowMs,
    }),
    forgotPerAddress: new SlidingWindowLimiter({
      max: positiveInt(env, 'FORGOT_PASSWORD_PER_ADDRESS', 20),
      windowMs: forgotWindowMs,
    }),
  };
}

/** The longest refusal among several limiters, keyed each by its own key; allowed when none refuses. */
export function strictest(checks: readonly [SlidingWindowLimiter, string][]): RateDecision {
  let worst: RateDecision = { allowed: true };
  for (const [limiter, key] of checks) {
    const d = limiter.check(key);
    if (!d.allowed && (worst.allowed || d.retryAfterSeconds > worst.retryAfterSeconds)) worst = d;
  }
  return worst;
}

/** The 429 message for a refusal: what was refused and how long to wait. */
export function tooManyMessage(what: string, retryAfterSeconds: number): string {
  return `Too many ${what}. Please wait ${describeWait(retryAfterSeconds)} and try again.`;
}
