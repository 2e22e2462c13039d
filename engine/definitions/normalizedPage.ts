import type { DataSource, PageDefinition, Param } from '../types/dashboard';

/** A param after normalization: default and resetOnApply always present. */
export type NormalizedParam = Param & { default: unknown; resetOnApply: boolean };

/** A data source after normalization: method, body, rows pointer and reload flag always present. */
export type NormalizedSource = DataSource &
  Required<Pick<DataSource, 'method' | 'body' | 'rows' | 'reloadOnApply'>>;

/** The filter-bar flags, all present. */
export type FilterBarFlags = Required<NonNullable<PageDefinition['filterBar']>>;

/**
 * The only shape the renderer sees: schema defaults filled, shorthand resolved, the editor-only
 * `$schema` dropped. Produced by normalizeDefinition from a valid definition.
 */
export interface NormalizedPage extends Omit<PageDefinition, '$schema' | 'filterBar' | 'params' | 'data'> {
  filterBar: FilterBarFlags;
  params: Record<string, NormalizedParam>;
  data: Record<string, NormalizedSource>;
}

/**
 * Library names are resolved by normalization, so the renderer only meets lists and objects where
 * an author may write a name (options, a value map, a chart spec): these narrow the authoring types.
 */
export function resolvedList<T>(value: readonly T[] | string | undefined): readonly T[] {
  return Array.isArray(value) ? value : [];
}

/** See resolvedList: an object where an author may write a library name. */
export function resolvedObject(value: object | string | undefined): Record<string, unknown> | undefined {
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
}
