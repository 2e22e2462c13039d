import { fileName } from './fileName';
import { periodText } from './periodText';

/**
 * A download's file name: '<page> - <panel> - <widget> - <period>.<extension>'. The widget's own
 * title follows its panel's, so two charts of one panel save as two files (a title said twice is
 * said once); the period is named only on a page whose filter bar shows one (a page that ignores
 * the period is not named after it).
 */
export function downloadName(
  page: { title?: string; filterBar?: { isPeriodVisible?: boolean } },
  filter: Readonly<Record<string, unknown>>,
  titles: readonly (string | undefined)[],
  extension: string,
): string {
  const named = titles.filter((t, i) => t && titles.indexOf(t) === i);
  const period = page.filterBar?.isPeriodVisible === false ? undefined : periodText(filter);
  return fileName([page.title, ...named, period], extension);
}
