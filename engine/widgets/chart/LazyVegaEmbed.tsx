import { Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { VegaEmbedProps } from 'react-vega';

// Vega is about 190 kB gzip: load it when the first chart renders, not before. Charts arrive as Vega
// specs compiled from Vega-Lite (vegaSpec.ts); the client build leaves the Vega-Lite compiler out of
// vega-embed (vite.config.ts), so it loads only when a spec needs compiling.
const VegaEmbed = lazy(() => import('react-vega').then((m) => ({ default: m.VegaEmbed })));

/** How every chart is embedded: a compiled Vega spec drawn as SVG, without the actions menu. */
export const VEGA_OPTIONS = { mode: 'vega', actions: false, renderer: 'svg' } as const;

/** react-vega's VegaEmbed, loaded on first use. */
export function LazyVegaEmbed(props: VegaEmbedProps) {
  return (
    <Suspense fallback={<Loader size="sm" />}>
      <VegaEmbed {...props} />
    </Suspense>
  );
}
