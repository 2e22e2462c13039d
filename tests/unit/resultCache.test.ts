import { describe, expect, it, vi } from 'vitest';
import { ResultCache } from '../../src/server/analytics/resultCache';

describe('ResultCache', () => {
  it('runs a query once and answers the same key from memory', async () => {
    const cache = new ResultCache(1024);
    const run = vi.fn(async () => ({ values: [[42]] }));
    expect(await cache.json('a', run)).toBe('{"values":[[42]]}');
    expect(await cache.json('a', run)).toBe('{"values":[[42]]}');
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('shares one run between identical requests that arrive together', async () => {
    const cache = new ResultCache(1024);
    let release: (v: number) => void = () => {};
    const run = vi.fn(() => new Promise<number>((r) => (release = r)));
    const both = Promise.all([cache.json('k', run), cache.json('k', run)]);
    release(7);
    expect(await both).toEqual(['7', '7']);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('does not keep a failed run: the next request tries again', async () => {
    const cache = new ResultCache(1024);
    await expect(cache.json('k', async () => Promise.reject(new Error('database gone')))).rejects.toThrow(
      'database gone',
    );
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
    expect(await cache.json('k', async () => 1)).toBe('1');
  });

  it('drops the least recently used answers once over its size', async () => {
    // Each entry: a one-character key and a 10-character answer ("xxxxxxxx" with quotes).
    const cache = new ResultCache(25);
    await cache.json('a', async () => 'xxxxxxxx');
    await cache.json('b', async () => 'xxxxxxxx');
    await cache.json('a', async () => 'unused'); // a is now the most recently used
    await cache.json('c', async () => 'xxxxxxxx');
    expect(cache.size).toEqual({ entries: 2, bytes: 22 });
    const runB = vi.fn(async () => 'again');
    expect(await cache.json('b', runB)).toBe('"again"');
    expect(runB).toHaveBeenCalledTimes(1);
    const runA = vi.fn(async () => 'again');
    await cache.json('c', runA);
    expect(runA).not.toHaveBeenCalled();
  });

  it('keeps nothing when its size is 0 (RESULT_CACHE_MB=0)', async () => {
    const cache = new ResultCache(0);
    const run = vi.fn(async () => 1);
    await cache.json('k', run);
    await cache.json('k', run);
    expect(run).toHaveBeenCalledTimes(2);
    expect(cache.enabled).toBe(false);
  });
});
