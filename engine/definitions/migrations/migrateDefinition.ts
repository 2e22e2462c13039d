import type { MigrationStep, RawDefinition } from './migrationStep';
import { currentSchemaVersion, migrationSteps } from './migrationSteps';

/** The outcome of migrating one parsed definition. */
export interface Migrated {
  /** The document at the current version, or the input unchanged when no step applied. */
  doc: unknown;
  /** The version the document had, when steps were applied. */
  from?: number;
  /** The steps applied, in order. */
  applied: MigrationStep[];
}

/**
 * Brings a parsed definition of an older schemaVersion to the current one, step by step. A
 * document that is not an object, has no numeric version, is already current, or has a version no
 * step starts from is returned unchanged: validation then reports it.
 */
export function migrateDefinition(
  value: unknown,
  steps: readonly MigrationStep[] = migrationSteps,
): Migrated {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { doc: value, applied: [] };
  let doc = value as RawDefinition;
  const from = doc.schemaVersion;
  if (typeof from !== 'number') return { doc, applied: [] };
  const applied: MigrationStep[] = [];
  for (;;) {
    const step = steps.find((s) => s.from === doc.schemaVersion);
    if (!step) break;
    doc = step.migrate(doc);
    applied.push(step);
  }
  return applied.length ? { doc, from, applied } : { doc, applied };
}

/** True when the parsed definition has an older version that steps can migrate. */
export function needsMigration(value: unknown): boolean {
  const version = (value as RawDefinition | null)?.schemaVersion;
  return (
    typeof version === 'number' &&
    version < currentSchemaVersion &&
    migrateDefinition(value).applied.length > 0
  );
}
