import type { Problem } from './definitionError';
import { endpointKey, type KnownEndpoints } from './endpointIndex';
import { escapePointerToken } from './jsonPointer';
import { messages } from './messages';
import type { PositionMap } from './parseJsonWithPositions';

type Json = Record<string, unknown>;

/** The named sections a library has, each a map of name to entry. */
export const LIBRARY_SECTIONS = ['templates', 'optionSets', 'valueMaps', 'columnPresets', 'specs'] as const;
export type LibrarySection = (typeof LIBRARY_SECTIONS)[number];

/** What a section's entries are called in messages. */
const ENTRY_NAME: Record<LibrarySection, string> = {
  templates: 'body template',
  optionSets: 'option set',
  valueMaps: 'value map',
  columnPresets: 'column preset',
  specs: 'Vega-Lite spec',
};

/**
 * Named pieces that definitions reference instead of repeating them: the library files beside the
 * pages (`_*.json`), merged. Each entry remembers the file it came from, for messages.
 */
export interface Library {
  sections: Record<LibrarySection, Map<string, { value: unknown; file: string }>>;
  paging?: { body: Json; rows?: string; total?: string };
  totals?: { pathSuffix: string; nameSuffix: string };
  /** Each library file's positions, to place a problem of a value that came from it. */
  positions: Map<string, PositionMap>;
}

/**
 * Where a part of an expanded definition was written: a library file's entry (`file`), or another
 * place of the page itself (no `file`). Keyed by the part's pointer in the expanded definition.
 */
export type Origins = Map<string, Origin>;

/** Where a part was written; `derived` when it was made from another part (a `withTotals` source). */
export interface Origin {
  file?: string;
  pointer: string;
  derived?: boolean;
}

/** The place a problem of the expanded definition points at, as written (the longest known prefix). */
export function originOf(origins: Origins, pointer: string): Origin {
  let best: string | undefined;
  for (const key of origins.keys())
    if (
      (pointer === key || pointer.startsWith(`${key}/`)) &&
      (best === undefined || key.length > best.length)
    )
      best = key;
  if (best === undefined) return { pointer };
  const origin = origins.get(best)!;
  return { file: origin.file, pointer: origin.pointer + pointer.slice(best.length), derived: origin.derived };
}

/** An empty library (no library file). */
export function emptyLibrary(): Library {
  return {
    sections: Object.fromEntries(LIBRARY_SECTIONS.map((s) => [s, new Map()])) as Library['sections'],
    positions: new Map(),
  };
}

/** True for a library file's name: it starts with '_' (dashboards/_shared.json). */
export function isLibraryFile(file: string): boolean {
  return /(^|[/\\])_[^/\\]*\.json$/.test(file);
}

/**
 * Adds a parsed library file to a library. A name declared by two library files is a problem of
 * the later one (each thing is said once).
 */
export function addLibraryFile(library: Library, file: string, doc: Json): Problem[] {
  const problems: Problem[] = [];
  for (const section of LIBRARY_SECTIONS) {
    const entries = doc[section];
    if (!entries || typeof entries !== 'object') continue;
    for (const [name, value] of Object.entries(entries as Json)) {
      const other = library.sections[section].get(name);
      if (other)
        problems.push({
          pointer: `/${section}/${escapePointerToken(name)}`,
          message: messages.duplicate(ENTRY_NAME[section], name, other.file),
          atKey: true,
        });
      else library.sections[section].set(name, { value, file });
    }
  }
  if (doc.paging && typeof doc.paging === 'object') library.paging = doc.paging as Library['paging'];
  if (doc.totals && typeof doc.totals === 'object') library.totals = doc.totals as Library['totals'];
  return problems;
}

/**
 * Resolves every library reference and source shorthand of a definition into the plain shape the
 * renderer reads: a source's body template and `paged` wiring merged into its body, `withTotals`
 * sources declared, option sets, value maps, column presets and specs put in place of their names,
 * and the page's own library sections dropped. The page's own entries win over the library's.
 * A name that exists nowhere is a problem at the reference, with 'did you mean'; the reference
 * is then left as written (the schema and later checks skip it).
 */
