// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SourceResult } from '../../../../engine/data/useSource';
import type { NormalizedPage } from '../../../../engine/definitions/normalizedPage';
import { type PageRuntime, PageRuntimeContext } from '../../../../engine/render/pageRuntime';
import type {
  MultiselectWidget as MultiselectOptions,
  SelectWidget as SelectOptions,
  SummaryWidget as SummaryOptions,
  TextWidget as TextOptions,
} from '../../../../engine/types/dashboard';
import { MultiselectWidget } from '../../../../engine/widgets/multiselect/MultiselectWidget';
import { SelectWidget } from '../../../../engine/widgets/select/SelectWidget';
import { SummaryWidget } from '../../../../engine/widgets/summary/SummaryWidget';
import { TextWidget } from '../../../../engine/widgets/text/TextWidget';
import { mountPointPerTest } from '../../../support/mountPoint';
import { stubBrowserApis } from '../../../support/stubBrowserApis';

const mount = mountPointPerTest();
const setParams = vi.fn();
const runActions = vi.fn();

/** A page runtime holding `params`; setParams and runActions are recorded. */
function runtime(params: Record<string, unknown>): PageRuntime {
  return {
    definition: { data: {}, params: {}, panels: {}, layout: [] } as unknown as NormalizedPage,
    host: { fetchJson: async () => ({}), appliedFilter: {}, applyCount: 1 },
    params,
    setParams,
    runActions,
    tables: {},
    setTable: () => {},
  };
}

function draw(node: ReactNode, params: Record<string, unknown> = {}) {
  mount.render(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider env="test">
        <PageRuntimeContext.Provider value={runtime(params)}>{node}</PageRuntimeContext.Provider>
      </MantineProvider>
    </QueryClientProvider>,
  );
}

const rows = (...r: Record<string, unknown>[]): SourceResult => ({
  rows: r,
  isLoading: false,
  isLoaded: true,
});

beforeAll(() => stubBrowserApis());
beforeEach(() => {
  setParams.mockReset();
  runActions.mockReset();
});

describe('summary', () => {
  const widget: SummaryOptions = {
    kind: 'summary',
    data: 'box',
    title: 'Average Response Time',
    items: [
      { label: 'Missed Call', field: 'missed', pipe: { name: 'duration' } },
      { label: 'Text', field: 'text', pipe: { name: 'percent', args: [1] } },
      { label: 'Email', field: 'email' },
    ],
    empty: '—',
  };

  it('lists each label with its value through its pipe, and the empty text for a missing one', () => {
    draw(<SummaryWidget widget={widget} source={rows({ missed: 7500, text: 12.345, email: null })} />);
    const lines = [...mount.element.querySelectorAll('[data-testid="summary"] > div')].map(
      (d) => d.textContent,
    );
    expect(mount.element.textContent).toContain('Average Response Time');
    expect(lines).toEqual(['Missed Call2 hrs, 5 min', 'Text12.3%', 'Email—']);
  });

  it('reads label/value rows in the order of the labels it is given', () => {
    const byRows: SummaryOptions = {
      kind: 'summary',
      data: 'buckets',
      rows: { labelField: 'bucket', valueField: 'n', labels: ['Fast', 'Slow', 'Never'] },
    };
    draw(<SummaryWidget widget={byRows} source={rows({ bucket: 'Slow', n: 3 }, { bucket: 'Fast', n: 9 })} />);
    const lines = [...mount.element.querySelectorAll('[data-testid="summary"] > div')].map(
      (d) => d.textContent,
    );
    expect(lines).toEqual(['Fast9', 'Slow3', 'Never-']);
  });
});

describe('text', () => {
  it('fills params and first-row values (with pipes), and the placeholder when a value is missing', () => {
    const widget: TextOptions = {
      kind: 'text',
      data: 'status',
      text: 'Data as of {row.asOf|date:MM/DD/YYYY} for {param.sites}',
      placeholder: 'N/A',
    };
    draw(<TextWidget widget={widget} source={rows({ asOf: '2026-11-21T11:00:00' })} />, {
      sites: ['North', 'South'],
    });
    const shown = () => mount.element.querySelector('p')?.textContent;
    expect(shown()).toBe('Data as of 11/21/2026 for North, South');
    draw(<TextWidget widget={widget} source={rows()} />, { sites: ['North'] });
    expect(shown()).toBe('Data as of N/A for North');
  });

  it("draws a 'title' variant as a heading", () => {
    draw(<TextWidget widget={{ kind: 'text', text: 'Trend', variant: 'title' }} source={rows()} />);
    expect(mount.element.querySelector('h4')?.textContent).toBe('Trend');
  });
});

