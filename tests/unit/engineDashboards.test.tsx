// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { definitionFiles, loadDefinitions, loadEndpointIndex } from '../../engine/definitions/index';
import {
  DashboardPage,
  type HostServices,
  menuEntries,
  type NormalizedPage,
  preloadWidgets,
} from '../../engine/index';
import type { EndpointIndex } from '../../engine/types/endpointIndex';
import { mountPointPerTest } from '../support/mountPoint';
import { renderWithProviders } from '../support/renderWithProviders';
import { stubBrowserApis } from '../support/stubBrowserApis';

// Every page in dashboards/ rendered against answers shaped like its endpoints' response schemas.
vi.setConfig({ testTimeout: 60_000 });

const root = resolve(import.meta.dirname, '..', '..');
const indexPath = join(root, 'schemas', 'api', 'endpoints.json');
const index = JSON.parse(readFileSync(indexPath, 'utf8')) as EndpointIndex;
const { loaded } = loadDefinitions(definitionFiles(join(root, 'dashboards')), {
  endpoints: loadEndpointIndex(indexPath),
  cwd: root,
});
const pages = new Map(loaded.map((l) => [l.definition?.id ?? l.file, l.definition]));

type Schema = { [key: string]: unknown };
const files = new Map<string, Schema>();
function resolveRef(ref: string, file: string): { schema: Schema; file: string } {
  const [refFile, pointer = ''] = ref.split('#');
  const target = refFile ? resolve(dirname(file), refFile) : file;
  if (!files.has(target)) files.set(target, JSON.parse(readFileSync(target, 'utf8')) as Schema);
  let node: unknown = files.get(target);
  for (const t of pointer.split('/').filter(Boolean)) node = (node as Schema)[t];
  return { schema: node as Schema, file: target };
}

/** A sample instance of a schema: every property, two items per list, enum values by item. */
function sample(schema: Schema, file: string, key = 'x', item = 0): unknown {
  if (typeof schema.$ref === 'string') {
    const r = resolveRef(schema.$ref, file);
    return sample(r.schema, r.file, key, item);
  }
  const branch = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
  if (branch) return sample(branch[0], file, key, item);
  if (Array.isArray(schema.enum)) return schema.enum[item % schema.enum.length];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object' || schema.properties) {
    const props = (schema.properties ?? {}) as Record<string, Schema>;
    return Object.fromEntries(Object.entries(props).map(([k, s]) => [k, sample(s, file, k, item)]));
  }
  if (type === 'array') {
    const items = (schema.items ?? {}) as Schema;
    return [0, 1].map((i) => {
      const v = sample(items, file, key, i);
      return typeof v === 'string' ? `${v} ${i + 1}` : v;
    });
  }
  if (type === 'integer' || type === 'number') return 12;
  if (type === 'boolean') return true;
  // Dates, and chart categories that are dates on trend charts and labels elsewhere.
  if (key.toLowerCase().includes('date') || key === 'category') return '2024-03-04T10:20:00';
  return `${key}`;
}

/** An answer for one request: from the variant's fields for coded endpoints, else the response schema. */
function answer(endpoint: string, body: Record<string, unknown>): unknown {
  const entry = index.endpoints.find((e) => e.path === endpoint);
  if (!entry) throw new Error(`no index entry for ${endpoint}`);
  if (entry.variants) {
    const fields = entry.variants[String(body.requestedData)] ?? [];
    // The current period above the comparison, so every indicator points up.
    const numbers: Record<string, number> = { count: 10, current: 20, previous: 10, industry: 10 };
    const row = (i: number) => fields.map((f) => (f in numbers ? numbers[f] + i : `${f} ${i}`));
    return { headers: fields, values: [row(1), row(2)], groupBy: null };
  }
  return sample({ $ref: entry.response! }, indexPath);
}

beforeAll(async () => {
  stubBrowserApis();
  // The widgets' code, which a browser loads beside the first rows, is here before the first page.
  await preloadWidgets();
});

