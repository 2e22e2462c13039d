/* Generated from schemas/dashboard by scripts/gen-types.ts (npm run gen:types). Never edit by hand: change the schema and regenerate. */

/**
 * A literal value: a string, number, boolean, null, or a list of those.
 */
export type Literal = string | number | boolean | null | (string | number | boolean | null)[];
/**
 * A literal value: a string, number, boolean, null, or a list of those.
 */
export type Literal1 = string | number | boolean | null | (string | number | boolean | null)[];
/**
 * The name of an entry of a library: declared in a library file beside the pages (_*.json) or in the page's own library sections.
 */
export type LibraryName = string;
/**
 * A request body value: a literal (string, number, boolean, null or list of literals) or a value reference object.
 */
export type BodyValue =
  (string | number | boolean | null) | (string | number | boolean | null)[] | ValueReference;
/**
 * The choices, or the name of an option set of a library (optionSets).
 */
export type OptionList = Option[] | LibraryName;
/**
 * A widget: its kind picks the options schema.
 */
export type Widget =
  | TilesWidget
  | RingWidget
  | PieWidget
  | ChartWidget
  | TableWidget
  | SummaryWidget
  | PillsWidget
  | MultiselectWidget
  | SelectWidget
  | ChipWidget
  | TextWidget;
/**
 * Actions run in order when the event fires.
 */
export type Actions = Action[];

/**
 * A dashboard page: route, menu entry, filter-bar flags, access rule, params, data sources, panels and their layout.
 */
export interface PageDefinition {
  /**
   * The path of this schema, so editors complete definitions.
   */
  $schema?: string;
  /**
   * The version of the definition format (version 0 and 1 files are migrated on load; npm run dashboards:migrate rewrites them).
   */
  schemaVersion: 2;
  /**
   * A unique page id (kebab case).
   */
  id: string;
  /**
   * The route path of the page, unique among pages.
   */
  route: string;
  /**
   * The page title.
   */
  title: string;
  /**
   * Text after the title, e.g. 'as of {row.field|date:M/D/YYYY h:mm A}'.
   */
  titleSuffix?: {
    /**
     * The template, as in the text widget.
     */
    text: string;
    /**
     * The data source the template's row values come from.
     */
    data?: string;
    /**
     * Shown while the value is missing.
     */
    placeholder?: string;
  };
  /**
   * The side-menu entry.
   */
  menu?: {
    /**
     * The menu text.
     */
    label: string;
    /**
     * The collapsible menu section it sits in; none for a top-level entry.
     */
    section?: string;
    /**
     * The position in the menu (smaller first).
     */
    order?: number;
  };
  /**
   * Which filter-bar controls show on this page.
   */
  filterBar?: {
    /**
     * Show the 'Filters' heading.
     */
    isTitleLabelVisible?: boolean;
    /**
     * Show the Accounts multi-select.
     */
    isAccountsVisible?: boolean;
    /**
     * Show the Apply button.
     */
    isApplyVisible?: boolean;
    /**
     * Show the Period picker.
     */
    isPeriodVisible?: boolean;
    /**
     * Show the Reset button.
     */
    isResetVisible?: boolean;
    /**
     * Show the Sites multi-select.
     */
    isSitesVisible?: boolean;
  };
  /**
   * A claim the user must hold to see the page.
   */
  access?: {
    /**
     * The claim type.
     */
    claim: string;
    /**
     * The claim value.
     */
    value: string;
  };
  /**
   * The page params by name.
   */
  params?: {
    [k: string]: Param;
  };
  /**
   * Defaults of this page's data sources.
   */
  sourceDefaults?: {
    template?: LibraryName;
  };
  /**
   * The data sources by name.
   */
  data?: {
    [k: string]: DataSource;
  };
  /**
   * The panels by name.
   */
  panels: {
    [k: string]: Panel;
  };
  /**
   * Rows of panel names, top to bottom; panels in one row share its width.
   */
  layout: string[][];
  /**
   * This page's own body templates by name: a data source with "template": name starts from this body, and its own body adds to it or overrides keys.
   */
  templates?: {
    [k: string]: Body;
  };
  /**
   * This page's own option lists by name, for a pills, select or multiselect widget's "options": name.
   */
  optionSets?: {
    [k: string]: Option[];
  };
  /**
   * This page's own value maps by name, for a value reference's "map": name.
   */
  valueMaps?: {
    [k: string]: {
      [k: string]: unknown;
    };
  };
  /**
   * This page's own table column settings by name: a column with "preset": name starts from them, and its own settings override.
   */
  columnPresets?: {
    [k: string]: {};
  };
  /**
   * This page's own vega-Lite specs by name, for a chart widget's "spec": name.
   */
  specs?: {
    [k: string]: {};
  };
}
/**
 * A named page value with a default; widgets read and set it, data sources send it.
 */
