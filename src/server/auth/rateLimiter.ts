/** How many events a key may have within a window. */
export interface RateLimit {
  max: number;
  windowMs: number;
}

/** The answer of a check: allowed, or blocked for this many more seconds. */
export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * An in-process sliding-window counter: each key keeps the times of its last `max` events, and is
 * blocked while `max` of them fall within the window. Memory stays bounded because a key keeps at
 * most `max` times and idle keys are swept. One process only: behind a load balancer each instance
 * counts on its own, which still bounds guessing to `max` × instances per window.
 */
export class SlidingWindowLimiter {
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
    const times = this.recent(key);
    times.push(this.now());
    // Only the newest `max` times can ever decide a check.
    if (times.length > this.limit.max) times.splice(0, times.length - this.limit.max);
    this.events.set(key, times);
    if (++this.operations % 1000 === 0) this.sweep();
  }

  /** Forgets the key's events (e.g. after a successful sign-in). */
  reset(key: string): void {
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
