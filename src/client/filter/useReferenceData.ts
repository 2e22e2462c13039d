import { useQuery } from '@tanstack/react-query';
import { type Account, type Site, sortSites } from '../../shared/filterRules';
import { fetchAccounts, fetchSites } from '../api/referenceApi';
import { useSession } from '../session/useSession';

/** The user's sites (sorted by name) and accounts; loaded once per session. */
export function useReferenceData(): {
  sites: Site[] | undefined;
  accounts: Account[] | undefined;
} {
  const { tokens } = useSession();
  const user = tokens?.userId ?? '';
  const sites = useQuery({
    queryKey: ['reference', 'sites', user],
    queryFn: ({ signal }) => fetchSites(signal).then(sortSites),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const accounts = useQuery({
    queryKey: ['reference', 'accounts', user],
    queryFn: ({ signal }) => fetchAccounts(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return { sites: sites.data, accounts: accounts.data };
}
