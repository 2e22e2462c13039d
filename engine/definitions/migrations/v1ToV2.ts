import type { MigrationStep, RawDefinition } from './migrationStep';

/**
 * Version 2 adds what lets a definition say each thing once: libraries (body templates, paging and
 * totals conventions, option sets, value maps, column presets, Vega-Lite specs) referenced by name,
 * `sourceDefaults`, and a source's `template`, `paged` and `withTotals`. Every version 1 file is a
 * valid version 2 file with the same meaning, so on load only the version changes and every
 * pointer (so every error position) stays where the file on disk has it. `dashboards:migrate`
 * then rewrites the file into the lean form (see engine/tools/leanForm.ts).
 */
export const v1ToV2: MigrationStep = {
  from: 1,
  to: 2,
  description: 'version 2 adds libraries and source shorthands; a version 1 file means the same',
  migrate(doc: RawDefinition): RawDefinition {
    return { ...doc, schemaVersion: 2 };
  },
};
