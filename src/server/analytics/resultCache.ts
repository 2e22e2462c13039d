/**
 * Answers of the data endpoints, kept in memory by what they depend on: the data version
 * (data_status's counter, which every seed and import moves in the transaction that loads the data,
 * whatever time it is stamped with: rollups.ts, dataVersion) and the resolved query (the caller's sites after scoping, the period, paging,
 * sort and filters). The same question about the same data gets the same answer, so a second visit
 * to a page, or a colleague with the same sites, is served without running SQL again; a seed or an
 * import (from this process or another one on PostgreSQL) changes the version and so every key.
 *
 * Least recently used entries go first once the answers' JSON passes `maxBytes`. Identical requests
 * that arrive together share one run. A failed run is not kept.
 */
export class ResultCache {
  private readonly entries = new Map<string, { json: Promise<string>; bytes: number }>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /** Whether answers are kept at all (RESULT_CACHE_MB=0 turns the cache off). */
  get enabled(): boolean {
    return this.maxBytes > 0;
  }

  /**
   * The answer for `key` as JSON text, from memory or from `run` (then kept). Kept as text, a
   * repeated answer is sent without being serialized again.
   */
  async json(key: string, run: () => Promise<unknown>): Promise<string> {
    if (!this.enabled) return JSON.stringify(await run());
    const hit = this.entries.get(key);
    if (hit) {
      // Most recently used last: Map keeps insertion order.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.json;
    }
    const json = run().then((answer) => JSON.stringify(answer));
    const entry = { json, bytes: key.length };
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    try {
      const text = await json;
      if (this.entries.get(key) === entry) {
        entry.bytes += text.length;
        this.bytes += text.length;
        this.evict();
      }
      return text;
    } catch (err) {
      if (this.entries.get(key) === entry) {
        this.entries.delete(key);
        this.bytes -= entry.bytes;
      }
      throw err;
    }
  }

  /** Forgets every answer (benchmarks measuring a first visit). */
  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  /** Entries and approximate bytes held. */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) return;
      this.entries.delete(key);
      this.bytes -= entry.bytes;
    }
  }
}
