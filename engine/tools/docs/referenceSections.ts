import type { JsonValue } from '../jsonValue';

/** One section of the definition reference: a schema node, and hand-written examples if any. */
export interface ReferenceSection {
  /** The heading. */
  heading: string;
  /** The schema node: 'file.json' or 'file.json#/pointer'. */
  ref: string;
  /**
   * Examples that show the common forms (several for a union such as an action). Used when the
   * schema has no `examples`; without either, a minimal example is built from the schema. Every
   * example is validated against `ref` when the reference is generated.
   */
  examples?: JsonValue[];
}

/** A group of sections under a level-2 heading. */
export interface ReferenceGroup {
  heading: string;
  intro: string;
  sections: ReferenceSection[];
}

const page: JsonValue = {
  $schema: '../schemas/dashboard/page.schema.json',
  schemaVersion: 2,
  id: 'items',
  route: '/dashboard/items',
  title: 'Items',
  menu: { label: 'Items', section: 'Reports' },
  params: { view: { default: 'group', resetOnApply: true } },
  sourceDefaults: { template: 'period' },
  templates: { period: { startDate: { $filter: 'startDate' }, endDate: { $filter: 'endDate' } } },
  data: {
    items: {
      endpoint: '/api/data/items',
      body: { startDate: { $filter: 'startDate' }, view: { $param: 'view' } },
    },
  },
  panels: {
    main: {
      title: 'Items by {param.view}',
      blocks: [{ widgets: [{ kind: 'text', data: 'items', text: 'First: {row.name}' }] }],
    },
  },
  layout: [['main']],
};

/**
 * The sections of docs/dashboards.md, in reading order: the page, then what a page declares
 * (params, data bindings), then panels and widget kinds, then the shared shapes they use. Widget
 * kinds are added from the schema files (one section per widget-*.schema.json).
 */
