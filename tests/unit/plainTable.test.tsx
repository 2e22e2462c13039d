// @vitest-environment jsdom
import { Anchor, MantineProvider, Table, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { plainRowAttributes, plainTable } from '../../engine/widgets/table/plainTable';

// TableWidget draws its cells as plain elements with Mantine's classes (plainTable.ts). If a Mantine
// release renamed a class or an attribute, the tables would lose their borders, stripes and link
// colour without any error: these checks compare them with what Mantine's own components render.

function html(node: ReactNode): HTMLElement {
  const box = document.createElement('div');
  box.innerHTML = renderToStaticMarkup(<MantineProvider>{node}</MantineProvider>);
  return box;
}

/** An element's class list (sorted) and data attributes: what Mantine's CSS selects on. */
function look(el: Element | null) {
  if (!el) throw new Error('element not rendered');
  const classes = (el.getAttribute('class') ?? '').split(/\s+/).filter(Boolean).sort();
  const data = [...el.attributes]
    .filter((a) => a.name.startsWith('data-'))
    .map((a) => `${a.name}=${a.value}`);
  return { classes, data: data.sort() };
}

describe('plain table elements look like Mantine’s', () => {
  const mantine = html(
    <Table striped withTableBorder stickyHeader>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>
            <UnstyledButton>Site</UnstyledButton>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        <Table.Tr>
          <Table.Td>
            <Anchor component="button" type="button">
              Aspen Park
            </Anchor>
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>,
  );
  const plain = html(
    <table>
      <thead className={plainTable.thead} data-sticky="true">
        <tr className={plainTable.tr} {...plainRowAttributes}>
          <th className={plainTable.th}>
            <button type="button" className={plainTable.button}>
              Site
            </button>
          </th>
        </tr>
      </thead>
      <tbody className={plainTable.tbody}>
        <tr className={plainTable.tr} {...plainRowAttributes}>
          <td className={plainTable.td}>
            <button type="button" className={plainTable.link} data-underline="hover">
              Aspen Park
            </button>
          </td>
        </tr>
      </tbody>
    </table>,
  );

  it.each(['thead', 'thead tr', 'th', 'th button', 'tbody', 'tbody tr', 'td', 'td button'])(
    '%s has the classes and data attributes Mantine gives it',
    (selector) => {
      expect(look(plain.querySelector(selector))).toEqual(look(mantine.querySelector(selector)));
    },
  );
});
