import { Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { VegaEmbedProps } from 'react-vega';

// Vega and Vega-Lite are about 300 kB gzip: load them when the first chart renders, not before.
const VegaEmbed = lazy(() => import('react-vega').then((m) => ({ default: m.VegaEmbed })));

/** react-vega's VegaEmbed, loaded on first use. */
export function LazyVegaEmbed(props: VegaEmbedProps) {
  return (
    <Suspense fallback={<Loader size="sm" />}>
      <VegaEmbed {...props} />
    </Suspense>
  );
}