export interface Param {
  default?: Literal;
  /**
   * A sessionStorage key: the value is remembered across visits under it.
   */
  storageKey?: string;
  /**
   * Reset to the default when the global filter is applied.
   */
  resetOnApply?: boolean;
  fromFilterSpan?: FilterSpanRule;
  share?: ParamShare;
  /**
   * What the param holds.
   */
  description?: string;
}
/**
 * Sets the param from the length in days of a range of the applied global filter, at each apply (and on entry when nothing is stored): the value of the first step whose 'below' exceeds the length, else 'otherwise'.
 */
export interface FilterSpanRule {
  /**
   * The filter key of the range start.
   */
  start: string;
  /**
   * The filter key of the range end.
   */
  end: string;
  /**
   * Steps in increasing order of 'below'.
   *
   * @minItems 1
   *
   * Items: One step.
   */
  steps: {
    /**
     * Applies when the range is shorter than this many days (both ends counted).
     */
    below: number;
    value: Literal1;
  }[];
  otherwise: Literal1;
}
/**
 * Makes the param shareable: its value lives in the page URL as a readable query parameter (lists comma-separated; the default leaves it out), so a copied link opens the same view, and Back and Forward move between values. A value in the URL wins over the stored one, and an address that carries the filter is a whole view (a shared param it leaves out is at its default); changing the param adds a browser history entry.
 */
export interface ParamShare {
  /**
   * The query parameter name, e.g. 'view'; unique on the page. The global filter's names (period, from, to, compare-from, compare-to, accounts, sites) are taken.
   */
  as: string;
  /**
   * How the text in the URL is read back: one string, number or boolean, or a comma-separated list of strings or numbers. Defaults to the type of the param's default; required when the default is null.
   */
  type?: 'string' | 'number' | 'boolean' | 'strings' | 'numbers';
  /**
   * A global filter key (e.g. siteIds): a value from the URL that the user may not choose for that key (outside their data scope) is dropped, and the host tells the user.
   */
  within?: string;
}
/**
 * A request to an API endpoint whose response rows widgets show.
 */
export interface DataSource {
  /**
   * The endpoint path, e.g. '/api/data/x/y'; it must be listed in the API's endpoint index.
   */
  endpoint: string;
  /**
   * The HTTP method.
   */
  method?: 'GET' | 'POST';
  /**
   * The body template this source starts from (a library's templates): its own body adds keys or overrides. false: none, even when the page has a default.
   */
  template?: LibraryName | false;
  /**
   * The request body template: each value is a literal or a value reference.
   */
  body?: {
    [k: string]: BodyValue;
  };
  /**
   * Ask for pages as the library's paging says: adds its body keys (limit, offset, sort...) and its rows and total pointers.
   */
  paged?: boolean;
  /**
   * Also declare this source's totals source (see the library's totals): true names it after this source plus the nameSuffix, a string names it.
   */
  withTotals?: boolean | string;
  /**
   * For endpoints whose row fields depend on a body value (a data code): the index entry variant whose fields apply.
   */
  variant?: string | number;
  /**
   * A JSON pointer to the row list in the response; '' means the response is the list.
   */
  rows?: string;
  /**
   * A JSON pointer to the total row count in the response, for paged tables.
   */
  total?: string;
  when?: Condition;
  /**
   * Refetch when the global filter is applied.
   */
  reloadOnApply?: boolean;
}
/**
 * A value taken at request time from the applied global filter, a page param or a table's paging and sort state. Exactly one key. Exactly one of $filter, $param and $table.
 */
