import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * When the task a query belongs to began (performance.now()): the server marks each request with
 * its arrival. A store whose connections are all busy serves the waiting queries oldest task first,
 * so a request's second and third queries go ahead of requests that came after it instead of
 * queuing behind them again: under load each request waits about as long as the others, not once
 * per query. Queries outside a task count from the moment they ask.
 */
const taskStart = new AsyncLocalStorage<number>();

/** Runs `fn` (and everything it starts) as one task begun at `start` (now, unless given). */
export function runAsTask<T>(fn: () => T, start: number = performance.now()): T {
  return taskStart.run(start, fn);
}

/** The rank of a query asking now: its task's start, or now when it belongs to none. */
export function queryRank(): number {
  return taskStart.getStore() ?? performance.now();
}

/** Waiters for a free resource, served lowest rank first (and in order of asking among equals). */
export class RankedQueue<T> {
  private readonly items: { rank: number; serve: (value: T) => void }[] = [];

  /** Adds a waiter of `rank`; it is served after every waiter of a lower or equal rank. */
  push(rank: number, serve: (value: T) => void): void {
    let lo = 0;
    let hi = this.items.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.items[mid].rank <= rank) lo = mid + 1;
      else hi = mid;
    }
    this.items.splice(lo, 0, { rank, serve });
  }

  /** Removes and returns the waiter to serve next. */
  shift(): ((value: T) => void) | undefined {
    return this.items.shift()?.serve;
  }
}