export function expandDefinition(
  doc: Json,
  library: Library,
  endpoints?: KnownEndpoints,
): { doc: Json; problems: Problem[]; origins: Origins } {
  const problems: Problem[] = [];
  const origins: Origins = new Map();
  const own = (section: LibrarySection) => (doc[section] as Json | undefined) ?? {};
  // A page entry of a library name would replace the library's for every use on the page.
  for (const section of LIBRARY_SECTIONS)
    for (const name of Object.keys(own(section))) {
      const shared = library.sections[section].get(name);
      if (shared)
        problems.push({
          pointer: `/${section}/${escapePointerToken(name)}`,
          message: messages.shadowed(ENTRY_NAME[section], name, shared.file),
          atKey: true,
        });
    }
  const known = (section: LibrarySection) => [
    ...new Set([...Object.keys(own(section)), ...library.sections[section].keys()]),
  ];
  const lookup = (section: LibrarySection, name: unknown, pointer: string, expandedAt?: string): unknown => {
    if (typeof name !== 'string') return undefined;
    const entryPointer = `/${section}/${escapePointerToken(name)}`;
    if (Object.hasOwn(own(section), name)) {
      if (expandedAt !== undefined) origins.set(expandedAt, { pointer: entryPointer });
      return structuredClone(own(section)[name]);
    }
    const entry = library.sections[section].get(name);
    if (entry) {
      if (expandedAt !== undefined) origins.set(expandedAt, { file: entry.file, pointer: entryPointer });
      return structuredClone(entry.value);
    }
    problems.push({
      pointer,
      message: messages.unknownLibraryName(ENTRY_NAME[section], name, known(section)),
    });
    return undefined;
  };

  const out: Json = {};
  for (const [key, value] of Object.entries(doc)) {
    if ((LIBRARY_SECTIONS as readonly string[]).includes(key) || key === 'sourceDefaults') continue;
    out[key] = value;
  }
  const data = doc.data && typeof doc.data === 'object' ? (doc.data as Json) : undefined;
  if (data) out.data = expandSources(data, doc, library, lookup, problems, origins);
  if (out.data && endpoints) inferVariants(out.data as Json, endpoints);
  if (doc.panels && typeof doc.panels === 'object')
    out.panels = expandPanels(doc.panels as Json, lookup, problems, origins);
  return { doc: out, problems, origins };
}

type Lookup = (section: LibrarySection, name: unknown, pointer: string, expandedAt?: string) => unknown;