export interface ValueReference {
  /**
   * A key of the applied global filter the host passes to the engine (for example a list of ids or a period bound).
   */
  $filter?: string;
  /**
   * A name used to refer to a param, data source, panel or state: letters, digits and underscores, starting with a letter.
   */
  $param?: string;
  /**
   * A part of the paging and sort state of the table bound to this data source.
   */
  $table?: 'limit' | 'offset' | 'page' | 'sortField' | 'sortDirection' | 'sorts';
  /**
   * A name used to refer to a param, data source, panel or state: letters, digits and underscores, starting with a letter.
   */
  state?: string;
  /**
   * With $param or $filter: replaces the value by the entry of this map whose key is the value (a list value is mapped item by item and flattened). A string names a value map of a library (valueMaps).
   */
  map?:
    | {
        [k: string]: unknown;
      }
    | LibraryName;
  /**
   * Leave the key out of the request body when the value is null, an empty string or an empty list.
   */
  omitWhenEmpty?: boolean;
}
/**
 * Shows the widget or block only while the named param has the given value (equals), does not have it (notEquals), or is set at all (isSet).
 */
export interface Condition {
  /**
   * A name used to refer to a param, data source, panel or state: letters, digits and underscores, starting with a letter.
   */
  param: string;
  equals?: Literal1;
  notEquals?: Literal1;
  /**
   * Shown when the param is set (true) or unset: null, empty string or empty list (false).
   */
  isSet?: boolean;
}
/**
 * A card with a title, an optional header link and info popover, and blocks of widgets.
 */
export interface Panel {
  /**
   * The card title; {param.name} inserts a param's value.
   */
  title: string;
  /**
   * A link in the header to another route.
   */
  link?: {
    /**
     * The route the link opens (e.g. '/dashboard/x').
     */
    route: string;
    /**
     * The link text.
     */
    label?: string;
  };
  info?: Popover;
  /**
   * Draw the card (border, background, padding); without it the widgets sit straight on the page.
   */
  bordered?: boolean;
  /**
   * The blocks of widgets, top to bottom.
   */
  blocks: Block[];
}
/**
 * An info popover or tooltip: a title and a content text.
 */
export interface Popover {
  /**
   * The heading of the popover.
   */
  title?: string;
  /**
   * The body text of the popover.
   */
  content: string;
}
/**
 * A group of widgets laid out in a row or a column.
 */
export interface Block {
  /**
   * How the widgets are laid out.
   */
  direction?: 'row' | 'column';
  /**
   * How a row block sizes its widgets. 'fill': the widgets share the row by their span, one per line below 992 px. 'toolbar': each widget keeps its natural width and the row wraps on narrow screens; the last `trailing` widgets sit at the row's end.
   */
  layout?: 'fill' | 'toolbar';
  /**
   * In a 'toolbar' block, how many widgets, counted from the end, are pushed to the end of the row (filters on the right of pills, say). When the row wraps they start a line of their own.
   */
  trailing?: number;
  /**
   * Lay the widgets out on a grid of this many equal columns instead (span is then ignored), per viewport width: base below 768 px, sm from 768 px, md from 992 px, lg from 1200 px. A missing size takes the next smaller one.
   */
  columns?: {
    /**
     * Columns below 768 px.
     */
    base: number;
    /**
     * Columns from 768 px.
     */
    sm?: number;
    /**
     * Columns from 992 px.
     */
    md?: number;
    /**
     * Columns from 1200 px.
     */
    lg?: number;
  };
  when?: Condition;
  drilldown?: Drilldown;
  /**
   * The widgets of the block.
   */
  widgets: Widget[];
}
/**
 * A two-level drill-down (a list, then the rows of one of its items): pills switch the level and clear the choice, a removable chip shows the chosen item, and a cell of the first level's table chooses one and switches to the second level. Written once here; normalization puts the pills and the chip first in this block's widgets and the link on that column (in the panel's table shown at the first level).
 */
export interface Drilldown {
  /**
   * A name used to refer to a param, data source, panel or state: letters, digits and underscores, starting with a letter.
   */
  view: string;
  levels: OptionList;
  /**
   * A name used to refer to a param, data source, panel or state: letters, digits and underscores, starting with a letter.
   */
  key: string;
  /**
   * A name used to refer to a param, data source, panel or state: letters, digits and underscores, starting with a letter.
   */
  label: string;
  /**
   * Where an item is chosen: a column of the table shown at the first level, and the row fields giving its key and label.
   */
  from: {
    /**
     * The field of the column whose cells choose (a column of the first level's table).
     */
    column: string;
    /**
     * The row field set into `key`.
     */
    key: string;
    /**
     * The row field set into `label`.
     */
    label: string;
  };
}
/**
 * A choice of a pills, select or multiselect widget.
 */
