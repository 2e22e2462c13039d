/**
 * Answers read from the database that every signed-in request would otherwise ask again (has this
 * session ended? does this user hold that claim?), each trusted for `ttlMs` before it is read
 * again, and shared by the requests that ask at once (a page's panels arrive together). An answer
 * recorded by this process (`record`) holds at once; one written by another process is seen within
 * `ttlMs`. A failed read is not kept. At most `maxEntries` are kept, the one read from the database
 * longest ago first out.
 */
export class BriefAnswers<T> {
  private readonly known = new Map<string, { answer: Promise<T>; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly opts: {
      /** Answers that can never change back (an ended session): kept for good once read. */
      final?: (answer: T) => boolean;
      maxEntries?: number;
      now?: () => number;
    } = {},
  ) {}

  private now(): number {
    return (this.opts.now ?? Date.now)();
  }

  /** The answer for `key`: the kept one while it is fresh, else `read()`'s (then kept). */
  get(key: string, read: () => Promise<T>): Promise<T> {
    const hit = this.known.get(key);
    if (hit && hit.until > this.now()) return hit.answer;
    const entry = { answer: read(), until: this.now() + this.ttlMs };
    this.keep(key, entry);
    entry.answer.then(
      (answer) => {
        if (this.opts.final?.(answer)) entry.until = Number.POSITIVE_INFINITY;
      },
      () => {
        if (this.known.get(key) === entry) this.known.delete(key);
      },
    );
    return entry.answer;
  }

  /** Records an answer this process has just made true (a session it ended, a claim it granted). */
  record(key: string, answer: T): void {
    const final = this.opts.final?.(answer) ?? false;
    this.keep(key, {
      answer: Promise.resolve(answer),
      until: final ? Number.POSITIVE_INFINITY : this.now() + this.ttlMs,
    });
  }

  private keep(key: string, entry: { answer: Promise<T>; until: number }): void {
    this.known.delete(key);
    this.known.set(key, entry);
    if (this.known.size > (this.opts.maxEntries ?? 20_000))
      this.known.delete(this.known.keys().next().value as string);
  }
}
