import { useSyncExternalStore } from 'react';
import { type BarMessage, currentMessage, subscribeMessages } from './messageBus';

/** The message on the global bar now, if any. */
export function useMessage(): BarMessage | undefined {
  return useSyncExternalStore(subscribeMessages, currentMessage, currentMessage);
}
