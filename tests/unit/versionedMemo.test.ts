import { describe, expect, it, vi } from 'vitest';
import { currentDataVersion, onceForVersion } from '../../src/server/analytics/versionedMemo';
import type { Store } from '../../src/server/store';

/** A store that answers the data-version lookup with `version` and counts the lookups. */
function fakeStore(dataChanges: number | undefined) {
  const state = { version: '2026-11-20 19:00:00', lookups: 0 };
  const store = {
    kind: dataChanges === undefined ? 'postgres' : 'duckdb',
    dataChanges,
    query: vi.fn(async () => {
      state.lookups++;
      return [{ v: state.version, ok: 1 }];
    }),
  } as unknown as Store & { dataChanges?: number };
  return { store, state };
}

describe('currentDataVersion', () => {
  it("reads the version once while the store's only writer has not written, and again after a write", async () => {
    const { store, state } = fakeStore(0);
    expect((await currentDataVersion(store)).version).toBe('2026-11-20 19:00:00');
    await currentDataVersion(store);
    expect(state.lookups).toBe(1);
    state.version = '2026-11-21 11:00:00';
    (store as { dataChanges: number }).dataChanges = 1; // an import through this process
    expect((await currentDataVersion(store)).version).toBe('2026-11-21 11:00:00');
    expect(state.lookups).toBe(2);
  });

  it('reads the version on every request when other processes may write (PostgreSQL)', async () => {
    const { store, state } = fakeStore(undefined);
    await currentDataVersion(store);
    state.version = '2026-11-21 11:00:00'; // an import through another instance
    expect((await currentDataVersion(store)).version).toBe('2026-11-21 11:00:00');
    expect(state.lookups).toBe(2);
  });
});

describe('onceForVersion', () => {
  it('resolves a value once per key and data version, and again once the version moves', async () => {
    const { store } = fakeStore(0);
    const resolve = vi.fn(async () => [1, 2, 3]);
    expect(await onceForVersion(store, 'v1', 'admin', resolve)).toEqual([1, 2, 3]);
    await onceForVersion(store, 'v1', 'admin', resolve);
    expect(resolve).toHaveBeenCalledTimes(1);
    await onceForVersion(store, 'v1', 'someone else', resolve);
    expect(resolve).toHaveBeenCalledTimes(2);
    await onceForVersion(store, 'v2', 'admin', resolve);
    expect(resolve).toHaveBeenCalledTimes(3);
  });

  it('keeps nothing before the first load, nor a failed lookup', async () => {
    const { store } = fakeStore(0);
    const resolve = vi.fn(async () => [1]);
    await onceForVersion(store, null, 'admin', resolve);
    await onceForVersion(store, null, 'admin', resolve);
    expect(resolve).toHaveBeenCalledTimes(2);
    const failing = vi.fn(async (): Promise<number[]> => Promise.reject(new Error('database gone')));
    await expect(onceForVersion(store, 'v1', 'admin', failing)).rejects.toThrow('database gone');
    expect(await onceForVersion(store, 'v1', 'admin', resolve)).toEqual([1]);
  });
});
