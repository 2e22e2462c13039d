import { useSyncExternalStore } from 'react';
import { type BarMessage, currentMessage, messageSlot, subscribeMessages } from './messageBus';

/** The message on the global bar now, if any. */
export function useMessage(): BarMessage | undefined {
  return useSyncExternalStore(subscribeMessages, currentMessage, currentMessage);
}

/** The shell's place for the bar (under the top bar, in the page's flow), or null. */
export function useMessageSlot(): HTMLElement | null {
  return useSyncExternalStore(subscribeMessages, messageSlot, () => null);
}
