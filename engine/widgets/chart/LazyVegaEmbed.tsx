import { Loader } from '@mantine/core';
import type { VegaEmbedProps } from 'react-vega';
import { importOnce, useImported } from '../importOnce';

// Vega is about 190 kB gzip: load it when the first chart mounts (preloadVegaEmbed), not before.
// Charts arrive as Vega specs (compiled from Vega-Lite on the server, or in the editor's preview,
// vegaSpec.ts); the client build leaves the Vega-Lite compiler out of vega-embed (vite.config.ts).
const NO_OPTIONS = {};

// Vega evaluates its expressions with vega-interpreter instead of generated code (`new Function`),
// so charts draw under a Content-Security-Policy without 'unsafe-eval'.
const embed = importOnce(async () => {
  const [{ VegaEmbed: Embed }, { expressionInterpreter }] = await Promise.all([
    import('react-vega'),
    import('vega-interpreter'),
  ]);
  // One options object per caller's options: react-vega embeds again when the object changes.
  const withInterpreter = new WeakMap<object, NonNullable<VegaEmbedProps['options']>>();
  return function InterpretedVegaEmbed(props: VegaEmbedProps) {
    const base = props.options ?? NO_OPTIONS;
    let options = withInterpreter.get(base);
    if (!options) {
      options = { ...base, ast: true, expr: expressionInterpreter };
      withInterpreter.set(base, options);
    }
    return <Embed {...props} options={options} />;
  };
});

/**
 * Starts loading Vega now (a chart has mounted and waits for its rows), so it arrives and is parsed
 * while the rows are on their way instead of after them. A failure shows when the chart draws.
 */
export function preloadVegaEmbed(): void {
  embed.load().catch(() => undefined);
}

/** How every chart is embedded: a compiled Vega spec drawn as SVG, without the actions menu. */
export const VEGA_OPTIONS = { mode: 'vega', actions: false, renderer: 'svg' } as const;

/** react-vega's VegaEmbed, loaded on first use; a small spinner holds its place meanwhile. */
export function LazyVegaEmbed(props: VegaEmbedProps) {
  const Embed = useImported(embed);
  if (!Embed)
    return (
      <div style={props.style}>
        <Loader size="sm" />
      </div>
    );
  return <Embed {...props} />;
}