describe('select', () => {
  const widget: SelectOptions = {
    kind: 'select',
    param: 'adSourceBy',
    label: 'Ad Source By',
    options: [
      { value: 'leases', label: 'Leases' },
      { value: 'prospects', label: 'Prospects' },
      { value: 'calls', label: 'Calls' },
    ],
    on: { change: [{ reset: 'siteId' }] },
  };

  it("shows the param's option and sets the param (and runs its actions) when another is picked", () => {
    draw(<SelectWidget widget={widget} source={rows()} />, { adSourceBy: 'prospects' });
    const input = mount.element.querySelector('input') as HTMLInputElement;
    expect(input.value).toBe('Prospects');
    act(() => input.click());
    const option = [...document.querySelectorAll('[role="option"]')].find((o) => o.textContent === 'Calls');
    expect(option).toBeDefined();
    act(() => (option as HTMLElement).click());
    expect(setParams).toHaveBeenCalledWith(new Map([['adSourceBy', 'calls']]));
    expect(runActions).toHaveBeenCalledWith(widget.on?.change, { value: 'calls' });
  });
});

describe('multiselect', () => {
  const widget: MultiselectOptions = {
    kind: 'multiselect',
    param: 'commTypes',
    label: 'Comm Type',
    options: [
      { value: 'PHONE', label: 'Calls' },
      { value: 'SMS', label: 'Texts' },
      { value: 'EMAIL', label: 'Emails' },
    ],
  };
  const control = () =>
    mount.element.querySelector('[data-testid="multiselect-commTypes"]') as HTMLButtonElement;
  const option = (label: string) =>
    [...document.querySelectorAll('[role="option"]')].find((o) =>
      o.textContent?.includes(label),
    ) as HTMLElement;

  it("reads 'All', the one option's label, 'Multiple N' or 'None' from the param", () => {
    draw(<MultiselectWidget widget={widget} source={rows()} />, { commTypes: ['PHONE', 'SMS', 'EMAIL'] });
    expect(control().textContent).toBe('All');
    draw(<MultiselectWidget widget={widget} source={rows()} />, { commTypes: ['SMS'] });
    expect(control().textContent).toBe('Texts');
    draw(<MultiselectWidget widget={widget} source={rows()} />, { commTypes: ['SMS', 'EMAIL'] });
    expect(control().textContent).toBe('Multiple 2');
    draw(<MultiselectWidget widget={widget} source={rows()} />, { commTypes: [] });
    expect(control().textContent).toBe('None');
  });

  it('sets the list param when an option is checked or unchecked', () => {
    draw(<MultiselectWidget widget={widget} source={rows()} />, { commTypes: ['PHONE'] });
    act(() => control().click());
    act(() => option('Emails').click());
    expect(setParams).toHaveBeenLastCalledWith(new Map([['commTypes', ['PHONE', 'EMAIL']]]));
    act(() => option('Calls').click());
    expect(setParams).toHaveBeenLastCalledWith(new Map([['commTypes', []]]));
  });

  it('with apply: stages each toggle, then sets them all on Apply', () => {
    draw(<MultiselectWidget widget={{ ...widget, apply: true }} source={rows()} />, { commTypes: ['PHONE'] });
    act(() => control().click());
    act(() => option('Emails').click());
    act(() => option('Calls').click());
    expect(option('Emails').getAttribute('aria-selected')).toBe('true');
    expect(option('Calls').getAttribute('aria-selected')).toBe('false');
    expect(setParams).not.toHaveBeenCalled();
    const apply = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Apply');
    act(() => apply?.click());
    expect(setParams).toHaveBeenLastCalledWith(new Map([['commTypes', ['EMAIL']]]));
  });
});