function expandSources(
  data: Json,
  doc: Json,
  library: Library,
  lookup: Lookup,
  problems: Problem[],
  origins: Origins,
): Json {
  const out: Json = {};
  const lookupOrigin = (key: string) => origins.get(key);
  const defaults = (doc.sourceDefaults as { template?: unknown } | undefined) ?? {};
  let defaultTemplate: Json | undefined;
  let defaultChecked = false;
  for (const [name, raw] of Object.entries(data)) {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
      out[name] = raw;
      continue;
    }
    const at = `/data/${escapePointerToken(name)}`;
    const { template, paged, withTotals, ...source } = raw as Json;
    let base: Json | undefined;
    if (typeof template === 'string')
      base = lookup('templates', template, `${at}/template`, `${at}/template`) as Json | undefined;
    else if (template === undefined && typeof defaults.template === 'string') {
      if (!defaultChecked) {
        defaultTemplate = lookup(
          'templates',
          defaults.template,
          '/sourceDefaults/template',
          '\u0000default',
        ) as Json | undefined;
        defaultChecked = true;
      }
      base = structuredClone(defaultTemplate);
    } else if (template !== undefined && template !== false) source.template = template;
    const own = source.body && typeof source.body === 'object' ? (source.body as Json) : undefined;
    // The template's keys were written in the template.
    const templateOrigin = lookupOrigin(typeof template === 'string' ? `${at}/template` : '\u0000default');
    if (base && templateOrigin)
      for (const key of Object.keys(base))
        if (!own || !Object.hasOwn(own, key))
          origins.set(`${at}/body/${escapePointerToken(key)}`, {
            file: templateOrigin.file,
            pointer: `${templateOrigin.pointer}/${escapePointerToken(key)}`,
          });
    let body: Json | undefined = base || own ? { ...(base ?? {}), ...(own ?? {}) } : undefined;
    body = body ? expandMaps(body, `${at}/body`, own ?? {}, lookup) : body;
    let pagingKeys: string[] = [];
    if (paged === true) {
      if (!library.paging) problems.push({ pointer: `${at}/paged`, message: messages.noPaging() });
      else {
        pagingKeys = Object.keys(library.paging.body);
        body = { ...(body ?? {}), ...structuredClone(library.paging.body) };
        if (source.rows === undefined && library.paging.rows !== undefined) source.rows = library.paging.rows;
        if (source.total === undefined && library.paging.total !== undefined)
          source.total = library.paging.total;
      }
    } else if (paged !== undefined && paged !== false) source.paged = paged;
    if (body) source.body = body;
    out[name] = source;
    if (withTotals === undefined || withTotals === false) continue;
    if (withTotals !== true && typeof withTotals !== 'string') {
      source.withTotals = withTotals;
      continue;
    }
    if (!library.totals) {
      problems.push({ pointer: `${at}/withTotals`, message: messages.noTotals() });
      continue;
    }
    const totalsName = typeof withTotals === 'string' ? withTotals : `${name}${library.totals.nameSuffix}`;
    if (Object.hasOwn(data, totalsName)) {
      problems.push({ pointer: `${at}/withTotals`, message: messages.totalsNameTaken(totalsName) });
      continue;
    }
    const totals: Json = { endpoint: `${String(source.endpoint)}${library.totals.pathSuffix}` };
    if (source.method !== undefined) totals.method = source.method;
    if (body) totals.body = Object.fromEntries(Object.entries(body).filter(([k]) => !pagingKeys.includes(k)));
    if (source.when !== undefined) totals.when = structuredClone(source.when);
    if (source.reloadOnApply !== undefined) totals.reloadOnApply = source.reloadOnApply;
    out[totalsName] = totals;
    // The totals source is written as the rows source's `withTotals`: its problems are placed there.
    const totalsAt = `/data/${escapePointerToken(totalsName)}`;
    origins.set(totalsAt, { pointer: `${at}/withTotals`, derived: true });
    origins.set(`${totalsAt}/body`, { pointer: `${at}/body`, derived: true });
    origins.set(`${totalsAt}/when`, { pointer: `${at}/when`, derived: true });
  }
  return out;
}

/** The literal value of a body key that picks the variant (see KnownEndpoint.variantKey), if any. */
export function variantOf(source: Json, endpoints: KnownEndpoints): string | number | undefined {
  const key = endpoints.get(
    endpointKey(String(source.method ?? 'POST'), String(source.endpoint)),
  )?.variantKey;
  const value = key ? (source.body as Json | undefined)?.[key] : undefined;
  return typeof value === 'string' || typeof value === 'number' ? value : undefined;
}

/** A source with no `variant` takes it from the literal its endpoint's variant key has in its body. */
function inferVariants(data: Json, endpoints: KnownEndpoints): void {
  for (const source of Object.values(data)) {
    if (!source || typeof source !== 'object' || Array.isArray(source) || 'variant' in source) continue;
    const variant = variantOf(source as Json, endpoints);
    if (variant !== undefined) (source as Json).variant = variant;
  }
}

/** Value maps named by string in a body's references (only the source's own keys are located). */
function expandMaps(body: Json, at: string, own: Json, lookup: Lookup): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(body)) {
    if (
      value &&
      typeof value === 'object' &&
      !Array.isArray(value) &&
      typeof (value as Json).map === 'string'
    ) {
      const pointer = Object.hasOwn(own, key) ? `${at}/${escapePointerToken(key)}/map` : at;
      const map = lookup('valueMaps', (value as Json).map, pointer, `${at}/${escapePointerToken(key)}/map`);
      out[key] = map === undefined ? value : { ...(value as Json), map };
    } else out[key] = value;
  }
  return out;
}

