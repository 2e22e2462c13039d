import { type ComponentType, use } from 'react';
import { ChipWidget } from './chip/ChipWidget';
import { importOnce } from './importOnce';
import { MultiselectWidget } from './multiselect/MultiselectWidget';
import { PillsWidget } from './pills/PillsWidget';
import { SelectWidget } from './select/SelectWidget';
import { TextWidget } from './text/TextWidget';
import type { WidgetProps, WidgetRegistry } from './widgetProps';

type DataWidgets = typeof import('./dataWidgets');

/*
 * The widgets that show rows load on first use, in one chunk, in parallel with their rows: a page's
 * data requests go out from its first render (WidgetHost's Bound, which waits for this code inside a
 * boundary of its own), not after this code arrives. The page's controls and text load with the app.
 */
const dataWidgets = importOnce(() => import('./dataWidgets'));

/** Loads the code of every widget now (tests, or a host with time to spare); resolves once loaded. */
export const loadDataWidgets = (): Promise<DataWidgets> => dataWidgets.load();

function dataWidget<K extends keyof DataWidgets>(name: K) {
  function DataWidget(props: WidgetProps) {
    const Widget = (dataWidgets.current() ?? use(dataWidgets.load()))[name] as ComponentType<WidgetProps>;
    return <Widget {...props} />;
  }
  DataWidget.displayName = name;
  return DataWidget as DataWidgets[K];
}

/** The component of every widget kind; adding a kind to the schema without one here fails the type check. */
export const widgetRegistry: WidgetRegistry = {
  tiles: dataWidget('TilesWidget'),
  ring: dataWidget('RingWidget'),
  pie: dataWidget('PieWidget'),
  chart: dataWidget('ChartWidget'),
  table: dataWidget('TableWidget'),
  summary: dataWidget('SummaryWidget'),
  pills: PillsWidget,
  multiselect: MultiselectWidget,
  select: SelectWidget,
  chip: ChipWidget,
  text: TextWidget,
};
