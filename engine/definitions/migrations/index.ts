/** Definition format versions: the steps from each older schemaVersion to the current one. */
export { type Migrated, migrateDefinition, needsMigration } from './migrateDefinition';
export type { MigrationStep, RawDefinition } from './migrationStep';
export { currentSchemaVersion, migrationSteps } from './migrationSteps';
export { v0ToV1 } from './v0ToV1';
