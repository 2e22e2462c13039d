/** The definition reference (docs/dashboards.md) generated from the dashboard schemas. */
export { type ExampleValidator, exampleValidator } from './exampleValidator';
export { exampleValue } from './exampleValue';
export { type OptionRow, optionRows } from './optionRows';
export { type ReferenceGroup, type ReferenceSection, referenceGroups } from './referenceSections';
export { renderReference, widgetKinds } from './renderReference';