function expandPanels(panels: Json, lookup: Lookup, problems: Problem[], origins: Origins): Json {
  const out: Json = {};
  for (const [name, panel] of Object.entries(panels)) {
    const blocks = (panel as Json | undefined)?.blocks;
    if (!Array.isArray(blocks)) {
      out[name] = panel;
      continue;
    }
    const expanded = blocks.map((block, b) => {
      const widgets = (block as Json | undefined)?.widgets;
      if (!Array.isArray(widgets)) return block;
      const at = `/panels/${escapePointerToken(name)}/blocks/${b}/widgets`;
      return {
        ...(block as Json),
        widgets: widgets.map((w, i) => expandWidget(w, `${at}/${i}`, lookup, origins)),
      };
    });
    // A drill-down writes into other blocks' tables: on a copy, never into the document as written.
    if (expanded.some((block) => (block as Json | undefined)?.drilldown))
      expanded.splice(0, expanded.length, ...structuredClone(expanded));
    expanded.forEach((block, b) => {
      const drilldown = (block as Json | undefined)?.drilldown;
      if (drilldown && typeof drilldown === 'object' && !Array.isArray(drilldown)) {
        const blockAt = `/panels/${escapePointerToken(name)}/blocks/${b}`;
        const before = ((block as Json).widgets as unknown[] | undefined)?.length ?? 0;
        const column = expandDrilldown(
          expanded,
          b,
          drilldown as Json,
          `${blockAt}/drilldown`,
          lookup,
          problems,
        );
        // Two widgets were put first: the block's own widgets moved by two.
        if ((((expanded[b] as Json).widgets as unknown[] | undefined)?.length ?? 0) === before + 2)
          shiftWidgets(origins, `${blockAt}/widgets/`, 2);
        const dd = `${blockAt}/drilldown`;
        origins.set(`${blockAt}/widgets/0`, { pointer: dd });
        origins.set(`${blockAt}/widgets/1`, { pointer: dd });
        if (typeof (drilldown as Json).levels === 'string')
          lookup('optionSets', (drilldown as Json).levels, `${dd}/levels`, `${blockAt}/widgets/0/options`);
        if (column) {
          const linkAt = `/panels/${escapePointerToken(name)}/blocks/${column.block}/widgets/${column.widget}/columns/${column.column}/link`;
          origins.set(linkAt, { pointer: `${dd}/from` });
          origins.set(`${linkAt}/0`, { pointer: `${dd}/from/key` });
          origins.set(`${linkAt}/1`, { pointer: `${dd}/from/label` });
          origins.set(`${linkAt}/2`, { pointer: `${dd}/levels` });
        }
      }
    });
    out[name] = { ...(panel as Json), blocks: expanded };
  }
  return out;
}

/**
 * A block's drill-down: the pills and the chip first in its widgets, and the link on the column of
 * the panel's first-level table. A column that the first level's table does not have, or no such
 * table, is a problem at the drill-down.
 */
