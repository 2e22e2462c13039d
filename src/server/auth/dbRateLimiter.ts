import type { Store } from '../store';
import type { AttemptLimiter, RateLimit, Reservation } from './rateLimiter';

/**
 * A sliding-window limiter kept in PostgreSQL (table auth_attempts), so that every API instance on
 * the database counts into one budget per key. A reservation takes a transaction-scoped advisory
 * lock on the key, reads the attempts in the window and adds one only when there is room: two
 * instances reserving at once are serialized by the lock, so the count never overshoots `max`.
 * Times are the database's own clock, the same for every instance. Within one process, attempts on
 * one key queue in memory first, so a burst of guesses holds one pool connection, not all of them.
 */
export class DatabaseLimiter implements AttemptLimiter {
  private reservations = 0;

  constructor(
    private readonly store: Store,
    /** The limiter's name in the table, e.g. 'login-username'. */
    private readonly name: string,
    readonly limit: RateLimit,
  ) {
    if (!(limit.max > 0) || !(limit.windowMs > 0))
      throw new Error('A rate limit needs max > 0 and windowMs > 0');
  }

  /** Reservations of one key in this process wait here, not holding pool connections while they wait. */
  private readonly queues = new Map<string, Promise<unknown>>();

  reserve(key: string): Promise<Reservation> {
    const previous = this.queues.get(key) ?? Promise.resolve();
    const next = previous.then(
      () => this.reserveNow(key),
      () => this.reserveNow(key),
    );
    const tail = next.catch(() => undefined);
    this.queues.set(key, tail);
    void tail.then(() => {
      if (this.queues.get(key) === tail) this.queues.delete(key);
    });
    return next;
  }

  private async reserveNow(key: string): Promise<Reservation> {
    const windowSeconds = this.limit.windowMs / 1000;
    const outcome = await this.store.transaction(
      async (tx) => {
        const [row] = await tx.query<{ n: number; wait: number | null }>(
          `SELECT count(*)::int AS n,
             EXTRACT(EPOCH FROM min(at) + make_interval(secs => $3) - clock_timestamp())::float8 AS wait
           FROM (SELECT at FROM auth_attempts
                 WHERE limiter = $1 AND key = $2 AND at > clock_timestamp() - make_interval(secs => $3)
                 ORDER BY at DESC LIMIT $4) newest`,
          [this.name, key, windowSeconds, this.limit.max],
        );
        if (row.n >= this.limit.max)
          return { allowed: false as const, retryAfterSeconds: Math.max(1, Math.ceil(row.wait ?? 1)) };
        const [added] = await tx.query<{ id: number }>(
          'INSERT INTO auth_attempts (limiter, key) VALUES ($1, $2) RETURNING id',
          [this.name, key],
        );
        return { allowed: true as const, id: added.id };
      },
      { lock: `auth_attempts:${this.name}:${key}` },
    );
    if (++this.reservations % 500 === 0) await this.sweep();
    if (!outcome.allowed) return outcome;
    return {
      allowed: true,
      release: async () => {
        await this.store.query('DELETE FROM auth_attempts WHERE id = $1', [outcome.id]);
      },
    };
  }

  async reset(key: string): Promise<void> {
    await this.store.query('DELETE FROM auth_attempts WHERE limiter = $1 AND key = $2', [this.name, key]);
  }

  /** Deletes this limiter's attempts that have left the window. */
  private async sweep(): Promise<void> {
    await this.store.query(
      'DELETE FROM auth_attempts WHERE limiter = $1 AND at < clock_timestamp() - make_interval(secs => $2)',
      [this.name, this.limit.windowMs / 1000],
    );
  }
}
