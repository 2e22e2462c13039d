/** A JSON object as parsed from a definition file, before validation. */
export type RawDefinition = Record<string, unknown>;

/**
 * One step of the definition format: turns a document of schemaVersion `from` into one of
 * `to` (= from + 1). Steps run before validation, so they must accept any input of their version,
 * valid or not, and leave what they do not understand for the schema to report.
 */
export interface MigrationStep {
  from: number;
  to: number;
  /** What changed in this version, for the changelog and `dashboards:migrate`. */
  description: string;
  /** Returns a new document; never changes its argument. */
  migrate(doc: RawDefinition): RawDefinition;
}