let warnings: ReturnType<typeof vi.spyOn>[] = [];
beforeEach(() => {
  warnings = [vi.spyOn(console, 'warn'), vi.spyOn(console, 'error')];
});

afterEach(() => {
  const said = warnings.flatMap((w) => w.mock.calls);
  for (const w of warnings) w.mockRestore();
  expect(said).toEqual([]);
}); // Registered after the warnings check, so it runs first: the page is unmounted before the check.
const mount = mountPointPerTest();

async function renderPage(definition: NormalizedPage) {
  const calls: { endpoint: string; body: Record<string, unknown> }[] = [];
  const fetchJson = vi.fn(async (endpoint: string, body: unknown) => {
    calls.push({ endpoint, body: body as Record<string, unknown> });
    return answer(endpoint, (body ?? {}) as Record<string, unknown>);
  });
  const host: HostServices = {
    fetchJson,
    appliedFilter: {
      siteIds: [],
      accountIds: [1],
      startDate: '2024-03-01',
      endDate: '2024-03-30',
      previousStartDate: '2024-01-31',
      previousEndDate: '2024-02-29',
    },
    applyCount: 1,
    storage: { getItem: () => null, setItem: () => {}, removeItem: () => {} },
  };
  renderWithProviders(mount, <DashboardPage definition={definition} host={host} />);
  for (let i = 0; i < 8; i++) await act(async () => new Promise((r) => setTimeout(r, 10)));
  return calls;
}

const texts = (sel: string) => [...mount.element.querySelectorAll(sel)].map((e) => e.textContent ?? '');
const headers = () => texts('th').map((t) => t.replace(/\s[\u25B2\u25BC]$/, ''));
const click = async (el: Element | undefined) => {
  await act(async () => (el as HTMLElement).click());
  for (let i = 0; i < 4; i++) await act(async () => new Promise((r) => setTimeout(r, 10)));
};
const button = (label: string, within: ParentNode = mount.element) =>
  [...within.querySelectorAll('button')].find((b) => b.textContent === label);
const tileTitles = () =>
  [...mount.element.querySelectorAll('[data-testid="tile"]')].map((t) => t.querySelector('p')?.textContent);
const panel = (name: string) => mount.element.querySelector(`[data-testid="panel-${name}"]`)!;

describe('dashboards/ render', () => {
  it('every definition loads without errors or warnings', () => {
    expect(loaded.length).toBeGreaterThan(0);
    for (const l of loaded) {
      expect(l.errors, l.file).toEqual([]);
      expect(l.definition, l.file).toBeDefined();
    }
  });

  it.each([...pages.keys()])('%s renders every panel without an error card', async (id) => {
    const definition = pages.get(id)!;
    const calls = await renderPage(definition);
    expect(calls.length).toBeGreaterThan(0);
    expect(mount.element.querySelector('[data-testid="panel-error"]')).toBeNull();
    for (const name of Object.keys(definition.panels))
      expect(mount.element.querySelector(`[data-testid="panel-${name}"]`), name).not.toBeNull();
  });
});

