// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { SourceResult } from '../../../../engine/data/useSource';
import type { NormalizedPage } from '../../../../engine/definitions/normalizedPage';
import { type PageRuntime, PageRuntimeContext } from '../../../../engine/render/pageRuntime';
import type {
  ChartWidget as ChartOptions,
  PieWidget as PieOptions,
} from '../../../../engine/types/dashboard';
import { ChartWidget } from '../../../../engine/widgets/chart/ChartWidget';
import { PieWidget } from '../../../../engine/widgets/pie/PieWidget';
import { mountPointPerTest } from '../../../support/mountPoint';
import { stubBrowserApis } from '../../../support/stubBrowserApis';

const mount = mountPointPerTest();

const runtime: PageRuntime = {
  definition: { title: 'Page', data: {}, params: {}, panels: {}, layout: [] } as unknown as NormalizedPage,
  host: { fetchJson: async () => ({}), appliedFilter: {}, applyCount: 1 },
  params: {},
  setParams: () => {},
  runActions: () => {},
  tables: {},
  setTable: () => {},
};

const source: SourceResult = {
  rows: [
    { label: 'A', value: 3 },
    { label: 'B', value: 5 },
  ],
  isLoading: false,
  isLoaded: true,
};

const chart = (extra: Partial<ChartOptions>): ChartOptions => ({
  kind: 'chart',
  data: 'rows',
  spec: {
    data: { name: 'rows' },
    mark: 'bar',
    encoding: { x: { field: 'label', type: 'nominal' }, y: { field: 'value', type: 'quantitative' } },
  },
  ...extra,
});
const pie = (extra: Partial<PieOptions>): PieOptions => ({
  kind: 'pie',
  data: 'rows',
  labelField: 'label',
  valueField: 'value',
  ...extra,
});

/** The download buttons' accessible names inside the widget with this test id. */
const downloads = (testId: string) =>
  [...mount.element.querySelectorAll(`[data-testid="${testId}"] button`)].map((b) =>
    b.getAttribute('aria-label'),
  );

beforeAll(() => stubBrowserApis());

describe('image download', () => {
  it('charts and pies offer PNG and SVG unless the widget says "download": false', async () => {
    mount.render(
      <MantineProvider env="test">
        <PageRuntimeContext.Provider value={runtime}>
          <ChartWidget widget={chart({ id: 'shown' })} source={source} />
          <ChartWidget widget={chart({ id: 'hidden', download: false })} source={source} />
          <PieWidget widget={pie({ id: 'pie-shown', title: 'Split' })} source={source} />
          <PieWidget widget={pie({ id: 'pie-hidden', download: false })} source={source} />
        </PageRuntimeContext.Provider>
      </MantineProvider>,
    );
    // Both charts of a kind compile the same spec: once one offers downloads, both are drawn.
    await vi.waitFor(
      async () => {
        await act(async () => {});
        expect(downloads('shown')).toEqual(['Download chart as PNG', 'Download chart as SVG']);
        expect(downloads('pie-shown')).toEqual(['Download pie as PNG', 'Download pie as SVG']);
      },
      { timeout: 10_000 },
    );
    expect(mount.element.querySelector('[data-testid="hidden"]')).not.toBeNull();
    expect(downloads('hidden')).toEqual([]);
    expect(mount.element.querySelector('[data-testid="pie-hidden"]')).not.toBeNull();
    expect(downloads('pie-hidden')).toEqual([]);
  });
});
