import type { JsonObject } from '../jsonValue';
import { diffPage } from './diffPage';
import type { DiffReport, PageDiff } from './diffReport';

/** A normalized definition and where it was read from (a file, or 'revision:path'). */
export interface DefinitionVersion {
  source: string;
  page: JsonObject;
}

/**
 * Compares two sets of normalized definitions, matching pages by id: a page on one side only was
 * added or removed; a page on both is compared with diffPage. Pages are reported in id order.
 */
export function diffDefinitionSets(before: DefinitionVersion[], after: DefinitionVersion[]): DiffReport {
  const byId = (list: DefinitionVersion[]) => new Map(list.map((d) => [String(d.page.id), d]));
  const a = byId(before);
  const b = byId(after);
  const ids = [...new Set([...a.keys(), ...b.keys()])].sort();
  const pages = ids.map((id): PageDiff => {
    const old = a.get(id);
    const next = b.get(id);
    const empty = { panels: [], widgets: [], properties: [] };
    if (!old) return { page: id, status: 'added', new: next?.source, ...empty };
    if (!next) return { page: id, status: 'removed', old: old.source, ...empty };
    const changes = diffPage(old.page, next.page);
    const same = !changes.panels.length && !changes.widgets.length && !changes.properties.length;
    return { page: id, status: same ? 'equal' : 'changed', old: old.source, new: next.source, ...changes };
  });
  return { equal: pages.every((p) => p.status === 'equal'), pages };
}
