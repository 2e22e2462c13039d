import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ExtraServer, signInQuickly, startExtraServer, widgetsReady } from './helpers';
import { expect, type Page, test } from './test';

// A second server watching a temporary copy of dashboards/: the edits never touch the repository.
test.describe.configure({ timeout: 180_000 });

let server: ExtraServer;
let workDir: string;
let dashboardsDir: string;

test.beforeAll(async () => {
  // Starting and seeding a server takes its own time, not a test's (tens of seconds on a busy machine).
  test.setTimeout(240_000);
  workDir = mkdtempSync(join(tmpdir(), 'dashboard-reload-'));
  dashboardsDir = join(workDir, 'dashboards');
  cpSync(join(process.cwd(), 'dashboards'), dashboardsDir, { recursive: true });
  server = await startExtraServer({ dataDir: join(workDir, 'data'), dashboardsDir });
});

test.afterAll(async () => {
  await server?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

async function volumeHeaders(page: Page): Promise<string[]> {
  const table = page.getByTestId('panel-volume').locator('[data-widget-kind="table"]');
  await expect(table).toHaveAttribute('data-widget-state', 'ready');
  return (await table.locator('thead th').allTextContents()).map((h) =>
    h.replace(/\s[\u25B2\u25BC]$/, '').trim(),
  );
}

test('a valid edit of a definition is served on the next page load; an invalid one is refused, located and logged', async ({
  page,
}) => {
  const file = join(dashboardsDir, 'volume.json');
  const original = readFileSync(file, 'utf8');
  expect(original).toContain('"header": "Total Comms"');

  await signInQuickly(page, 'admin', undefined, server.url);
  await page.goto(`${server.url}/dashboard/volume`);
  expect(await volumeHeaders(page)).toEqual(['#', 'Site', 'Total Comms', 'Inbound', 'Outbound']);

  // A valid edit: the column header is renamed, and a reload shows it (no client rebuild involved).
  const renamed = original.replace('"header": "Total Comms"', '"header": "All Comms"');
  writeFileSync(file, renamed);
  await expect(async () => {
    await page.reload();
    expect(await volumeHeaders(page)).toEqual(['#', 'Site', 'All Comms', 'Inbound', 'Outbound']);
  }).toPass({ timeout: 20_000 });
  await expect(page.getByTestId('dashboard-volume')).toBeVisible();

  // An invalid edit: a misspelled property in the Total Comms column (which is now All Comms).
  const logBefore = server.log().length;
  const at = renamed.indexOf('"header": "All Comms"');
  expect(at).toBeGreaterThan(0);
  const broken = `${renamed.slice(0, at)}"allign": "right", ${renamed.slice(at)}`;
  const editLine = renamed.slice(0, at).split('\n').length;
  writeFileSync(file, broken);

  // The server logs the located error: file:line:column, the JSON pointer, and the message.
  const located = /volume\.json:(\d+):(\d+) (\/\S*) ([^"\n]*)/;
  await expect
    .poll(
      () =>
        server
          .log()
          .slice(logBefore)
          .split('\n')
          .find((l) => located.test(l) && l.includes('allign')) ?? '',
      { timeout: 20_000 },
    )
    .not.toBe('');
  const line = server
    .log()
    .slice(logBefore)
    .split('\n')
    .find((l) => located.test(l) && l.includes('allign'))!;
  const [, lineNo, column, pointer] = located.exec(line)!;
  expect(Number(lineNo)).toBe(editLine);
  expect(Number(column)).toBeGreaterThan(0);
  expect(pointer).toMatch(/^\/panels\/volume\/blocks\/\d+\/widgets\/\d+\/columns\/\d+/);
  expect(server.log().slice(logBefore)).toContain('volume.json refused; the last good version keeps serving');

  // The page still works with the last good version.
  await page.reload();
  expect(await volumeHeaders(page)).toEqual(['#', 'Site', 'All Comms', 'Inbound', 'Outbound']);
  await expect(page.getByTestId('panel-volume').locator('tbody tr').first()).toBeVisible();
  // Every panel settled (on a busy machine a late render could swallow the click).
  await widgetsReady(page.getByTestId('dashboard-volume'));
  // The site name (column 2): the count cells are buttons too (they drill to the log).
  const site = page
    .getByTestId('panel-volume')
    .locator('tbody tr')
    .first()
    .locator('td')
    .nth(1)
    .getByRole('button');
  const siteName = (await site.textContent())?.trim() ?? '';
  await site.click();
  await expect(page.getByTestId('panel-volume').getByTestId('chip-volSiteId')).toHaveText(
    siteName.replace(/ \(Inactive\)$/, ''),
    { timeout: 20_000 },
  );

  // Fixing the file serves it again (on a fresh load of the page: a reload would keep the drilled
  // view, which is in the URL).
  writeFileSync(file, original);
  await expect(async () => {
    await page.goto(`${server.url}/dashboard/volume`);
    expect(await volumeHeaders(page)).toEqual(['#', 'Site', 'Total Comms', 'Inbound', 'Outbound']);
  }).toPass({ timeout: 20_000 });
});
