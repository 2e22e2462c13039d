import { Anchor, Table, Text, UnstyledButton } from '@mantine/core';

/**
 * Mantine's classes for a table's parts, its sort buttons and its links, for drawing them as plain
 * elements: each `Table.Td` or `Anchor` is two to four components (Box, Text, context and style
 * hooks), and a page of a table is some hundreds of cells. The elements and classes are the ones
 * Mantine's components render (with `striped` and the default row borders), so the table looks and
 * reads as before.
 */
export const plainTable = {
  thead: `${Table.classes.thead} mantine-Table-thead`,
  tbody: `${Table.classes.tbody} mantine-Table-tbody`,
  tfoot: 'mantine-Table-tfoot',
  tr: `${Table.classes.tr} mantine-Table-tr`,
  th: `${Table.classes.th} mantine-Table-th`,
  td: `${Table.classes.td} mantine-Table-td`,
  /** A button drawn as a link (Anchor with component="button"). */
  link: `mantine-focus-auto ${Anchor.classes.root} ${Text.classes.root} mantine-Text-root mantine-Anchor-root`,
  /** A button with no look of its own (UnstyledButton). */
  button: `mantine-focus-auto ${UnstyledButton.classes.root} mantine-UnstyledButton-root`,
} as const;

/** What Table.Tr adds to a row of a striped table with row borders. */
export const plainRowAttributes = { 'data-with-row-border': true, 'data-striped': 'odd' } as const;
