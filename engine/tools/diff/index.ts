/** Comparing normalized dashboard definitions: pages, panels, widgets and properties. */
export { type DefinitionVersion, diffDefinitionSets } from './diffDefinitionSets';
export { diffPage, type PageChanges } from './diffPage';
export type {
  DiffReport,
  LayoutPlace,
  PageDiff,
  PanelChange,
  PropertyChange,
  WidgetChange,
} from './diffReport';
export { diffValues } from './diffValues';
export { pageLines, pageSummary, renderDiffText } from './renderDiffText';
