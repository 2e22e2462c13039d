import type { MigrationStep } from './migrationStep';
import { v0ToV1 } from './v0ToV1';
import { v1ToV2 } from './v1ToV2';

/** Every step, oldest first; each `to` is the next one's `from`. */
export const migrationSteps: readonly MigrationStep[] = [v0ToV1, v1ToV2];

/** The version definitions on disk should have: the last step's `to` (page.schema.json's const). */
export const currentSchemaVersion: number = migrationSteps.at(-1)?.to ?? 1;