export function referenceGroups(kinds: string[]): ReferenceGroup[] {
  return [
    {
      heading: 'Page',
      intro: 'A definition file in dashboards/ describes one page.',
      sections: [{ heading: 'Page', ref: 'page.schema.json', examples: [page] }],
    },
    {
      heading: 'Params',
      intro: 'Named page values that widgets read and set and data sources send.',
      sections: [
        {
          heading: 'Param',
          ref: 'page.schema.json#/properties/params/additionalProperties',
          examples: [
            { default: 'group', storageKey: 'items-view', resetOnApply: true },
            { default: 'group', resetOnApply: true, share: { as: 'view' } },
            { default: null, resetOnApply: true, share: { as: 'item', type: 'number', within: 'siteIds' } },
          ],
        },
      ],
    },
    {
      heading: 'Data bindings',
      intro:
        'A data source names an endpoint and a body template; body values are literals or references to the applied global filter ($filter), a page param ($param) or a table state ($table). Widgets bind to a source by its name in `data`.',
      sections: [
        {
          heading: 'Data source',
          ref: 'page.schema.json#/properties/data/additionalProperties',
          examples: [
            {
              endpoint: '/api/data/items',
              body: {
                startDate: { $filter: 'startDate' },
                view: { $param: 'view' },
                limit: { $table: 'limit' },
                skip: { $table: 'offset' },
              },
              rows: '/values',
              total: '/totalRows',
            },
            {
              endpoint: '/api/data/items/by_group',
              template: 'period',
              body: { view: { $param: 'view' }, kinds: { $param: 'kind', map: 'kinds' } },
              paged: true,
              withTotals: true,
              when: { param: 'view', equals: 'group' },
            },
          ],
        },
        {
          heading: 'Value reference',
          ref: 'common.schema.json#/$defs/reference',
          examples: [
            { $filter: 'startDate' },
            { $param: 'view', map: { group: ['a', 'b'], part: ['c'] } },
            { $param: 'selectedId', omitWhenEmpty: true },
            { $table: 'sorts', state: 'items' },
          ],
        },
        {
          heading: 'Body value',
          ref: 'common.schema.json#/$defs/bodyValue',
          examples: ['all', [1, 2], { $param: 'view' }],
        },
      ],
    },
    {
      heading: 'Panels and blocks',
      intro: 'Panels are cards placed by /layout; each holds blocks of widgets.',
      sections: [
        { heading: 'Panel', ref: 'panel.schema.json' },
        {
          heading: 'Block',
          ref: 'panel.schema.json#/$defs/block',
          examples: [
            {
              layout: 'toolbar',
              drilldown: {
                view: 'view',
                levels: 'groupOrPart',
                key: 'groupId',
                label: 'groupName',
                from: { column: 'group', key: 'groupId', label: 'group' },
              },
              widgets: [
                {
                  kind: 'multiselect',
                  param: 'kinds',
                  label: 'Kind',
                  optionsFrom: { data: 'kinds', labelField: 'name', valueField: 'id', labels: 'kindLabels' },
                  options: 'otherKinds',
                },
              ],
            },
          ],
        },
      ],
    },
    {
      heading: 'Widget kinds',
      intro: "A widget's `kind` picks its options. Every kind also takes `id`, `when` and `span`.",
      sections: kinds.map((kind) => ({
        heading: kind,
        ref: `widget-${kind}.schema.json`,
        examples:
          kind === 'chart'
            ? [
                {
                  kind: 'chart',
                  data: 'items',
                  spec: {
                    data: { name: 'rows' },
                    mark: 'bar',
                    encoding: {
                      x: { field: 'label', type: 'nominal' },
                      y: { field: 'count', type: 'quantitative' },
                    },
                  },
                },
              ]
            : undefined,
      })),
    },
    {
      heading: 'Conditions and actions',
      intro:
        'Conditions show a widget, block or data source only while a param has a value; actions set or reset params.',
      sections: [
        {
          heading: 'Condition',
          ref: 'common.schema.json#/$defs/condition',
          examples: [
            { param: 'view', equals: 'group' },
            { param: 'selectedId', isSet: true },
          ],
        },
        {
          heading: 'Action',
          ref: 'common.schema.json#/$defs/action',
          examples: [
            { set: 'selectedId', from: 'row.id' },
            { set: 'view', value: 'part' },
            { reset: 'selectedId' },
          ],
        },
        { heading: 'Actions', ref: 'common.schema.json#/$defs/actions' },
      ],
    },
    {
      heading: 'Libraries',
      intro:
        'Say each thing once: a library file beside the pages (its name starts with _, e.g. dashboards/_shared.json) declares named body templates, the paging and totals conventions, option sets, value maps, column presets and Vega-Lite specs; a page declares the ones only it uses in the same sections of its own. A data source names a `template` (or the page sets `sourceDefaults.template`), `paged: true` adds the paging body and pointers, `withTotals: true` declares the totals source; a widget writes an option set, a column preset or a spec by name, a value reference a map by name. The checker resolves every name (an unknown one is a located error with did you mean), and normalization expands them, so the renderer, the diff and print see the plain page.',
      sections: [
        {
          heading: 'Library file',
          ref: 'library.schema.json',
          examples: [
            {
              $schema: '../schemas/dashboard/library.schema.json',
              schemaVersion: 2,
              templates: {
                period: { startDate: { $filter: 'startDate' }, endDate: { $filter: 'endDate' } },
              },
              paging: {
                body: { limit: { $table: 'limit' }, skip: { $table: 'offset' }, sort: { $table: 'sorts' } },
                rows: '/values',
                total: '/totalRows',
              },
              totals: { pathSuffix: '/totals', nameSuffix: 'Totals' },
              optionSets: {
                views: [
                  { label: 'Group', value: 'group' },
                  { label: 'Part', value: 'part' },
                ],
              },
              valueMaps: { kinds: { All: ['A', 'B'], A: ['A'] } },
              columnPresets: { count: { align: 'right', pipe: { name: 'decimal', args: [0] } } },
              specs: {
                bars: {
                  data: { name: 'rows' },
                  mark: 'bar',
                  encoding: { x: { field: 'group', type: 'nominal' } },
                },
              },
            },
          ],
        },
      ],
    },
    {
      heading: 'Shared shapes',
      intro: 'Shapes several widget kinds use.',
      sections: [
        {
          heading: 'Column',
          ref: 'column.schema.json',
          examples: [
            { header: 'Group', field: 'group' },
            { preset: 'count', header: 'Parts', field: 'part', total: {} },
          ],
        },
        { heading: 'Pipe', ref: 'common.schema.json#/$defs/pipe' },
        { heading: 'Popover', ref: 'common.schema.json#/$defs/popover' },
        { heading: 'Option', ref: 'common.schema.json#/$defs/option' },
        { heading: 'Detail value', ref: 'common.schema.json#/$defs/detail' },
        { heading: 'Literal', ref: 'common.schema.json#/$defs/literal' },
      ],
    },
  ];
}