export interface Option {
  /**
   * The text shown.
   */
  label: string;
  value: Literal1;
  /**
   * Show the option as inactive (' (Inactive)' after the label).
   */
  inactive?: boolean;
}
/**
 * A row of metric tiles with current and comparison values and up/down indicators.
 */
export interface TilesWidget {
  /**
   * The widget kind: 'tiles'.
   */
  kind: 'tiles';
  /**
   * An optional id, unique in the panel, used in messages and test ids.
   */
  id?: string;
  /**
   * A name used to refer to a param, data source, panel or state: letters, digits and underscores, starting with a letter.
   */
  data: string;
  when?: Condition;
  /**
   * The share of the block's width this widget takes (flex grow).
   */
  span?: number;
  /**
   * The tiles, left to right.
   *
   * @minItems 1
   */
  tiles: Tile[];
}
/**
 * One metric tile.
 */
export interface Tile {
  /**
   * The tile heading.
   */
  title: string;
  /**
   * A smaller line under the heading.
   */
  subtitle?: string;
  /**
   * The row field holding the main (current period) value.
   */
  field: string;
  /**
   * The row field holding the comparison (previous period or reference) value.
   */
  previousField?: string;
  /**
   * How values show: number (2 decimals, Million above one million), percent (no decimals), percent2 (2 decimals), minutes (a time in minutes).
   */
  format?: 'number' | 'percent' | 'percent2' | 'minutes';
  /**
   * A label after the main value (e.g. a unit).
   */
  label?: string;
  /**
   * A label before the comparison value.
   */
  previousLabel?: string;
  /**
   * A unit after the comparison value (e.g. 'min').
   */
  previousSuffix?: string;
  /**
   * Which direction is good; without it no indicator shows.
   */
  better?: 'higher' | 'lower';
  /**
   * How an equal value shows.
   */
  tie?: 'positive' | 'negative' | 'neutral';
  /**
   * Show an em dash instead of 'No Data' or 0 when the value is missing or zero (a rate whose base is zero, such as a conversion with no appointments).
   */
  dashWhenEmpty?: boolean;
  tooltip?: Popover;
  /**
   * Compute the main value as field / this field x 100 instead of reading it.
   */
  percentOf?: string;
  detail?: DetailValue;
  link?: Actions;
}
/**
 * An extra labelled value read from a row of the data source (e.g. a reference figure on the second row).
 */
export interface DetailValue {
  /**
   * The text before the value.
   */
  label: string;
  /**
   * The row field holding the value.
   */
  field: string;
  /**
   * The index of the row the value is read from.
   */
  row?: number;
  /**
   * How the value shows: number, percent (no decimals), percent2 (2 decimals) or minutes.
   */
  format?: 'number' | 'percent' | 'percent2' | 'minutes';
}
/**
 * Sets a page param, either from a field of the clicked row or event ('row.fieldName', 'event.value') or to a literal value; or resets a param to its default; or drills: opens another page with some of its params set. Use set with from or value, reset alone, or drill alone.
 */
export interface Action {
  /**
   * A name used to refer to a param, data source, panel or state: letters, digits and underscores, starting with a letter.
   */
  set?: string;
  /**
   * Where the value comes from: 'row.<field>' for the clicked row, 'event.value' for the widget's emitted value.
   */
  from?: string;
  value?: Literal1;
  /**
   * A name used to refer to a param, data source, panel or state: letters, digits and underscores, starting with a letter.
   */
  reset?: string;
  drill?: Drill;
}
/**
 * Opens another page (its id) with the given params set from the clicked row or datum, from a param of this page, or to literals; the global filter stays as applied. The other params of that page start at their defaults (or stored values).
 */
export interface Drill {
  /**
   * The id of the page to open.
   */
  page: string;
  /**
   * Params of the opened page by name, and where each value comes from.
   */
  params: {
    [k: string]: DrillValue;
  };
}
/**
 * Where a drilled param's value comes from: exactly one of from and value.
 */
