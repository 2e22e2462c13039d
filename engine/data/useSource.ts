import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { evaluateCondition } from '../params/evaluateCondition';
import { usePageRuntime } from '../render/pageRuntime';
import { buildRequestBody } from './buildRequestBody';
import type { Row } from './hostServices';
import { extractRows, extractTotal } from './extractRows';

/** The rows of a data source and how loading went. */
export interface SourceResult {
  rows: Row[];
  total?: number;
  isLoading: boolean;
  /** True once an answer arrived (even an empty one). */
  isLoaded: boolean;
}

const none: SourceResult = { rows: [], isLoading: false, isLoaded: false };

/** The query key of a request: one cache entry per endpoint and body. */
export const requestKey = (endpoint: string, body: unknown) => ['dashboard-data', endpoint, body] as const;

/**
 * Fetches a data source through TanStack Query. Nothing is fetched before the global filter's
 * first apply, or while the source's `when` fails. Errors are thrown to the panel's error
 * boundary, whose retry resets the query.
 */
export function useSource(name: string | undefined): SourceResult {
  const { definition, host, params, tables } = usePageRuntime();
  const source = name ? definition.data[name] : undefined;
  const body = source && name ? buildRequestBody(name, source, { filter: host.appliedFilter, params, tables }) : undefined;
  const enabled = !!source && host.applyCount > 0 && evaluateCondition(source.when, params);
  const query = useQuery({
    queryKey: requestKey(source?.endpoint ?? '', body ?? null),
    queryFn: () => host.fetchJson(source!.endpoint, body, source!.method),
    enabled,
    throwOnError: true,
    placeholderData: (previous) => previous,
  });
  const data = query.data;
  // The same rows for the same answer, so a page's re-render (a URL change) draws no chart again.
  const rows = useMemo(
    () => (data === undefined || !source ? [] : extractRows(data, source.rows)),
    [data, source],
  );
  if (!source) return none;
  return {
    rows,
    total: data === undefined ? undefined : extractTotal(data, source.total),
    isLoading: enabled && query.isFetching,
    isLoaded: data !== undefined,
  };
}