describe('Caller Behavior', () => {
  it('tiles with previous-period values and indicator rules, LeadScore pies, Missed Calls By Site', async () => {
    const calls = await renderPage(pages.get('caller-behavior')!);
    expect(tileTitles()).toEqual([
      'Inbound Calls',
      'Missed Calls',
      'Prospect Calls',
      'Avg. Prospect Call Time',
    ]);
    expect(texts('[data-testid="tile-previous"]')).toEqual([
      'Previous Period: 11',
      'Previous Period: 11%',
      'Previous Period: 11',
      'Previous Period: 11 min',
    ]);
    // Current above previous: inbound up/positive, missed up/negative, prospects up/positive.
    const tones = [...mount.element.querySelectorAll('[data-testid="tile-indicator"]')].map((e) =>
      e.getAttribute('data-tone'),
    );
    expect(tones).toEqual(['positive', 'negative', 'positive', 'positive']);
    expect(mount.element.querySelectorAll('[aria-label="Inbound Calls"]').length).toBe(1);
    expect(panel('leadScore').textContent).toContain('LeadScore Details');
    expect(panel('leadScore').textContent).toContain('Caller Type and Call Result');
    expect(panel('missedBySite').textContent).toContain('Missed Calls By Site');
    expect(headers()).toEqual(['#', 'Site', 'Calls', 'Missed Calls', '% Missed']);
    expect(texts('[data-testid="totals-row"] td')[0]).toBe('Total');
    const table = calls.find((c) => c.endpoint === '/api/data/caller_behavior/missed_calls/by_site')!;
    expect(table.body).toMatchObject({
      limit: 10,
      skip: 0,
      sort: [{ column: 'missedCallPercent', direction: 'desc' }],
      startDate: '2024-03-01',
    });
    expect(
      calls
        .filter((c) => c.endpoint === '/api/data')
        .map((c) => c.body.requestedData)
        .sort(),
    ).toEqual([100, 101, 102, 103, 104, 105]);
  });
});

describe('Volume', () => {
  it('by-type chart, site tables, and a site link that narrows the employee table behind a chip', async () => {
    const calls = await renderPage(pages.get('volume')!);
    for (const title of ['Communication Volume by Type', 'Communication Volume by', 'No Response Volume by'])
      expect(mount.element.textContent).toContain(title);
    const heads = () =>
      [...panel('volume').querySelectorAll('th')].map((t) => t.textContent?.replace(/\s[\u25B2\u25BC]$/, ''));
    expect(heads()).toEqual(['#', 'Site', 'Total Comms', 'Inbound', 'Outbound']);
    expect(
      [...panel('noResponse').querySelectorAll('th')].map((t) =>
        t.textContent?.replace(/\s[\u25B2\u25BC]$/, ''),
      ),
    ).toEqual(['#', 'Site', 'Inbound', 'No Response Required']);
    const bySite = calls.find((c) => c.endpoint === '/api/data/communication/volume/by_site')!;
    expect(bySite.body).toMatchObject({
      relationshipIds: [1, 2, 3, 4, 5, 6, 7],
      commTypes: ['SMS', 'PHONE', 'EMAIL', 'WALKIN'],
      sort: [{ column: 'site', direction: 'asc' }],
    });
    // Page 2, then a site link: the employee table starts again from the first page, for that site.
    await click(button('2', panel('volume')));
    expect(calls.at(-1)?.body).toMatchObject({ skip: 10 });
    await click([...panel('volume').querySelectorAll('td button')][0]);
    expect(heads()).toEqual(['#', 'Employee', 'Site', 'Site Outbound', 'Outbound']);
    const chip = panel('volume').querySelector('[data-testid="chip-volSiteId"]');
    expect(chip?.textContent).toContain('site');
    const byEmployee = calls
      .filter((c) => c.endpoint === '/api/data/communication/volume/by_employee')
      .at(-1)!;
    expect(byEmployee.body).toMatchObject({
      siteId: 12,
      skip: 0,
      sort: [{ column: 'employee', direction: 'asc' }],
    });
    await click(chip?.querySelector('button') ?? undefined);
    expect(panel('volume').querySelector('[data-testid="chip-volSiteId"]')).toBeNull();
    expect(calls.at(-1)?.body.siteId).toBeUndefined();
    await click(button('Site', panel('volume')));
    expect(heads()).toEqual(['#', 'Site', 'Total Comms', 'Inbound', 'Outbound']);
  });
});

