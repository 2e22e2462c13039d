import { runAsTask } from '../store/priority';

/**
 * What one instance lets exports take, so that one user's downloads never starve everyone else:
 *
 * - each user has at most `perUser` exports under way at once; past that an export is refused (429,
 *   the route says when to try again), until one of theirs has ended;
 * - all exports together run at most `querySlots` of their page queries at once, the rest of the
 *   database connections staying free for the pages' own requests; and each page query waits in the
 *   store's queue as a request arriving now, not as the (old) request that started the export,
 *   which would go ahead of every request that came after it (store/priority.ts).
 */
export class ExportLimits {
  private readonly running = new Map<number, number>();
  private busySlots = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly perUser: number,
    readonly querySlots: number,
  ) {}

  /**
   * Counts an export of `userId` as under way: a function that ends it (once, whatever calls it),
   * or undefined when the user already has `perUser` under way.
   */
  begin(userId: number): (() => void) | undefined {
    const now = this.running.get(userId) ?? 0;
    if (now >= this.perUser) return undefined;
    this.running.set(userId, now + 1);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      const left = (this.running.get(userId) ?? 1) - 1;
      if (left > 0) this.running.set(userId, left);
      else this.running.delete(userId);
    };
  }

  /** Runs one page query of an export when a slot is free, as a task begun now. */
  async query<T>(run: () => Promise<T>): Promise<T> {
    if (this.busySlots >= this.querySlots) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.busySlots++;
    try {
      return await runAsTask(run);
    } finally {
      // The slot passes straight to the next waiter, if any.
      const next = this.waiting.shift();
      if (next) next();
      else this.busySlots--;
    }
  }
}
