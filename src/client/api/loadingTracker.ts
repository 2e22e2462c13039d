/** Counts requests in flight for the global 'Loading Data' indicator. */
let pending = 0;
const listeners = new Set<() => void>();

function notify(): void {
  for (const l of listeners) l();
}

/** Marks one request started; call the returned function once when it ends. */
export function trackRequest(): () => void {
  pending += 1;
  notify();
  let done = false;
  return () => {
    if (done) return;
    done = true;
    pending -= 1;
    notify();
  };
}

/** Requests in flight now. */
export function pendingRequests(): number {
  return pending;
}

/** Calls `listener` when the count changes; returns the unsubscribe function. */
export function subscribePending(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
