import type { Spec } from 'vega';
import { compile } from 'vega-lite';
import type { ChartWidget } from '../types/dashboard';
import {
  type ChartLayout,
  type CompiledChart,
  chartLayouts,
  layoutName,
  widgetChartSpec,
} from '../widgets/chart/chartSpec';
import { compileLogger } from '../widgets/chart/compileLogger';
import type { NormalizedPage } from './normalizedPage';

/** Vega specs compiled before, by their Vega-Lite spec's JSON: a reload compiles only what changed. */
export type ChartCompileCache = Pick<Map<string, Spec>, 'get' | 'set'>;

/** A chart widget's spec compiled to Vega for one layout (Vega-Lite's compiler, as published). */
export function compileChartLayout(
  widget: ChartWidget,
  layout: ChartLayout,
  cache?: ChartCompileCache,
): Spec {
  const vegaLite = widgetChartSpec(widget, layout);
  const key = JSON.stringify(vegaLite);
  let spec = cache?.get(key);
  if (!spec) {
    spec = compile(vegaLite as Parameters<typeof compile>[0], { logger: compileLogger }).spec;
    cache?.set(key, spec);
  }
  return spec;
}

/** A chart widget's spec compiled to Vega for every layout it may be drawn in (`chartLayouts`). */
export function compileChart(widget: ChartWidget, cache?: ChartCompileCache): CompiledChart {
  const author =
    widget.spec && typeof widget.spec === 'object' ? (widget.spec as Record<string, unknown>) : {};
  return Object.fromEntries(
    chartLayouts(author).map((layout) => [layoutName(layout), compileChartLayout(widget, layout, cache)]),
  );
}

/**
 * The page with each chart widget's spec compiled to Vega, as `vega` beside its `spec`: the
 * definitions' specs are static (library names already resolved), so they are compiled once where
 * the definitions are loaded and the browser draws them without Vega-Lite's compiler. A chart
 * that does not compile is left without (`onError` is told), and is compiled where it is drawn,
 * which shows the error in its panel.
 */
export function withCompiledCharts(
  page: NormalizedPage,
  cache?: ChartCompileCache,
  onError?: (pointer: string, error: unknown) => void,
): NormalizedPage {
  const walk = (node: unknown, pointer: string): unknown => {
    if (Array.isArray(node)) return node.map((item, i) => walk(item, `${pointer}/${i}`));
    if (!node || typeof node !== 'object') return node;
    const obj = node as Record<string, unknown>;
    if (obj.kind === 'chart' && obj.spec && typeof obj.spec === 'object') {
      try {
        return { ...obj, vega: compileChart(obj as unknown as ChartWidget, cache) };
      } catch (error) {
        onError?.(pointer, error);
        return obj;
      }
    }
    return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, walk(v, `${pointer}/${k}`)]));
  };
  return { ...page, panels: walk(page.panels, '/panels') as NormalizedPage['panels'] };
}
