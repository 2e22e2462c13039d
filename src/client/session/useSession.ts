import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession } from './sessionStore';
import type { SessionSnapshot } from './sessionTypes';

/** The current session; re-renders when it changes. */
export function useSession(): SessionSnapshot {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
