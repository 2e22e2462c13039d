import type { ComponentType } from 'react';
import { ChipWidget } from './chip/ChipWidget';
import { importOnce, useImported } from './importOnce';
import { MultiselectWidget } from './multiselect/MultiselectWidget';
import { PillsWidget } from './pills/PillsWidget';
import { SelectWidget } from './select/SelectWidget';
import { TextWidget } from './text/TextWidget';
import type { WidgetComponent, WidgetKind, WidgetProps } from './widgetProps';

type DataWidgets = typeof import('./dataWidgets');

/*
 * The widgets that show rows load on first use, in one chunk, in parallel with their rows: a page's
 * data requests go out from its first render (WidgetHost, which holds a placeholder while this code
 * is on its way), not after this code arrives. The page's controls and text load with the app.
 */
const dataWidgets = importOnce(() => import('./dataWidgets'));

/** Loads the code of every widget now (tests, or a host with time to spare); resolves once loaded. */
export const loadDataWidgets = (): Promise<DataWidgets> => dataWidgets.load();

/** A kind whose component is in the data widgets' chunk: how to pick it out once loaded. */
interface InChunk<K extends WidgetKind> {
  pick: (chunk: DataWidgets) => WidgetComponent<K>;
}

/**
 * The component of every widget kind, or where to find it in the data widgets' chunk; adding a kind
 * to the schema without one here fails the type check.
 */
const WIDGETS: { [K in WidgetKind]: WidgetComponent<K> | InChunk<K> } = {
  tiles: { pick: (c) => c.TilesWidget },
  ring: { pick: (c) => c.RingWidget },
  pie: { pick: (c) => c.PieWidget },
  chart: { pick: (c) => c.ChartWidget },
  table: { pick: (c) => c.TableWidget },
  summary: { pick: (c) => c.SummaryWidget },
  pills: PillsWidget,
  multiselect: MultiselectWidget,
  select: SelectWidget,
  chip: ChipWidget,
  text: TextWidget,
};

/**
 * The component that draws `kind`: undefined for a kind with none, 'loading' while its code is on
 * its way (the first render that asks starts loading it, and the caller renders again when it is
 * here).
 */
export function useWidgetComponent(kind: string): ComponentType<WidgetProps> | 'loading' | undefined {
  const entry: ComponentType<WidgetProps> | InChunk<WidgetKind> | undefined = Object.hasOwn(WIDGETS, kind)
    ? (WIDGETS[kind as WidgetKind] as ComponentType<WidgetProps> | InChunk<WidgetKind>)
    : undefined;
  const inChunk = entry !== undefined && 'pick' in entry;
  const chunk = useImported(dataWidgets, inChunk);
  if (!inChunk) return entry;
  return chunk ? (entry.pick(chunk) as ComponentType<WidgetProps>) : 'loading';
}
