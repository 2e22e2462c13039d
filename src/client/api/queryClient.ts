import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './ApiError';

/** The longest wait between two asks of data the app cannot do without. */
const MAX_RETRY_DELAY_MS = 30_000;

/**
 * For data the app cannot do without (the user's sites and accounts, the page definitions): a call
 * the server failed (5xx, 429) or that could not be sent is asked again until it is answered, later
 * each time (1 s, 2 s, 4 s … up to 30 s, or what the answer's Retry-After says), so a page recovers
 * from a passing outage without a reload. Any other 4xx is final.
 */
export const RETRY_UNTIL_ANSWERED = {
  retry: (_count: number, err: unknown) =>
    err instanceof ApiError && (err.status === 0 || err.status === 429 || err.status >= 500),
  retryDelay: (count: number, err: unknown) =>
    Math.min(
      err instanceof ApiError && err.retryAfterSeconds !== undefined
        ? err.retryAfterSeconds * 1000
        : 1000 * 2 ** count,
      MAX_RETRY_DELAY_MS,
    ),
};

/** The app's one TanStack Query cache; cleared on sign-out so no data outlives the session. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: false,
      staleTime: 5 * 60_000,
      // Client errors (4xx) and reported 5xx are final; only failed calls are worth one more try.
      retry: (count, err) => count < 1 && err instanceof ApiError && err.status === 0,
    },
  },
});
