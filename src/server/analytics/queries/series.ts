import type { Series, SeriesValue } from '../../../shared/api/types';

/** A chart series and its points, as schemas/api/common.schema.json describes them. */
export type { Series, SeriesValue };
