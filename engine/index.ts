/** The engine's browser API: render a normalized page definition; build the side menu. */
export type { HostServices, Row } from './data/hostServices';
export type { NormalizedPage } from './definitions/normalizedPage';
export { type MenuEntry, type MenuItem, menuEntries } from './menuEntries';
export { DashboardPage, type DashboardPageProps } from './render/DashboardPage';
export { forgetChartCache } from './widgets/chart/vegaSpec';
export { saveFile } from './widgets/download/saveFile';
export { loadDataWidgets as preloadWidgets } from './widgets/registry';
export type { WidgetKind } from './widgets/widgetProps';
