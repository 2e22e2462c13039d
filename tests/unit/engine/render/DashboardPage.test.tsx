// @vitest-environment jsdom
import { act, type ReactNode } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { checkDefinitionText } from '../../../../engine/definitions/index';
import type { HostServices } from '../../../../engine/index';
import { DashboardPage, preloadWidgets } from '../../../../engine/index';
import { mountPointPerTest } from '../../../support/mountPoint';
import { renderWithProviders } from '../../../support/renderWithProviders';
import { stubBrowserApis } from '../../../support/stubBrowserApis';

beforeAll(async () => {
  // The failing panel is expected: keep React's error report out of the test output.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  stubBrowserApis();
  // The widgets' code, which a browser loads beside the first rows, is here before the first page.
  await preloadWidgets();
});

const definitionText = JSON.stringify({
  schemaVersion: 1,
  id: 'demo',
  route: '/demo',
  title: 'Demo',
  params: {
    view: { default: 'group', resetOnApply: true },
    groupId: { default: null, resetOnApply: true },
    groupName: { default: null },
  },
  data: {
    rows: {
      endpoint: '/rows',
      body: {
        limit: { $table: 'limit' },
        skip: { $table: 'offset' },
        sort: { $table: 'sorts' },
        ids: { $filter: 'ids' },
      },
      rows: '/values',
      total: '/totalRows',
    },
    totals: { endpoint: '/totals' },
    tiles: { endpoint: '/tiles' },
    failing: { endpoint: '/fails' },
  },
  layout: [['top'], ['main', 'broken']],
  panels: {
    top: {
      title: 'Top',
      blocks: [
        {
          widgets: [
            {
              kind: 'tiles',
              data: 'tiles',
              tiles: [
                {
                  title: 'Calls',
                  field: 'now',
                  previousField: 'before',
                  better: 'lower',
                  previousLabel: 'Prev',
                },
                { title: 'Empty', field: 'missing' },
              ],
            },
          ],
        },
      ],
    },
    main: {
      title: 'By {param.view}',
      blocks: [
        {
          widgets: [
            {
              kind: 'pills',
              param: 'view',
              options: [
                { label: 'Group', value: 'group' },
                { label: 'Item', value: 'item' },
              ],
            },
            { kind: 'chip', param: 'groupId', text: '{param.groupName}' },
          ],
        },
        {
          widgets: [
            {
              kind: 'table',
              data: 'rows',
              rowNumbers: {},
              defaultSort: { field: 'count', direction: 'desc' },
              totals: { data: 'totals' },
              columns: [
                {
                  header: 'Name',
                  field: 'name',
                  inactiveField: 'active',
                  link: [
                    { set: 'groupId', from: 'row.id' },
                    { set: 'groupName', from: 'row.name' },
                    { set: 'view', value: 'item' },
                  ],
                },
                { header: 'Count', field: 'count', align: 'right', total: {} },
                { header: 'Share', field: 'share', pipe: { name: 'percent', args: [1] }, total: {} },
              ],
            },
          ],
          when: { param: 'view', equals: 'group' },
        },
      ],
    },
    broken: { title: 'Broken', blocks: [{ widgets: [{ kind: 'text', data: 'failing', text: '{row.x}' }] }] },
  },
});

const loaded = checkDefinitionText('demo.json', definitionText);
if (!loaded.definition) throw new Error(JSON.stringify(loaded.errors));
const definition = loaded.definition;

const mount = mountPointPerTest();

/** Draws `node` afresh: a new root and a new query cache. */
function render(node: ReactNode) {
  renderWithProviders(mount, node);
}

async function settle() {
  for (let i = 0; i < 5; i++) await act(async () => new Promise((r) => setTimeout(r, 10)));
}

function fakeHost(applyCount = 1) {
  const calls: { endpoint: string; body: unknown }[] = [];
  const fetchJson = vi.fn(async (endpoint: string, body: unknown) => {
    calls.push({ endpoint, body });
    if (endpoint === '/rows')
      return {
        values: [
          { id: 1, name: 'North', active: true, count: 10, share: 62.51 },
          { id: 2, name: 'South', active: false, count: 6, share: 37.49 },
        ],
        totalRows: 23,
      };
    if (endpoint === '/totals') return { count: 16, share: 0 };
    if (endpoint === '/tiles') return [{ now: 1_500_000, before: 900 }];
    throw new Error('the server said no');
  });
  const storage = { getItem: () => null, setItem: () => {}, removeItem: () => {} };
  const host: HostServices = { fetchJson, appliedFilter: { ids: [5] }, applyCount, storage };
  return { host, calls };
}

const text = (sel: string) => [...mount.element.querySelectorAll(sel)].map((e) => e.textContent);

