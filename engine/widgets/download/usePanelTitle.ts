import { usePageRuntime } from '../../render/pageRuntime';
import type { Widget } from '../../types/dashboard';

/** The title of the panel that holds the widget, if it has one. */
export function usePanelTitle(widget: Widget): string | undefined {
  const { definition } = usePageRuntime();
  return (
    Object.values(definition.panels).find((p) => p.blocks.some((b) => b.widgets.includes(widget)))?.title ||
    undefined
  );
}
