import { useEffect, useState, useSyncExternalStore } from 'react';
import { pendingRequests, subscribePending } from './loadingTracker';

/** Delay before showing and before hiding the 'Loading Data' indicator (SPEC.md section 9). */
export const LOADING_THROTTLE_MS = 500;

/** True once requests have been pending for 500 ms, until 500 ms after the last one ends. */
export function useLoadingData(): boolean {
  const pending = useSyncExternalStore(subscribePending, pendingRequests, pendingRequests);
  const [visible, setVisible] = useState(false);
  const busy = pending > 0;
  useEffect(() => {
    if (busy === visible) return;
    const timer = setTimeout(() => setVisible(busy), LOADING_THROTTLE_MS);
    return () => clearTimeout(timer);
  }, [busy, visible]);
  return visible;
}