export interface DrillValue {
  /**
   * 'row.<field>' for the clicked row or datum, 'event.value' for the widget's emitted value (a table cell's value), 'event.field' for the field of the clicked table column, 'param.<name>' for a param of this page.
   */
  from?: string;
  value?: Literal1;
  /**
   * With from: replaces the value by the entry of this map whose key is the value (a value not in the map is kept).
   */
  map?: {
    [k: string]: Literal1;
  };
}
/**
 * A ring (donut) showing one percentage with a comparison line and a coloured indicator; animates one percent step per 10 ms.
 */
export interface RingWidget {
  /**
   * The widget kind: 'ring'.
   */
  kind: 'ring';
  /**
   * An optional id, unique in the panel, used in messages and test ids.
   */
  id?: string;
  /**
   * A name used to refer to a param, data source, panel or state: letters, digits and underscores, starting with a letter.
   */
  data: string;
  when?: Condition;
  /**
   * The share of the block's width this widget takes (flex grow).
   */
  span?: number;
  /**
   * The text inside or above the ring.
   */
  title?: string;
  /**
   * The row field holding the percentage (0-100).
   */
  field: string;
  /**
   * The row field holding the comparison percentage.
   */
  previousField?: string;
  /**
   * The label of the comparison value.
   */
  previousLabel?: string;
  /**
   * Show the comparison line under the ring (the comparison still colours it when hidden).
   */
  showPrevious?: boolean;
  detail?: DetailValue;
  /**
   * Which direction is good.
   */
  better?: 'higher' | 'lower';
  /**
   * How an equal value shows.
   */
  tie?: 'positive' | 'negative' | 'neutral';
  /**
   * Show an em dash instead of 'No Data' or 0 when the value is missing or zero (a rate whose base is zero, such as a conversion with no appointments).
   */
  dashWhenEmpty?: boolean;
  /**
   * The ring's tone when it has a value but no comparison value (no previous period), e.g. 'positive' for a rate that is good unless it rose.
   */
  noComparison?: 'positive' | 'negative' | 'neutral';
  /**
   * The canvas size in pixels.
   */
  size?: number;
}
/**
 * A Vega-Lite arc chart: at most 9 slices then 'Misc.', sorted by label case-insensitively, 10 fixed colours, percentage labels over a size threshold.
 */
export interface PieWidget {
  /**
   * The widget kind: 'pie'.
   */
  kind: 'pie';
  /**
   * An optional id, unique in the panel, used in messages and test ids.
   */
  id?: string;
  /**
   * A name used to refer to a param, data source, panel or state: letters, digits and underscores, starting with a letter.
   */
  data: string;
  when?: Condition;
  /**
   * The share of the block's width this widget takes (flex grow).
   */
  span?: number;
  /**
   * The row field holding the slice label.
   */
  labelField: string;
  /**
   * The row field holding the slice value.
   */
  valueField: string;
  /**
   * Builds the slice label from several fields of a row, e.g. '{row.a} - {row.b}', instead of reading labelField. Rows with the same label form one slice.
   */
  labelTemplate?: string;
  /**
   * An optional heading above the chart.
   */
  title?: string;
  /**
   * Slices kept before the rest is summed into 'Misc.'.
   */
  maxSlices?: number;
  /**
   * A name used to refer to a param, data source, panel or state: letters, digits and underscores, starting with a letter.
   */
  select?: string;
  /**
   * Shows only rows whose field equals a param's value (rows pass when the param is unset).
   */
  filter?: {
    /**
     * The row field compared.
     */
    field: string;
    /**
     * A name used to refer to a param, data source, panel or state: letters, digits and underscores, starting with a letter.
     */
    param: string;
  };
  /**
   * The chart height in pixels.
   */
  height?: number;
  /**
   * Offer 'PNG' and 'SVG' buttons that download the drawn pie (PNG at twice its size), in a file named after the page, the panel (else the widget's title) and the period, as a table's 'Export CSV' is.
   */
  download?: boolean;
  /**
   * Actions by event.
   */
  on?: {
    click?: Actions;
  };
}
/**
 * Any Vega-Lite spec; the rows are injected as the named dataset; clicking a legend entry toggles that series.
 */
