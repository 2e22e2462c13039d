// @vitest-environment jsdom
import { act } from 'react';
import { beforeAll, expect, it, vi } from 'vitest';
import { checkDefinitionText } from '../../../../engine/definitions/index';
import type { HostServices } from '../../../../engine/index';
import { DashboardPage, preloadWidgets } from '../../../../engine/index';
import { mountPointPerTest } from '../../../support/mountPoint';
import { renderWithProviders } from '../../../support/renderWithProviders';
import { stubBrowserApis } from '../../../support/stubBrowserApis';

// The widgets that show rows load on first use (widgets/registry.tsx). A fresh module graph per test
// file, so the first page drawn here is drawn before their code has arrived, as in a browser.

beforeAll(() => {
  stubBrowserApis();
});

const loaded = checkDefinitionText(
  'demo.json',
  JSON.stringify({
    schemaVersion: 1,
    id: 'demo',
    route: '/demo',
    title: 'Demo',
    data: { tiles: { endpoint: '/tiles' } },
    layout: [['top']],
    panels: {
      top: {
        title: 'Top',
        blocks: [{ widgets: [{ kind: 'tiles', data: 'tiles', tiles: [{ title: 'Calls', field: 'now' }] }] }],
      },
    },
  }),
);
if (!loaded.definition) throw new Error(JSON.stringify(loaded.errors));
const definition = loaded.definition;
const mount = mountPointPerTest();

it('requests the rows before the widget code arrives, and shows the panels only once it has', async () => {
  const fetchJson = vi.fn(async () => [{ now: 42 }]);
  const host: HostServices = {
    fetchJson,
    appliedFilter: {},
    applyCount: 1,
    storage: { getItem: () => null, setItem: () => {}, removeItem: () => {} },
  };
  await act(async () => {
    renderWithProviders(mount, <DashboardPage definition={definition} host={host} />);
  });
  const panels = mount.element.querySelector('.dashboard-panels');
  // The rows are on their way while the tiles' code is not here yet: a placeholder, marked for the
  // style that keeps the panels out of sight (dashboardPage.css), and still 'loading' for tools.
  expect(fetchJson).toHaveBeenCalledWith('/tiles', {}, 'POST');
  const placeholder = panels?.querySelector('[data-widget-code="loading"]');
  expect(placeholder?.getAttribute('data-widget-state')).toBe('loading');
  expect(mount.element.querySelector('[data-testid="tile-main"]')).toBeNull();

  await act(async () => {
    await preloadWidgets();
  });
  for (let i = 0; i < 3; i++) await act(async () => new Promise((r) => setTimeout(r, 10)));
  expect(panels?.querySelector('[data-widget-code="loading"]')).toBeNull();
  expect(mount.element.querySelector('[data-testid="tile-main"]')?.textContent).toBe('42');
  expect(panels?.querySelector('[data-widget-kind="tiles"]')?.getAttribute('data-widget-state')).toBe(
    'ready',
  );
});
