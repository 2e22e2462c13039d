// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { compileChartLayout } from '../../engine/definitions/compileCharts';
import { widgetFigures } from '../../engine/tools';
import type { ChartWidget, TilesWidget } from '../../engine/types/dashboard';
import { chartSignals } from '../../engine/widgets/chart/chartSpec';
import { CHART_WIDTH, chartPng } from '../../src/server/deliveries/chartImage';
import { type MessageModel, renderMessage } from '../../src/server/deliveries/message';

// A digest's email as its reader sees it: at 600 px and on a phone, whose mail app gives the
// message's column about 327 px (375 px less the message's margins).

/** The column a phone's mail app gives the message, in CSS px. */
const PHONE_COLUMN = 327;

const model = (over: Partial<MessageModel> = {}): MessageModel => ({
  preview: 'Weekly portfolio digest: Prior Week',
  heading: 'Weekly portfolio digest',
  greeting: 'Hello Morgan Manager, here is last week at your sites.',
  facts: [{ label: 'Period', value: 'Prior Week, 11/16/2026 - 11/22/2026' }],
  sections: [
    {
      title: 'Caller Behavior',
      figures: [
        { title: 'Inbound Calls', value: '1,217', comparison: 'Previous Period: 1,511' },
        {
          title: 'Missed Calls',
          value: '26.54%',
          comparison: 'Previous Period: 26.74%',
          detail: 'Missed calls: 323',
        },
        { title: 'Prospect Calls', value: '304' },
        {
          title: 'Avg. Prospect Call Time',
          value: '5.27 Minutes',
          unit: 'Minutes',
          comparison: 'Previous Period: 5.09 min',
        },
      ],
      images: [{ cid: 'chart-1-1@hawkeye', alt: 'Volume chart', width: 400, height: 330 }],
      tables: [],
      lines: [],
    },
  ],
  link: { href: 'http://localhost:8080/dashboard', label: 'Open in HawkEye' },
  footer: 'Morgan Manager, you get this digest because you subscribed to it.',
  ...over,
});

const documentOf = async (m: MessageModel) =>
  new DOMParser().parseFromString((await renderMessage(m)).html, 'text/html');

describe("a digest's email", () => {
  it('shows the two tiles of a row as tall as each other, one with more lines than the other', async () => {
    const doc = await documentOf(model());
    // A tile: the innermost cell holding its title.
    const tile = (title: string) =>
      [...doc.querySelectorAll('td')].filter((td) => td.textContent?.includes(title)).at(-1);
    const inbound = tile('Inbound Calls');
    const missed = tile('Missed Calls');
    expect(inbound?.textContent).toContain('1,217');
    expect(missed?.textContent).toContain('Missed calls: 323');
    // Cells of one table row: the row gives both the height of the taller.
    expect(inbound?.parentElement?.tagName).toBe('TR');
    expect(inbound?.parentElement).toBe(missed?.parentElement);
    // The third tile starts a row of its own, as wide as the others.
    const prospects = tile('Prospect Calls');
    expect(prospects?.parentElement).not.toBe(inbound?.parentElement);
    expect(prospects?.style.width).toBe('49%');
    // A gap between the two that no width squeezes away: a share of the row, not a fixed width
    // beside two halves (which the table gave 0 px).
    const widths = [...(inbound?.parentElement?.children ?? [])].map((td) => (td as HTMLElement).style.width);
    expect(widths).toEqual(['49%', '2%', '49%']);
  });

  it("takes a tile's unit from its definition, as the page shows it", () => {
    const tiles = {
      kind: 'tiles',
      data: 'prospectTime',
      tiles: [{ title: 'Avg. Prospect Call Time', field: 'current', format: 'minutes', label: 'Minutes' }],
    } as unknown as TilesWidget;
    const [figure] = widgetFigures(tiles, [{ current: 5.27 }]);
    expect(figure).toMatchObject({ value: '5.27 Minutes', unit: 'Minutes' });
    // No number, no unit: 'No Data' alone.
    expect(widgetFigures(tiles, [])[0].unit).toBeUndefined();
  });

  it("draws a tile's unit smaller beside its number, as the page does, and keeps it in the text part", async () => {
    const m = model();
    const doc = await documentOf(m);
    const tile = [...doc.querySelectorAll('td')]
      .filter((td) => td.textContent?.includes('Avg. Prospect'))
      .at(-1);
    const unit = [...(tile?.querySelectorAll('span') ?? [])].find((s) => s.textContent === 'Minutes');
    expect(unit?.style.fontSize).toBe('14px');
    expect(unit?.parentElement?.textContent).toBe('5.27 Minutes');
    expect((await renderMessage(m)).text).toContain('Avg. Prospect Call Time: 5.27 Minutes\n');
  });

  it("draws a chart across the column's whole width, however narrow the image was drawn", async () => {
    const doc = await documentOf(model());
    const img = doc.querySelector('img[src="cid:chart-1-1@hawkeye"]') as HTMLImageElement | null;
    expect(img?.style.width).toBe('100%');
    expect(img?.style.maxWidth).toBe('');
    // Outlook sizes images by their attributes: the column's width, the image's proportions.
    expect(img?.getAttribute('width')).toBe('552');
    expect(img?.getAttribute('height')).toBe(String(Math.round((330 * 552) / 400)));
  });
});

describe("a chart's image in a message", () => {
  it("keeps its axis labels 9 px or more on a phone's column", async () => {
    const widget = {
      kind: 'chart',
      data: 'volume',
      height: 300,
      spec: {
        mark: 'bar',
        encoding: {
          x: { field: 'kind', type: 'nominal', title: null },
          y: { field: 'count', type: 'quantitative', title: 'Communications' },
        },
      },
    } as unknown as ChartWidget;
    const spec = compileChartLayout(widget, { narrow: true, crowded: false });
    const sizes: number[] = [];
    const walk = (node: unknown) => {
      if (Array.isArray(node)) for (const n of node) walk(n);
      else if (node && typeof node === 'object')
        for (const [k, v] of Object.entries(node)) {
          if (k === 'labelFontSize' && typeof v === 'number') sizes.push(v);
          else walk(v);
        }
    };
    // The house style's axis and legend label sizes, as the compiled spec's config holds them.
    walk(spec.config);
    expect(sizes.length).toBeGreaterThan(0);
    const image = await chartPng(spec, {
      dataset: 'rows',
      rows: [
        { kind: 'Calls', count: 1217 },
        { kind: 'Emails', count: 340 },
      ],
      signals: chartSignals({}, CHART_WIDTH),
      height: 300,
    });
    expect(image.png.subarray(1, 4).toString()).toBe('PNG');
    // Shown across a 552 px column, a chart drawn for the page's 300 px would stand 430 px tall.
    expect(image.height).toBeLessThanOrEqual(Math.ceil(image.width * 0.625));
    // The message shows the image at the column's width: on a phone, shrunk by this much.
    const shrink = Math.min(1, PHONE_COLUMN / image.width);
    expect(Math.min(...sizes) * shrink).toBeGreaterThanOrEqual(9);
  });
});