/** What SPEC.md section 2 lists for each page in its first view. */
const expected: Record<string, { titles: string[]; headers?: string[]; tiles?: string[] }> = {
  home: {
    titles: [
      'Ad Source Effectiveness',
      'Caller Behavior',
      'Employee Call Performance',
      'Action Required',
      'Response Time',
      'Volume',
    ],
    tiles: ['Inbound Calls', 'Prospect Calls', 'Average TPA Score', 'Appointments (TPA)'],
  },
  'ad-source-effectiveness': {
    titles: ['Ad Source by', 'Ad Source Effectiveness'],
    headers: ['#', 'Ad Source', 'Calls', 'Prospects', 'Prospect %', 'Lease Count'],
  },
  'employee-call-performance': {
    titles: ['Call Performance by'],
    headers: [
      '#',
      'Site',
      'Scored Calls',
      'Qualified Calls',
      'Appointments',
      'Appointment Conversion',
      'Avg. TPA Score',
    ],
    tiles: ['Appointments (TPA)', 'Appointment Conversion', 'Average TPA Score'],
  },
  'action-required': {
    titles: ['Action Required By Relationship', 'Action Required by'],
    headers: ['#', 'Site', 'Action Required', 'New', 'Older Than 24hrs', 'Older Than 48hrs'],
  },
  'response-time': {
    titles: [
      'Average Communication Response Time Trend',
      'Communication Response Time by',
      'Communication Response Time by Type',
    ],
    headers: [
      '#',
      'Site',
      '0 - 5min',
      '5min - 30min',
      '30min - 1hr',
      '1hr - 12hrs',
      '12hrs - 24hrs',
      'Older Than 24hrs',
      'Not Responded To',
      'Response Time',
      'Percent',
      'Count',
    ],
  },
  'ils-call-performance': {
    titles: [
      'Calls by Listing Source',
      'Missed Calls by Listing Source',
      'Prospect Calls by Listing Source',
      'Leases by Listing Source',
    ],
  },
};

describe('pages show what SPEC.md lists', () => {
  it.each(Object.keys(expected))('%s', async (id) => {
    const want = expected[id];
    await renderPage(pages.get(id)!);
    for (const title of want.titles) expect(mount.element.textContent).toContain(title);
    if (want.headers) expect(headers()).toEqual(want.headers);
    if (want.tiles) expect(tileTitles()).toEqual(want.tiles);
  });

  it('home: rings compare with the previous period, and action required says when its data is from', async () => {
    await renderPage(pages.get('home')!);
    expect(texts('[data-testid="ring-previous"]')).toEqual(['Previous Period: 11%']);
    expect(texts('[data-testid="detail"]')).toEqual(['Industry Avg 22%', 'Qualified Calls 22']);
    expect(mount.element.textContent).toContain('Action Required Data as of 3/4/2024 10:20 AM');
    const links = [...mount.element.querySelectorAll<HTMLAnchorElement>('[data-testid^="panel-"] a')]
      .filter((a) => a.textContent === 'View Details')
      .map((a) => a.getAttribute('href'));
    expect(links).toHaveLength(6);
    expect(links).toContain('/dashboard/response-time');
  });

  it('action required: the title says when the data is from; the period control is hidden', async () => {
    await renderPage(pages.get('action-required')!);
    expect(mount.element.querySelector('h1')?.textContent).toBe('Action Required as of 3/4/2024 10:20 AM');
    expect(pages.get('action-required')!.filterBar.isPeriodVisible).toBe(false);
  });

  it('the side menu: Dashboard first, then the pages, the Communication Performance section, then the log', () => {
    const entries = menuEntries([...pages.values()].filter((p): p is NormalizedPage => !!p));
    expect(
      entries.map((e) =>
        e.type === 'item' ? e.label : `${e.label}: ${e.items.map((i) => i.label).join(', ')}`,
      ),
    ).toEqual([
      'Dashboard',
      'Ad Source Effectiveness',
      'Caller Behavior',
      'Employee Call Performance',
      'ILS Call Performance',
      'Communication Performance: Action Required, Response Time, Volume',
      'Communications Log',
    ]);
  });
});
