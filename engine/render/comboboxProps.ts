import type { ComboboxProps } from '@mantine/core';

/**
 * A Select's dropdown mounted only while it is open. Mantine keeps a closed one in the page
 * (display: none) and positions it when it mounts: a forced layout of a page still being built.
 */
export const CLOSED_UNMOUNTED: ComboboxProps = { keepMounted: false };
