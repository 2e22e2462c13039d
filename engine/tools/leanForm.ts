import type { KnownEndpoints } from '../definitions/endpointIndex';
import { LIBRARY_SECTIONS, type Library, type LibrarySection, variantOf } from '../definitions/library';
import { isJsonObject, type JsonObject, type JsonValue, jsonEqual } from './jsonValue';

/**
 * Rewrites a version 2 definition in its lean form, saying each thing once: what a library
 * already says is replaced by its name. The result means exactly what the input meant (expanding
 * it gives the input back), so `dashboards:diff` finds no difference:
 * - a source's paging keys and rows/total pointers (the library's paging) become `"paged": true`;
 * - a source whose totals source is derivable (same body without paging, same condition, the
 *   endpoint plus the totals pathSuffix, the name plus the nameSuffix) gets `"withTotals": true`
 *   and the totals source goes;
 * - the largest body template a source's body contains becomes `"template": name`, and the
 *   template most sources use becomes the page's `sourceDefaults` when that saves lines;
 * - value maps, option sets, column presets and chart specs equal to a library entry become names;
 * - a `variant` equal to the literal of its endpoint's variant key in the body goes.
 * Applied twice, it changes nothing more.
 */
export function leanForm(input: JsonObject, library: Library, endpoints?: KnownEndpoints): JsonObject {
  const doc = structuredClone(input);
  const entries = (section: LibrarySection) =>
    [...library.sections[section].entries()].map(([name, e]) => [name, e.value as JsonValue] as const);
  const data = isJsonObject(doc.data) ? doc.data : undefined;
  if (data) leanSources(data, library, entries);
  // A variant its body's variant key already says goes (expansion infers it).
  if (data && endpoints)
    for (const source of Object.values(data))
      if (
        isJsonObject(source) &&
        'variant' in source &&
        jsonEqual(variantOf(source, endpoints) ?? null, source.variant)
      )
        delete source.variant;
  if (data) chooseDefaultTemplate(doc, data);
  if (isJsonObject(doc.panels)) for (const panel of Object.values(doc.panels)) leanPanel(panel, entries);
  return doc;
}

type Entries = (section: LibrarySection) => (readonly [string, JsonValue])[];

/** True when every member of `part` is in `whole` with an equal value. */
function contains(whole: JsonObject, part: JsonValue): part is JsonObject {
  return (
    isJsonObject(part) &&
    Object.keys(part).length > 0 &&
    Object.entries(part).every(([k, v]) => k in whole && jsonEqual(whole[k], v))
  );
}

function without(obj: JsonObject, keys: string[]): JsonObject {
  return Object.fromEntries(Object.entries(obj).filter(([k]) => !keys.includes(k)));
}

function leanSources(data: JsonObject, library: Library, entries: Entries): void {
  const original = structuredClone(data);
  const paging = library.paging;
  const pagingKeys = paging ? Object.keys(paging.body) : [];
  for (const [name, value] of Object.entries(original)) {
    if (!isJsonObject(value) || !isJsonObject(data[name])) continue;
    const source = data[name] as JsonObject;
    if ('template' in source || 'paged' in source || 'withTotals' in source) continue;
    const body = isJsonObject(source.body) ? source.body : {};
    const isPaged =
      !!paging &&
      contains(body, paging.body as JsonValue) &&
      (paging.rows === undefined || source.rows === paging.rows) &&
      (paging.total === undefined || source.total === paging.total);
    // Totals first, on the bodies as written: the totals source is the body without paging.
    const totals = library.totals;
    const totalsName = totals ? `${name}${totals.nameSuffix}` : undefined;
    const candidate = totalsName ? original[totalsName] : undefined;
    if (
      totals &&
      totalsName &&
      isJsonObject(candidate) &&
      candidate.endpoint === `${String(source.endpoint)}${totals.pathSuffix}` &&
      jsonEqual(candidate.method, source.method) &&
      jsonEqual(candidate.when, source.when) &&
      jsonEqual(candidate.reloadOnApply, source.reloadOnApply) &&
      candidate.rows === undefined &&
      candidate.total === undefined &&
      candidate.variant === undefined &&
      jsonEqual((candidate.body as JsonValue | undefined) ?? {}, isPaged ? without(body, pagingKeys) : body)
    ) {
      delete data[totalsName];
      source.withTotals = true;
    }
    let rest = body;
    if (isPaged && paging) {
      rest = without(rest, pagingKeys);
      if (paging.rows !== undefined) delete source.rows;
      if (paging.total !== undefined) delete source.total;
      source.paged = true;
    }
    const template = largest(entries('templates'), rest);
    if (template) {
      rest = without(rest, Object.keys(template[1] as JsonObject));
      source.template = template[0];
    }
    for (const [key, v] of Object.entries(rest)) {
      if (!isJsonObject(v) || !isJsonObject(v.map)) continue;
      const map = entries('valueMaps').find(([, m]) => jsonEqual(m, v.map));
      if (map) rest[key] = { ...v, map: map[0] };
    }
    if (Object.keys(rest).length) source.body = rest;
    else delete source.body;
  }
}

/** The entry with the most members all contained in `whole`. */
function largest(list: (readonly [string, JsonValue])[], whole: JsonObject) {
  return list
    .filter(([, part]) => contains(whole, part))
    .sort(([, a], [, b]) => Object.keys(b as JsonObject).length - Object.keys(a as JsonObject).length)[0];
}