export interface ChartWidget {
  /**
   * The widget kind: 'chart'.
   */
  kind: 'chart';
  /**
   * An optional id, unique in the panel, used in messages and test ids.
   */
  id?: string;
  /**
   * A name used to refer to a param, data source, panel or state: letters, digits and underscores, starting with a letter.
   */
  data: string;
  when?: Condition;
  /**
   * The share of the block's width this widget takes (flex grow).
   */
  span?: number;
  /**
   * A Vega-Lite spec (validated against Vega-Lite's own schema). Its data should be {"name": <dataset>}. A string names a spec of a library (specs).
   */
  spec: {} | LibraryName;
  /**
   * The name of the dataset the rows are injected as.
   */
  dataset?: string;
  /**
   * Page params the spec can read as Vega-Lite params of the same name (in expressions such as an axis labelExpr or a calculate transform); the chart redraws when one changes.
   *
   * Items: A name used to refer to a param, data source, panel or state: letters, digits and underscores, starting with a letter.
   */
  params?: string[];
  /**
   * Clicking a legend entry hides or shows that series (needs a field in the color encoding).
   */
  legendToggle?: boolean;
  /**
   * A text under the chart.
   */
  hint?: string;
  /**
   * The chart height in pixels.
   */
  height?: number;
  /**
   * Offer 'PNG' and 'SVG' buttons that download the drawn chart (PNG at twice its size), in a file named after the page, the panel and the period, as a table's 'Export CSV' is.
   */
  download?: boolean;
  /**
   * Actions by event.
   */
  on?: {
    click?: Actions;
  };
}
/**
 * A server-side sorted and paged table (TanStack Table) with optional row numbers, totals row and grouped rows.
 */
export interface TableWidget {
  /**
   * The widget kind: 'table'.
   */
  kind: 'table';
  /**
   * An optional id, unique in the panel, used in messages and test ids.
   */
  id?: string;
  /**
   * A name used to refer to a param, data source, panel or state: letters, digits and underscores, starting with a letter.
   */
  data: string;
  when?: Condition;
  /**
   * The share of the block's width this widget takes (flex grow).
   */
  span?: number;
  /**
   * The columns, left to right.
   *
   * @minItems 1
   */
  columns: Column[];
  /**
   * A name used to refer to a param, data source, panel or state: letters, digits and underscores, starting with a letter.
   */
  state?: string;
  /**
   * A first '#' column numbering rows from offset + 1.
   */
  rowNumbers?: {
    /**
     * The header text.
     */
    header?: string;
    /**
     * The CSS width.
     */
    width?: number | string;
  };
  /**
   * The initial page size.
   */
  pageSize?: 10 | 25 | 50 | 100;
  /**
   * The page sizes offered.
   */
  pageSizes?: number[];
  /**
   * The sort applied before the user sorts.
   */
  defaultSort?: {
    /**
     * The sort key (a column's sortField or field).
     */
    field: string;
    /**
     * The direction.
     */
    direction?: 'asc' | 'desc';
  };
  /**
   * A totals row read from another data source (its first row).
   */
  totals?: {
    /**
     * A name used to refer to a param, data source, panel or state: letters, digits and underscores, starting with a letter.
     */
    data: string;
    /**
     * The text in the first cell.
     */
    label?: string;
  };
  /**
   * Where the total row count comes from when the source has no total: a row field plus an offset (e.g. a max index plus 1).
   */
  totalRows?: {
    /**
     * The row field.
     */
    field: string;
    /**
     * Added to the field's value.
     */
    add?: number;
  };
  /**
   * Show the page size chooser and paginator.
   */
  paginator?: boolean;
  /**
   * Offer 'Export CSV': every row under the current filter, params and sort (not only the page shown), the headers, the totals row and the cells as shown, in a UTF-8 file named after the page, the panel and the period.
   */
  export?: boolean;
  /**
   * The maximum body height in pixels before it scrolls.
   */
  maxHeight?: number;
}
/**
 * A table column.
 */