function expandDrilldown(
  blocks: unknown[],
  index: number,
  drilldown: Json,
  at: string,
  lookup: Lookup,
  problems: Problem[],
): { block: number; widget: number; column: number } | undefined {
  const { view, key, label, from } = drilldown as {
    view?: unknown;
    key?: unknown;
    label?: unknown;
    from?: Json;
  };
  const levels =
    typeof drilldown.levels === 'string'
      ? lookup('optionSets', drilldown.levels, `${at}/levels`)
      : drilldown.levels;
  const block = blocks[index] as Json;
  const { drilldown: _written, ...rest } = block;
  if (
    typeof view !== 'string' ||
    typeof key !== 'string' ||
    typeof label !== 'string' ||
    !Array.isArray(levels) ||
    levels.length !== 2 ||
    !from ||
    typeof from.column !== 'string'
  ) {
    if (Array.isArray(levels) && levels.length !== 2)
      problems.push({ pointer: `${at}/levels`, message: messages.drilldownLevels(levels.length) });
    return undefined;
  }
  const clear = [{ reset: key }, { reset: label }];
  const pills = { kind: 'pills', param: view, options: levels, on: { select: clear } };
  const chip = { kind: 'chip', param: key, text: `{param.${label}}`, on: { remove: structuredClone(clear) } };
  blocks[index] = { ...rest, widgets: [pills, chip, ...((rest.widgets as unknown[] | undefined) ?? [])] };
  const [first, second] = levels as { value?: unknown }[];
  const tables = blocks
    .flatMap((b) => ((b as Json | undefined)?.widgets as Json[] | undefined) ?? [])
    .filter((w) => {
      const when = w?.when as { param?: unknown; equals?: unknown } | undefined;
      return w?.kind === 'table' && when?.param === view && when.equals === first?.value;
    });
  if (!tables.length) {
    problems.push({ pointer: `${at}/view`, message: messages.drilldownNoTable(view, String(first?.value)) });
    return undefined;
  }
  const columns = tables.flatMap((t) => (Array.isArray(t.columns) ? (t.columns as Json[]) : []));
  const column = columns.find((c) => c?.field === from.column);
  if (!column) {
    problems.push({
      pointer: `${at}/from/column`,
      message: messages.drilldownColumn(
        from.column,
        String(first?.value),
        columns.map((c) => String(c?.field)),
      ),
    });
    return undefined;
  }
  column.link = [
    { set: key, from: `row.${String(from.key)}` },
    { set: label, from: `row.${String(from.label)}` },
    { set: view, value: second?.value },
  ];
  for (const [bi, b] of blocks.entries()) {
    const ws = ((b as Json | undefined)?.widgets as Json[] | undefined) ?? [];
    for (const [wi, w] of ws.entries()) {
      const ci = Array.isArray(w?.columns) ? (w.columns as Json[]).indexOf(column) : -1;
      if (ci >= 0) return { block: bi, widget: wi, column: ci };
    }
  }
  return undefined;
}

/** Re-keys the origins under a block's widgets after widgets were put before them. */
function shiftWidgets(origins: Origins, prefix: string, by: number): void {
  const moved: [string, Origin][] = [];
  for (const [key, origin] of origins) {
    if (!key.startsWith(prefix)) continue;
    const rest = key.slice(prefix.length);
    const index = Number.parseInt(rest, 10);
    if (Number.isNaN(index)) continue;
    origins.delete(key);
    moved.push([`${prefix}${index + by}${rest.slice(String(index).length)}`, origin]);
  }
  for (const [key, origin] of moved) origins.set(key, origin);
  // The widgets as written, at their new place.
  for (let i = 0; i < 50; i++)
    if (!origins.has(`${prefix}${i + by}`)) origins.set(`${prefix}${i + by}`, { pointer: `${prefix}${i}` });
}

function expandWidget(widget: unknown, at: string, lookup: Lookup, origins: Origins): unknown {
  if (!widget || typeof widget !== 'object' || Array.isArray(widget)) return widget;
  const w = { ...(widget as Json) };
  if (typeof w.options === 'string')
    // A problem of an option is the page's use of the set: it stays at the reference.
    w.options = lookup('optionSets', w.options, `${at}/options`) ?? w.options;
  const from = w.optionsFrom as Json | undefined;
  if (from && typeof from === 'object' && typeof from.labels === 'string') {
    const labels = lookup('valueMaps', from.labels, `${at}/optionsFrom/labels`);
    if (labels !== undefined) w.optionsFrom = { ...from, labels };
  }
  if (typeof w.spec === 'string') w.spec = lookup('specs', w.spec, `${at}/spec`, `${at}/spec`) ?? w.spec;
  if (Array.isArray(w.columns))
    w.columns = w.columns.map((column, i) => {
      if (!column || typeof column !== 'object' || typeof (column as Json).preset !== 'string') return column;
      const { preset, ...rest } = column as Json;
      const base = lookup('columnPresets', preset, `${at}/columns/${i}/preset`, '\u0000preset') as
        | Json
        | undefined;
      const origin = origins.get('\u0000preset');
      origins.delete('\u0000preset');
      if (base && origin)
        for (const key of Object.keys(base))
          if (!Object.hasOwn(rest, key))
            origins.set(`${at}/columns/${i}/${escapePointerToken(key)}`, {
              file: origin.file,
              pointer: `${origin.pointer}/${escapePointerToken(key)}`,
            });
      return base ? { ...base, ...rest } : column;
    });
  return w;
}
