/** The global message bar's state, outside React so the API client can post to it. */
export type MessageType =
  | 'internal-server-error'
  | 'timeout'
  | 'server-error'
  | 'warning'
  | 'success'
  | 'info';

export interface BarMessage {
  type: MessageType;
  text: string;
  /** Closes by itself after this many seconds (× 1000 ms); stays until closed when absent. */
  autoCloseSeconds?: number;
  /** Increases with every message so that the same text shown twice restarts its timer. */
  id: number;
}

/** Used when a message is opened without text (SPEC.md section 4). */
export const DEFAULT_MESSAGE_TEXT = '[Message Undefined]';

let current: BarMessage | undefined;
let nextId = 1;
const listeners = new Set<() => void>();

function notify(): void {
  for (const l of listeners) l();
}

/** Opens the bar; the type defaults to internal server error and the text to '[Message Undefined]'. */
export function showMessage(m: { type?: MessageType; text?: string; autoCloseSeconds?: number } = {}): void {
  current = {
    type: m.type ?? 'internal-server-error',
    text: m.text || DEFAULT_MESSAGE_TEXT,
    autoCloseSeconds: m.autoCloseSeconds,
    id: nextId++,
  };
  notify();
}

/** Closes the bar. */
export function closeMessage(): void {
  if (!current) return;
  current = undefined;
  notify();
}

/** The message shown now, if any. */
export function currentMessage(): BarMessage | undefined {
  return current;
}

/** Calls `listener` when the message changes; returns the unsubscribe function. */
export function subscribeMessages(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let slot: HTMLElement | null = null;

/**
 * Where the bar goes while the app shell is mounted: an element at the top of the page's content,
 * under the top bar. Without one (the sign-in pages) the bar lies across the top of the window.
 */
export function setMessageSlot(element: HTMLElement | null): void {
  if (slot === element) return;
  slot = element;
  notify();
}

/** The shell's place for the bar, if a shell is mounted. */
export function messageSlot(): HTMLElement | null {
  return slot;
}
