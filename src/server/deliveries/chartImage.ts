import { Resvg } from '@resvg/resvg-js';
import type { Spec } from 'vega';

/**
 * The width charts are drawn at in a message, in CSS px: narrower than its 552 px column, so that
 * on a phone (a column of about 327 px) the image shrinks less and its 11 px labels stay 9 px or
 * more; on a wide screen the image grows to fill the column.
 */
export const CHART_WIDTH = 384;

/**
 * The tallest a chart is drawn, as a share of its width: the message shows it across its column,
 * so a chart drawn narrow for a phone and as tall as the page's would stand taller than a screen.
 */
const MAX_HEIGHT_RATIO = 0.625;

/** Pixels per CSS px of the PNG: sharp on high-density screens, still small to send. */
const PIXEL_RATIO = 2;

/**
 * A chart as a PNG: its Vega spec (as the definitions compile it) with the rows in its named
 * dataset and the page params in its signals, laid out at `width` by `height` (at most
 * MAX_HEIGHT_RATIO of the width) and drawn headless to SVG by
 * Vega, then rasterized by resvg (mail clients do not show SVG reliably). Vega is loaded on first use.
 */
export async function chartPng(
  spec: Spec,
  a: {
    dataset: string;
    rows: readonly Record<string, unknown>[];
    signals?: Record<string, unknown>;
    width?: number;
    height: number;
  },
): Promise<{ png: Buffer; width: number; height: number }> {
  const vega = await import('vega');
  const width = a.width ?? CHART_WIDTH;
  const signals = a.signals ?? {};
  const drawn: Spec = {
    ...spec,
    // The box the page gives the chart: the whole width, the widget's height (no taller than
    // MAX_HEIGHT_RATIO of the width), legends inside.
    width,
    height: Math.min(a.height, Math.round(width * MAX_HEIGHT_RATIO)),
    autosize: { type: 'fit', contains: 'padding' },
    background: 'white',
    data: (spec.data ?? []).map((d) => (d.name === a.dataset ? { ...d, values: a.rows as object[] } : d)),
    signals: (spec.signals ?? [])
      .filter((s) => s.name !== 'width' && s.name !== 'height')
      .map((s) => (s.name in signals ? { ...s, value: signals[s.name] } : s)),
  } as Spec;
  const view = new vega.View(vega.parse(drawn), { renderer: 'none' });
  try {
    const svg = await view.toSVG();
    const image = new Resvg(svg, {
      fitTo: { mode: 'zoom', value: PIXEL_RATIO },
      background: 'white',
      font: {
        loadSystemFonts: true,
        defaultFontFamily: 'Liberation Sans',
        sansSerifFamily: 'Liberation Sans',
      },
    }).render();
    return {
      png: image.asPng(),
      width: Math.round(image.width / PIXEL_RATIO),
      height: Math.round(image.height / PIXEL_RATIO),
    };
  } finally {
    view.finalize();
  }
}
