import type { Account, Site } from '../../shared/filterRules';
import { request } from './http';

/** GET /api/sites: the sites the user may see. */
export function fetchSites(signal?: AbortSignal): Promise<Site[]> {
  return request<Site[]>('/api/sites', { method: 'GET', extendedToken: 'header', signal });
}

/** GET /api/account: the accounts the user may see. */
export function fetchAccounts(signal?: AbortSignal): Promise<Account[]> {
  return request<Account[]>('/api/account', { method: 'GET', extendedToken: 'header', signal });
}