/** The template most sources name becomes the page default, when it saves more lines than it costs. */
function chooseDefaultTemplate(doc: JsonObject, data: JsonObject): void {
  if (isJsonObject(doc.sourceDefaults)) return;
  const sources = Object.values(data).filter(isJsonObject);
  const counts = new Map<string, number>();
  for (const s of sources)
    if (typeof s.template === 'string') counts.set(s.template, (counts.get(s.template) ?? 0) + 1);
  const [best, uses] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] ?? [];
  if (!best || !uses) return;
  const without = sources.filter((s) => s.template === undefined).length;
  // Each use saves a line; each source without a template needs "template": false; the default costs one.
  if (uses <= without + 1) return;
  doc.sourceDefaults = { template: best };
  for (const s of sources) {
    if (s.template === best) delete s.template;
    else if (s.template === undefined) s.template = false;
  }
}

function leanPanel(panel: JsonValue, entries: Entries): void {
  if (!isJsonObject(panel) || !Array.isArray(panel.blocks)) return;
  for (const block of panel.blocks) if (isJsonObject(block)) leanDrilldown(block, panel.blocks);
  for (const block of panel.blocks) {
    if (isJsonObject(block) && isJsonObject(block.drilldown) && Array.isArray(block.drilldown.levels)) {
      const levels = block.drilldown.levels;
      const set = entries('optionSets').find(([, o]) => jsonEqual(o, levels));
      if (set) block.drilldown.levels = set[0];
    }
    if (!isJsonObject(block) || !Array.isArray(block.widgets)) continue;
    for (const w of block.widgets) {
      if (!isJsonObject(w)) continue;
      if (Array.isArray(w.options)) {
        const set = entries('optionSets').find(([, o]) => jsonEqual(o, w.options));
        if (set) w.options = set[0];
      }
      if (isJsonObject(w.spec)) {
        const spec = entries('specs').find(([, s]) => jsonEqual(s, w.spec));
        if (spec) w.spec = spec[0];
      }
      if (Array.isArray(w.columns))
        w.columns = w.columns.map((c) => {
          if (!isJsonObject(c) || 'preset' in c) return c;
          const preset = largest(entries('columnPresets'), c);
          return preset ? { preset: preset[0], ...without(c, Object.keys(preset[1] as JsonObject)) } : c;
        });
    }
  }
}

/**
 * A block starting with the drill-down's pills and chip, whose panel's first-level table has the
 * link that chooses an item, becomes `"drilldown"` (see panel.schema.json): the pills, the chip and
 * the link go.
 */
function leanDrilldown(block: JsonObject, blocks: JsonValue[]): void {
  if ('drilldown' in block || !Array.isArray(block.widgets)) return;
  const [pills, chip] = block.widgets;
  if (!isJsonObject(pills) || !isJsonObject(chip) || pills.kind !== 'pills' || chip.kind !== 'chip') return;
  const view = pills.param;
  const key = chip.param;
  const label =
    typeof chip.text === 'string' ? /^\{param\.([A-Za-z0-9_]+)\}$/.exec(chip.text)?.[1] : undefined;
  const levels = pills.options;
  if (typeof view !== 'string' || typeof key !== 'string' || !label) return;
  const clear = [{ reset: key }, { reset: label }];
  const plain = (w: JsonObject, action: string, extra: string[]) =>
    Object.keys(w).every((k) => ['kind', 'param', 'on', ...extra].includes(k)) &&
    isJsonObject(w.on) &&
    Object.keys(w.on).length === 1 &&
    jsonEqual(w.on[action], clear);
  if (!plain(pills, 'select', ['options']) || !plain(chip, 'remove', ['text'])) return;
  const values = Array.isArray(levels)
    ? levels.map((o) => (isJsonObject(o) ? o.value : undefined))
    : undefined;
  // The levels by name are resolved only at expansion: take the values from the link it sets.
  for (const other of blocks) {
    if (!isJsonObject(other) || !Array.isArray(other.widgets)) continue;
    for (const table of other.widgets) {
      if (!isJsonObject(table) || table.kind !== 'table' || !isJsonObject(table.when)) continue;
      if (table.when.param !== view || (values && table.when.equals !== values[0])) continue;
      for (const column of Array.isArray(table.columns) ? table.columns : []) {
        if (!isJsonObject(column) || !Array.isArray(column.link) || column.link.length !== 3) continue;
        const [setKey, setLabel, setView] = column.link;
        const field = (a: JsonValue | undefined, param: string) =>
          isJsonObject(a) && a.set === param && Object.keys(a).length === 2 && typeof a.from === 'string'
            ? /^row\.(.+)$/.exec(a.from)?.[1]
            : undefined;
        const keyField = field(setKey, key);
        const labelField = field(setLabel, label);
        if (!keyField || !labelField || !isJsonObject(setView) || setView.set !== view) continue;
        if (values && !jsonEqual(setView.value, values[1])) continue;
        delete column.link;
        block.widgets = block.widgets.slice(2);
        block.drilldown = {
          view,
          levels,
          key,
          label,
          from: { column: column.field as JsonValue, key: keyField, label: labelField },
        };
        return;
      }
    }
  }
}

/** Every section a library has, for tools that list them. */
export const librarySections = LIBRARY_SECTIONS;
