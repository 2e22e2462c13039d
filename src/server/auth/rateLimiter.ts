/** How many events a key may have within a window. */
export interface RateLimit {
  max: number;
  windowMs: number;
}

/** The answer of a check: allowed, or blocked for this many more seconds. */
export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * The answer of a reservation: an attempt counted before the work it guards (a password check), to
 * be taken back with `release` when it turns out not to count (a successful sign-in); or a refusal.
 */
export type Reservation =
  | { allowed: true; release(): Promise<void> }
  | { allowed: false; retryAfterSeconds: number };

/**
 * Counts attempts per key within a sliding window. `reserve` checks and counts in one atomic step,
 * so N attempts sent at once are N attempts: never more than `max` get past it.
 */
export interface AttemptLimiter {
  readonly limit: RateLimit;
  /** Counts one attempt for the key unless the key already has `max` in the window. */
  reserve(key: string): Promise<Reservation>;
  /** Forgets the key's attempts (e.g. after a successful sign-in). */
  reset(key: string): Promise<void>;
}

/**
 * An in-process sliding-window counter: each key keeps the times of its last `max` events, and is
 * blocked while `max` of them fall within the window. Memory stays bounded because a key keeps at
 * most `max` times and idle keys are swept. One process only: with PostgreSQL the server uses
 * DatabaseLimiter instead, which every instance shares.
 */
export class SlidingWindowLimiter implements AttemptLimiter {
  private readonly events = new Map<string, number[]>();
  private operations = 0;

  constructor(
    readonly limit: RateLimit,
    private readonly now: () => number = Date.now,
  ) {
    if (!(limit.max > 0) || !(limit.windowMs > 0))
      throw new Error('A rate limit needs max > 0 and windowMs > 0');
  }

  /** Whether the key may act now; when not, how long until its oldest counted event leaves the window. */
  check(key: string): RateDecision {
    const times = this.recent(key);
    if (times.length < this.limit.max) return { allowed: true };
    const oldest = times[times.length - this.limit.max];
    const waitMs = oldest + this.limit.windowMs - this.now();
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  }

  /** Counts one event for the key. */
  hit(key: string): void {
    this.record(key, this.now());
  }

  private record(key: string, at: number): void {
    const times = this.recent(key);
    times.push(at);
    // Only the newest `max` times can ever decide a check.
    if (times.length > this.limit.max) times.splice(0, times.length - this.limit.max);
    this.events.set(key, times);
    if (++this.operations % 1000 === 0) this.sweep();
  }

  /** Checks and counts at once (one synchronous step: nothing can run in between). */
  async reserve(key: string): Promise<Reservation> {
    const decision = this.check(key);
    if (!decision.allowed) return decision;
    const at = this.now();
    this.record(key, at);
    return {
      allowed: true,
      release: async () => {
        const times = this.events.get(key);
        const i = times?.lastIndexOf(at) ?? -1;
        if (times && i >= 0) times.splice(i, 1);
      },
    };
  }

  /** Forgets the key's events (e.g. after a successful sign-in). */
  async reset(key: string): Promise<void> {
    this.events.delete(key);
  }

  /** Number of keys currently tracked (for tests and diagnostics). */
  get size(): number {
    return this.events.size;
  }

  private recent(key: string): number[] {
    const times = this.events.get(key);
    if (!times) return [];
    const cutoff = this.now() - this.limit.windowMs;
    const firstInWindow = times.findIndex((t) => t > cutoff);
    if (firstInWindow === -1) {
      this.events.delete(key);
      return [];
    }
    if (firstInWindow > 0) times.splice(0, firstInWindow);
    return times;
  }

  private sweep(): void {
    for (const key of [...this.events.keys()]) this.recent(key);
  }
}

/** "14 minutes", "1 minute", "30 seconds": how long to wait, for a 429 message. */
export function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
