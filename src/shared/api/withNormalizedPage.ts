import type { NormalizedPage } from '../../../engine/tools';

/**
 * An answer of schemas/api/dashboards whose `normalized` is a page as the engine types it: the
 * schema says only "an object", because the page's shape is the engine's, not the API's.
 */
export type WithNormalizedPage<T extends { normalized?: unknown }> = Omit<T, 'normalized'> & {
  normalized?: NormalizedPage;
};
