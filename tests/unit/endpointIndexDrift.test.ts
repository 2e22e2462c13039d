import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { endpointKey, loadEndpointIndex } from '../../engine/definitions/endpointIndex';
import type { AppliedFilter } from '../../src/client/filter/appliedFilter';
import { DATA_ENDPOINTS } from '../../src/server/analytics/routes/endpoints';
import { hostFilter } from '../../src/shared/hostFilter';

/**
 * The endpoint index is what dashboards:check enforces; these tests keep it in step with the app:
 * the global filter keys the client passes, and the columns each table endpoint sorts by.
 */
const index = loadEndpointIndex(resolve('schemas', 'api', 'endpoints.json'));

describe('the endpoint index matches the app', () => {
  it('declares exactly the global filter keys the client passes to the engine', () => {
    const period = { start: '2026-11-01', end: '2026-11-07' };
    const filter = {
      siteIds: [1],
      accountIds: [1],
      dateRange: { currentPeriod: period, previousPeriod: period, label: 'Last 7 Days' },
    } as unknown as AppliedFilter;
    expect([...(index?.filterKeys ?? [])].sort()).toEqual(Object.keys(hostFilter(filter)).sort());
  });

  it("lists every table endpoint's sort allow-list as its sortable columns, and every data endpoint", () => {
    for (const endpoint of DATA_ENDPOINTS) {
      const known = index?.get(endpointKey('POST', endpoint.path));
      expect(known, endpoint.path).toBeDefined();
      if (endpoint.table && !endpoint.path.endsWith('/totals'))
        expect([...(known?.sortable ?? [])].sort(), endpoint.path).toEqual(
          Object.keys(endpoint.table.columns).sort(),
        );
    }
  });
});
