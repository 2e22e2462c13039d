/**
 * The engine's browser API, the one entry the client imports (its Node-side entry is
 * engine/tools/index.ts): render a normalized page definition; build the side menu; the controls,
 * icons and display rules the app's own screens share with the pages.
 */
export type { HostServices, Row } from './data/hostServices';
export type { NormalizedPage } from './definitions/normalizedPage';
export { compareNames } from './format/compareNames';
export { multiSelectLabel, withInactiveSuffix } from './format/selectionLabel';
export { type MenuEntry, type MenuItem, menuEntries } from './menuEntries';
export { DashboardPage, type DashboardPageProps } from './render/DashboardPage';
export { CheckIcon, ChevronDownIcon, type IconProps, SearchIcon, Svg } from './render/strokeIcons';
export { useLatestCallback } from './render/useLatestCallback';
export { forgetChartCache } from './widgets/chart/vegaSpec';
export { saveFile } from './widgets/download/saveFile';
export {
  MultiSelect,
  type MultiSelectChange,
  type MultiSelectOption,
  type MultiSelectProps,
} from './widgets/multiselect/MultiSelect';
export { loadDataWidgets as preloadWidgets } from './widgets/registry';
export type { WidgetKind } from './widgets/widgetProps';
