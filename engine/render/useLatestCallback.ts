import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A function of one identity for the component's whole life that calls the latest `fn`. Handed to
 * a memoized child in place of a closure made anew at each render, it lets that child skip the
 * renders where only the closure changed (a page's params, a filter written into the URL).
 */
export function useLatestCallback<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