export interface Column {
  preset?: LibraryName;
  /**
   * The header text.
   */
  header: string;
  /**
   * The row field shown in the cell.
   */
  field: string;
  /**
   * Horizontal alignment.
   */
  align?: 'left' | 'center' | 'right';
  /**
   * A CSS width (e.g. 65 or '20%').
   */
  width?: number | string;
  /**
   * A CSS minimum width.
   */
  minWidth?: number | string;
  pipe?: Pipe;
  /**
   * Whether clicking the header sorts by this column (server-side).
   */
  sortable?: boolean;
  /**
   * The sort key sent to the server; defaults to field.
   */
  sortField?: string;
  link?: Actions;
  /**
   * A boolean row field; when it is false the cell gets ' (Inactive)' after its value.
   */
  inactiveField?: string;
  /**
   * A row field; when it is missing or zero the cell shows an em dash instead of its value (a ratio over a count that is zero, say).
   */
  dashUnless?: string;
  /**
   * Rows with the same value in this column are grouped: the cell spans them (rowspan), and the paginator counts groups, not rows (the endpoint pages by group, so a group never splits across pages).
   */
  group?: boolean;
  /**
   * What the totals row shows in this column.
   */
  total?: {
    /**
     * The field of the totals row; defaults to the column's field.
     */
    field?: string;
    /**
     * A literal text instead of a field (e.g. 'Total').
     */
    text?: string;
    pipe?: Pipe;
    /**
     * Show an em dash when the total is zero or missing.
     */
    zeroAsDash?: boolean;
  };
  /**
   * A tooltip on the header.
   */
  tooltip?: string;
}
/**
 * A display transform applied to a value.
 */
export interface Pipe {
  /**
   * The transform: decimal, percent, currency, date, lowercase, uppercase, minutes, duration ('days, hrs, min' from seconds), clock ('M:SS' or 'H:MM:SS' from seconds) or boolean (a true/false value as words).
   */
  name:
    | 'decimal'
    | 'percent'
    | 'currency'
    | 'date'
    | 'lowercase'
    | 'uppercase'
    | 'minutes'
    | 'duration'
    | 'boolean'
    | 'clock';
  /**
   * Arguments of the transform: decimal/percent/currency take a digits count (percent also the 'ratio' flag when the value is a 0-1 ratio), date takes a format such as 'M/D/YYYY h:mm A', boolean the texts for true and false (default 'Yes', 'No').
   */
  args?: (string | number | boolean)[];
}
/**
 * A summary pane: a heading and label/value lines read from the first row (or one line per row).
 */
export interface SummaryWidget {
  /**
   * The widget kind: 'summary'.
   */
  kind: 'summary';
  /**
   * An optional id, unique in the panel, used in messages and test ids.
   */
  id?: string;
  /**
   * A name used to refer to a param, data source, panel or state: letters, digits and underscores, starting with a letter.
   */
  data?: string;
  when?: Condition;
  /**
   * The share of the block's width this widget takes (flex grow).
   */
  span?: number;
  /**
   * The heading.
   */
  title?: string;
  /**
   * The lines; each reads one field of the first row.
   *
   * Items: One line.
   */
  items?: {
    /**
     * The label.
     */
    label: string;
    /**
     * The row field.
     */
    field: string;
    pipe?: Pipe;
    /**
     * A tooltip on the value.
     */
    tooltip?: string;
  }[];
  /**
   * Instead of items: one line per row, label and value from these fields.
   */
  rows?: {
    /**
     * The field holding the label.
     */
    labelField: string;
    /**
     * The field holding the value.
     */
    valueField: string;
    pipe?: Pipe;
    /**
     * The labels always listed, in this order: a label no row carries shows the empty text (an empty answer still lists them all). Without it, the rows' labels in their order.
     */
    labels?: string[];
  };
  /**
   * Shown for a missing value.
   */
  empty?: string;
  /**
   * Tooltip of a missing value.
   */
  emptyTooltip?: string;
}
/**
 * Pill buttons: clicking an enabled pill selects only it and sets the param.
 */
export interface PillsWidget {
  /**
   * The widget kind: 'pills'.
   */
  kind: 'pills';
  /**
   * An optional id, unique in the panel, used in messages and test ids.
   */
  id?: string;
  when?: Condition;
  /**
   * The share of the block's width this widget takes (flex grow).
   */
  span?: number;
  /**
   * A name used to refer to a param, data source, panel or state: letters, digits and underscores, starting with a letter.
   */
  param: string;
  /**
   * The pills. A string names an option set of a library.
   */
  options: Option[] | LibraryName;
  /**
   * Disable a pill while a data source has no rows; if it was selected, select the fallback.
   */
  disableWhenEmpty?: {
    value: Literal1;
    /**
     * A name used to refer to a param, data source, panel or state: letters, digits and underscores, starting with a letter.
     */
    data: string;
    fallback: Literal1;
  };
  /**
   * Actions by event.
   */
  on?: {
    select?: Actions;
  };
}
/**
 * A multi-select with search, Check All / Uncheck All and an optional Apply button; sets a list param.
 */
