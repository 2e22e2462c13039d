import { Alert } from '@mantine/core';
import { useSource } from '../data/useSource';
import { messages } from '../definitions/messages';
import { evaluateCondition } from '../params/evaluateCondition';
import type { Widget } from '../types/dashboard';
import { useWidgetComponent } from '../widgets/registry';
import { usePageRuntime } from './pageRuntime';

function Bound({ widget }: { widget: Widget }) {
  const source = useSource('data' in widget ? widget.data : undefined);
  const Kind = useWidgetComponent(widget.kind);
  if (!Kind) return <Alert color="red">{messages.kindNotInstalled(widget.kind)}</Alert>;
  // The state is for tools outside the page (end-to-end tests, bench:pages): 'idle' before a
  // source may fetch, 'loading' while it fetches or while the widget's code is on its way, 'ready'
  // once its rows (or no source) are there and its code has loaded.
  const bound = 'data' in widget && Boolean(widget.data);
  const state = !bound ? 'ready' : source.isLoading ? 'loading' : source.isLoaded ? 'ready' : 'idle';
  // The widget's code may still be loading (registry.tsx): this component commits meanwhile, so its
  // rows are requested at once. The placeholder is marked for DashboardPage, which keeps its panels
  // out of sight until none is left, so no panel moves when a widget takes its place.
  const marks = { 'data-widget-kind': widget.kind, 'data-widget-bound': bound };
  if (Kind === 'loading')
    return (
      <div {...marks} data-widget-state={state === 'ready' ? 'loading' : state} data-widget-code="loading" />
    );
  return (
    <div {...marks} data-widget-state={state} style={{ display: 'contents' }}>
      <Kind widget={widget} source={source} />
    </div>
  );
}

/** Renders one widget through the registry when its `when` holds, with its data source's rows. */
export function WidgetHost({ widget }: { widget: Widget }) {
  const { params } = usePageRuntime();
  if (!evaluateCondition(widget.when, params)) return null;
  return <Bound widget={widget} />;
}
