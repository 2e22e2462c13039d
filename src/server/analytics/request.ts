import type { FastifyRequest } from 'fastify';
import type { DataRequest, SortDirection, TimeTrendGroup } from '../../shared/api/types';
import { scopedSiteIds, scopeOf } from '../auth/scope';
import { previousSpan, type Span, spanOf } from './period';
import { analyticsReader } from './reader';
import { currentDataVersion, onceForVersion } from './versionedMemo';

/**
 * One entry of a sort list: a field of the rows and a direction. Each request schema allows its
 * own columns; the table definitions and their defaults name any column, hence a plain string.
 */
export interface SortEntry {
  column: string;
  direction?: SortDirection;
}

/** Everything a query needs, already limited to the caller's scope. */
export interface DataQuery {
  /** Sites the caller may read among those requested (empty: nothing to read). */
  siteIds: number[];
  /** The current period; absent for action-required calls. */
  period?: Span;
  /** The comparison period (tiles). */
  previous?: Span;
  limit: number;
  skip: number;
  sort: SortEntry[];
  relationshipIds: number[];
  commTypes: string[];
  initialOnly: boolean;
  trendGroup: TimeTrendGroup;
  /** Whether the monthly rollups match the data (see rollups.ts); absent or false: raw tables only. */
  rollupsCurrent?: boolean;
  /** The data version read for this request (rollups.ts dataVersion); null before any seed or import. */
  dataVersion?: string | null;
  /** An endpoint's own filters read from the body (DataEndpoint.filters), part of the cache key. */
  extra?: Readonly<Record<string, unknown>>;
}

/** Default rows per page (SPEC.md section 9). */
export const DEFAULT_LIMIT = 10;

/**
 * Turns a validated body into a DataQuery: the site list is the caller's scope narrowed by the
 * body's accounts, sites and (employee tables) siteId; dates become half-open spans.
 */
export async function resolveQuery(
  request: FastifyRequest,
  opts: {
    dates: boolean;
    siteFilter?: boolean;
    filters?: (body: Readonly<Record<string, unknown>>) => Readonly<Record<string, unknown>>;
  } = { dates: true },
  /** The validated body, when it is not the request's own (an export carries it inside its own). */
  requestBody: unknown = request.body,
): Promise<DataQuery> {
  const body = (requestBody ?? {}) as DataRequest;
  let period: Span | undefined;
  let previous: Span | undefined;
  if (opts.dates && body.startDate !== undefined && body.endDate !== undefined) {
    period = spanOf('startDate', body.startDate, 'endDate', body.endDate);
    previous = previousSpan(period, body.previousStartDate, body.previousEndDate);
  }
  const store = request.server.ctx.store;
  const data = await currentDataVersion(store);
  const scope = scopeOf(request);
  const requested = { siteIds: body.siteIds, accountIds: body.accountIds };
  const scoped = await onceForVersion(
    store,
    data.version,
    JSON.stringify(['scope', scope.allAccounts, scope.accountIds, requested.siteIds, requested.accountIds]),
    async () => scopedSiteIds(await analyticsReader(store, { version: data.version }), scope, requested),
  );
  let siteIds = scoped;
  if (opts.siteFilter && body.siteId != null) {
    const only = body.siteId;
    siteIds = siteIds.filter((id) => id === only);
  }
  return {
    siteIds,
    period,
    previous,
    limit: body.limit ?? DEFAULT_LIMIT,
    skip: body.skip ?? 0,
    sort: ('sort' in body ? body.sort : undefined) ?? [],
    relationshipIds: body.relationshipIds ?? [],
    commTypes: body.commTypes ?? [],
    initialOnly: body.initialCommunication === 1,
    trendGroup: ('timeTrendGroup' in body ? body.timeTrendGroup : undefined) ?? 'week',
    rollupsCurrent: period ? data.rollupsCurrent : false,
    dataVersion: data.version,
    ...(opts.filters ? { extra: opts.filters(body as Readonly<Record<string, unknown>>) } : {}),
  };
}