describe('DashboardPage', () => {
  it('fetches nothing before the first apply', async () => {
    const { host, calls } = fakeHost(0);
    render(<DashboardPage definition={definition} host={host} />);
    await settle();
    expect(calls).toEqual([]);
  });

  it('renders tiles, a server-side table with totals, and an error card for a failing panel', async () => {
    const { host, calls } = fakeHost();
    render(<DashboardPage definition={definition} host={host} />);
    await settle();
    expect(text('[data-testid="tile-main"]')).toEqual(['1.5 Million', 'No Data']);
    expect(text('[data-testid="tile-previous"]')).toEqual(['Prev 900']);
    expect(mount.element.querySelector('[data-testid="tile-indicator"]')?.getAttribute('data-tone')).toBe(
      'negative',
    );
    const rows = [...mount.element.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => td.textContent),
    );
    expect(rows).toEqual([
      ['1', 'North', '10', '62.5%'],
      ['2', 'South (Inactive)', '6', '37.5%'],
    ]);
    expect(text('[data-testid="totals-row"] td')).toEqual(['Total', '', '16', '\u2014']);
    expect(mount.element.textContent).toContain('Show 2 of 23 Entries');
    expect(calls.find((c) => c.endpoint === '/rows')?.body).toEqual({
      limit: 10,
      skip: 0,
      sort: [{ column: 'count', direction: 'desc' }],
      ids: [5],
    });
    // An error the host does not describe gets the engine's own words, never the raw message.
    const card = mount.element.querySelector('[data-testid="panel-broken"] [data-testid="panel-error"]');
    expect(card?.textContent).toContain("'Broken' could not be shown");
    expect(card?.textContent).toContain('Something went wrong while drawing this panel.');
    expect(card?.textContent).not.toContain('the server said no');
  });

  it("an error card says what the host's describeError says", async () => {
    const { host } = fakeHost();
    render(
      <DashboardPage
        definition={definition}
        host={{ ...host, describeError: (e) => `Sorry: ${e.message}` }}
      />,
    );
    await settle();
    expect(
      mount.element.querySelector('[data-testid="panel-broken"] [data-testid="panel-error-text"]')
        ?.textContent,
    ).toBe('Sorry: the server said no');
  });

  it("an empty table says 'No Data' instead of headers, 'Show 0 of 0 Entries' and a lone page 1", async () => {
    const { host } = fakeHost();
    const empty: HostServices = {
      ...host,
      fetchJson: async (endpoint, body, method) =>
        endpoint === '/rows' ? { values: [], totalRows: 0 } : host.fetchJson(endpoint, body, method),
    };
    render(<DashboardPage definition={definition} host={empty} />);
    await settle();
    const main = mount.element.querySelector('[data-testid="panel-main"]')!;
    expect(main.querySelector('[data-testid="table-no-data"]')?.textContent).toBe('No Data');
    expect(main.querySelector('table')).toBeNull();
    expect(main.querySelector('[data-testid="paginator"]')).toBeNull();
  });

  it('sorts on header click and pages through the server', async () => {
    const { host, calls } = fakeHost();
    render(<DashboardPage definition={definition} host={host} />);
    await settle();
    const header = [...mount.element.querySelectorAll('th button')].find((b) =>
      b.textContent?.startsWith('Name'),
    ) as HTMLButtonElement;
    await act(async () => header.click());
    await settle();
    expect(calls.at(-1)?.body).toMatchObject({ sort: [{ column: 'name', direction: 'asc' }] });
    const next = [...mount.element.querySelectorAll('button')].find((b) => b.textContent === '2')!;
    await act(async () => next.click());
    await settle();
    expect(calls.at(-1)?.body).toMatchObject({ skip: 10, limit: 10 });
  });

  it('a link cell runs its actions: the pill switches and a removable chip appears', async () => {
    const { host } = fakeHost();
    render(<DashboardPage definition={definition} host={host} />);
    await settle();
    const link = [...mount.element.querySelectorAll<HTMLButtonElement>('td button')].find(
      (b) => b.textContent === 'North',
    )!;
    await act(async () => link.click());
    await settle();
    expect(mount.element.textContent).toContain('By item');
    expect(mount.element.querySelector('[data-testid="chip-groupId"]')?.textContent).toContain('North');
    expect(mount.element.querySelector('tbody')).toBeNull();
    const remove = mount.element.querySelector('[data-testid="chip-groupId"] button') as HTMLButtonElement;
    await act(async () => remove.click());
    expect(mount.element.querySelector('[data-testid="chip-groupId"]')).toBeNull();
    const groupPill = [...mount.element.querySelectorAll('button')].find((b) => b.textContent === 'Group')!;
    await act(async () => groupPill.click());
    await settle();
    expect(mount.element.querySelector('tbody')).not.toBeNull();
  });
});
