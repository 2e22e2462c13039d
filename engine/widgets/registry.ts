import { ChartWidget } from './chart/ChartWidget';
import { ChipWidget } from './chip/ChipWidget';
import { MultiselectWidget } from './multiselect/MultiselectWidget';
import { PieWidget } from './pie/PieWidget';
import { PillsWidget } from './pills/PillsWidget';
import { RingWidget } from './ring/RingWidget';
import { SelectWidget } from './select/SelectWidget';
import { SummaryWidget } from './summary/SummaryWidget';
import { TableWidget } from './table/TableWidget';
import { TextWidget } from './text/TextWidget';
import { TilesWidget } from './tiles/TilesWidget';
import type { WidgetRegistry } from './widgetProps';

/** The component of every widget kind; adding a kind to the schema without one here fails the type check. */
export const widgetRegistry: WidgetRegistry = {
  tiles: TilesWidget,
  ring: RingWidget,
  pie: PieWidget,
  chart: ChartWidget,
  table: TableWidget,
  summary: SummaryWidget,
  pills: PillsWidget,
  multiselect: MultiselectWidget,
  select: SelectWidget,
  chip: ChipWidget,
  text: TextWidget,
};
