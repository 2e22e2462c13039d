import { useEffect, useReducer } from 'react';

/** A module loaded on first use, once (see importOnce). */
export interface ImportOnce<T> {
  /** Starts the import, or returns the one under way; resolves with the module. */
  load(): Promise<T>;
  /** The module once it has arrived, for code that must not wait when it is already here. */
  current(): T | undefined;
}

/**
 * A module loaded on first use, once: `load()` starts the import (or returns the one under way), and
 * `current()` is the module once it has arrived, for code that must not wait when it is already here.
 */
export function importOnce<T>(importer: () => Promise<T>): ImportOnce<T> {
  let loading: Promise<T> | undefined;
  let loaded: T | undefined;
  return {
    load() {
      loading ??= importer().then((m) => {
        loaded = m;
        return m;
      });
      return loading;
    },
    current: () => loaded,
  };
}

/**
 * The module once it has arrived, or undefined while it is on its way; the first render that wants
 * it starts its import, and the component renders again when it arrives. A failed import is thrown
 * from the render, to the nearest error boundary.
 *
 * A state update rather than Suspense: React holds a Suspense boundary's content back until 300 ms
 * after the last fallback it showed (its throttle of retried renders), so code that arrived in 20 ms
 * still waited, once per boundary in turn; on a warm visit of a page of charts, about 200 ms of a
 * second went to that wait with the browser idle.
 */
export function useImported<T>(module: ImportOnce<T>, wanted = true): T | undefined {
  const [failure, fail] = useReducer((_: { error: unknown } | null, error: unknown) => ({ error }), null);
  const [, arrived] = useReducer((n: number) => n + 1, 0);
  const loaded = wanted ? module.current() : undefined;
  // Started while rendering, so the code is requested with whatever else this render asks for.
  if (wanted && !loaded) module.load().catch(() => undefined);
  useEffect(() => {
    if (!wanted || loaded) return;
    // Settles at once when it arrived between this render and now.
    let live = true;
    module.load().then(
      () => live && arrived(),
      (error: unknown) => live && fail(error),
    );
    return () => {
      live = false;
    };
  }, [module, wanted, loaded]);
  if (failure) throw failure.error;
  return loaded;
}
