import type { MantineColorSchemeManager } from '@mantine/core';

/**
 * The app has one color scheme, light, so Mantine keeps none: its default manager reads
 * localStorage as the app starts, and a page's first localStorage read waits on Chromium's browser
 * process (10 ms of a cold visit's main thread and 5 of a warm one on the 2-core machine, in CPU
 * profiles; docs/benchmarks.md). Dashboard pages then touch localStorage nowhere.
 */
export const lightScheme: MantineColorSchemeManager = {
  get: () => 'light',
  set: () => undefined,
  subscribe: () => undefined,
  unsubscribe: () => undefined,
  clear: () => undefined,
};
