import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './ApiError';

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
