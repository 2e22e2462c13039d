/**
 * A module loaded on first use, once: `load()` starts the import (or returns the one under way), and
 * `current()` is the module once it has arrived, for code that must not wait when it is already here.
 */
export function importOnce<T>(importer: () => Promise<T>): { load(): Promise<T>; current(): T | undefined } {
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
