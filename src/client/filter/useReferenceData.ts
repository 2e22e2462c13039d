import { useQuery } from '@tanstack/react-query';
import { type Account, type Site, sortSites } from '../../shared/filterRules';
import { RETRY_UNTIL_ANSWERED } from '../api/queryClient';
import { fetchAccounts, fetchSites } from '../api/referenceApi';
import { useSession } from '../session/useSession';

/** The queries of the user's sites and accounts (the hook's, and the startup prefetch's), asked until answered. */
export function referenceQueries(userId: string | number) {
  return {
    sites: {
      queryKey: ['reference', 'sites', userId],
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchSites(signal).then(sortSites),
      staleTime: Number.POSITIVE_INFINITY,
      ...RETRY_UNTIL_ANSWERED,
    },
    accounts: {
      queryKey: ['reference', 'accounts', userId],
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchAccounts(signal),
      staleTime: Number.POSITIVE_INFINITY,
      ...RETRY_UNTIL_ANSWERED,
    },
  };
}

/** The user's sites (sorted by name) and accounts; loaded once per session. */
export function useReferenceData(): {
  sites: Site[] | undefined;
  accounts: Account[] | undefined;
} {
  const { tokens } = useSession();
  const queries = referenceQueries(tokens?.userId ?? '');
  const sites = useQuery(queries.sites);
  const accounts = useQuery(queries.accounts);
  return { sites: sites.data, accounts: accounts.data };
}