export interface MultiselectWidget {
  /**
   * The widget kind: 'multiselect'.
   */
  kind: 'multiselect';
  /**
   * An optional id, unique in the panel, used in messages and test ids.
   */
  id?: string;
  when?: Condition;
  /**
   * The share of the block's width this widget takes (flex grow).
   */
  span?: number;
  /**
   * A name used to refer to a param, data source, panel or state: letters, digits and underscores, starting with a letter.
   */
  param: string;
  /**
   * The label.
   */
  label?: string;
  /**
   * The choices; with optionsFrom, the ones added after the rows' choices. A string names an option set of a library.
   */
  options?: Option[] | LibraryName;
  /**
   * Read the choices from a data source's rows (the `options` written here, if any, follow them).
   */
  optionsFrom?: {
    /**
     * A name used to refer to a param, data source, panel or state: letters, digits and underscores, starting with a letter.
     */
    data: string;
    /**
     * The label field.
     */
    labelField: string;
    /**
     * The value field.
     */
    valueField: string;
    /**
     * The label shown for a row's label (a value map, or the name of a library value map); a label not in it shows as it is.
     */
    labels?:
      | {
          [k: string]: string;
        }
      | LibraryName;
  };
  /**
   * Show the search box.
   */
  search?: boolean;
  /**
   * Show an Apply button; the param changes only on Apply.
   */
  apply?: boolean;
  /**
   * Actions by event.
   */
  on?: {
    change?: Actions;
  };
}
/**
 * A single-choice dropdown that sets a param.
 */
export interface SelectWidget {
  /**
   * The widget kind: 'select'.
   */
  kind: 'select';
  /**
   * An optional id, unique in the panel, used in messages and test ids.
   */
  id?: string;
  when?: Condition;
  /**
   * The share of the block's width this widget takes (flex grow).
   */
  span?: number;
  /**
   * A name used to refer to a param, data source, panel or state: letters, digits and underscores, starting with a letter.
   */
  param: string;
  /**
   * The label.
   */
  label?: string;
  /**
   * The choices. A string names an option set of a library.
   */
  options: Option[] | LibraryName;
  /**
   * Actions by event.
   */
  on?: {
    change?: Actions;
  };
}
/**
 * A removable chip shown while a param is set; its x runs the remove actions (by default resets the param).
 */
export interface ChipWidget {
  /**
   * The widget kind: 'chip'.
   */
  kind: 'chip';
  /**
   * An optional id, unique in the panel, used in messages and test ids.
   */
  id?: string;
  when?: Condition;
  /**
   * The share of the block's width this widget takes (flex grow).
   */
  span?: number;
  /**
   * A name used to refer to a param, data source, panel or state: letters, digits and underscores, starting with a letter.
   */
  param: string;
  /**
   * The chip text; {name} inserts a param's value.
   */
  text: string;
  /**
   * Actions by event.
   */
  on?: {
    remove?: Actions;
  };
}
/**
 * A line of text with templated values: {param.name}, {row.field} (first row of data), each optionally piped as {row.field|date:M/D/YYYY h:mm A}.
 */
export interface TextWidget {
  /**
   * The widget kind: 'text'.
   */
  kind: 'text';
  /**
   * An optional id, unique in the panel, used in messages and test ids.
   */
  id?: string;
  /**
   * A name used to refer to a param, data source, panel or state: letters, digits and underscores, starting with a letter.
   */
  data?: string;
  when?: Condition;
  /**
   * The share of the block's width this widget takes (flex grow).
   */
  span?: number;
  /**
   * The template.
   */
  text: string;
  /**
   * Shown for a row value while data loads or is missing.
   */
  placeholder?: string;
  /**
   * Visual style.
   */
  variant?: 'body' | 'title' | 'hint';
}
/**
 * A request body: each value is a literal or a value reference.
 */
export interface Body {
  [k: string]: BodyValue;
}
