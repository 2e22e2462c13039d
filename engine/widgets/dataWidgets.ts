/** The widgets that show rows, in one chunk the registry loads on first use (registry.tsx). */
export { ChartWidget } from './chart/ChartWidget';
export { PieWidget } from './pie/PieWidget';
export { RingWidget } from './ring/RingWidget';
export { SummaryWidget } from './summary/SummaryWidget';
export { TableWidget } from './table/TableWidget';
export { TilesWidget } from './tiles/TilesWidget';
