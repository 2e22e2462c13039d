import {
  dataRequests,
  pill,
  replay,
  requestBody,
  requestTo,
  signInQuickly,
  type TablePage,
  tableCells,
  tableHeaders,
} from './helpers';
import { expect, type Locator, type Page, type Request, test } from './test';

const BY_SITE = '/api/data/communication/volume/by_site';
const BY_EMPLOYEE = '/api/data/communication/volume/by_employee';

const stripInactive = (s: string) => s.replace(/ \(Inactive\)$/, '');

async function openVolume(page: Page): Promise<{ requests: Request[]; panel: Locator }> {
  await signInQuickly(page);
  const requests = dataRequests(page);
  // The menu keeps Volume in a collapsed 'Communication Performance' section: open the route itself.
  await page.goto('/dashboard/volume');
  await expect(page.getByTestId('dashboard-volume')).toBeVisible();
  const panel = page.getByTestId('panel-volume');
  await expect(panel.getByText('Communication Volume by', { exact: true })).toBeVisible();
  await ready(panel);
  return { requests, panel };
}

/** The panel's table widget. */
const tableOf = (panel: Locator) => panel.locator('[data-widget-kind="table"]');

/** Waits until every data-bound widget of the panel has its rows. */
async function ready(panel: Locator): Promise<void> {
  await expect(tableOf(panel)).toHaveCount(1);
  await expect(tableOf(panel)).toHaveAttribute('data-widget-state', 'ready');
}

test('a site link opens the Employee pill narrowed to that site; the chip and the Site pill clear it', async ({
  page,
}) => {
  const { requests, panel } = await openVolume(page);
  expect(await tableHeaders(tableOf(panel))).toEqual(['#', 'Site', 'Total Comms', 'Inbound', 'Outbound']);
  await expect(pill(panel, 'Site')).toHaveAttribute('aria-pressed', 'true');
  const siteRequest = requests.filter(requestTo(BY_SITE)).at(-1);
  expect(siteRequest).toBeDefined();
  const sites = (await replay(page, siteRequest!)) as TablePage;
  const rows = await tableCells(tableOf(panel));
  expect(rows.map((r) => stripInactive(r[1]))).toEqual(sites.values.map((v) => v.site));

  // Pick a site other than the first, so the narrowed table is not the default order by chance.
  const site = sites.values[1];
  const siteName = String(site.site);
  const employeeCall = page.waitForRequest(requestTo(BY_EMPLOYEE));
  await panel.getByRole('button', { name: siteName, exact: true }).click();
  const narrowed = await employeeCall;
  expect(requestBody(narrowed)).toMatchObject({ siteId: site.siteId, skip: 0, limit: 10 });
  await expect(pill(panel, 'Employee')).toHaveAttribute('aria-pressed', 'true');
  await expect(pill(panel, 'Site')).toHaveAttribute('aria-pressed', 'false');
  const chip = panel.getByTestId('chip-volSiteId');
  await expect(chip).toHaveText(siteName);
  await ready(panel);
  expect(await tableHeaders(tableOf(panel))).toEqual(['#', 'Employee', 'Site', 'Site Outbound', 'Outbound']);
  const narrowedAnswer = (await replay(page, narrowed)) as TablePage;
  expect(narrowedAnswer.values.length).toBeGreaterThan(0);
  const employeeRows = await tableCells(tableOf(panel));
  expect(employeeRows).toHaveLength(narrowedAnswer.values.length);
  for (const r of employeeRows) expect(stripInactive(r[2])).toBe(siteName);

  // The chip's x clears the site: the employees of every site are fetched again.
  const everyone = page.waitForRequest(requestTo(BY_EMPLOYEE));
  await chip.getByRole('button', { name: `Remove ${siteName}` }).click();
  const cleared = await everyone;
  expect(requestBody(cleared)).not.toHaveProperty('siteId');
  await expect(chip).toBeHidden();
  await expect(pill(panel, 'Employee')).toHaveAttribute('aria-pressed', 'true');
  await ready(panel);
  const all = (await replay(page, cleared)) as TablePage;
  expect(all.totalRows).toBeGreaterThan(narrowedAnswer.totalRows);
  await expect
    .poll(async () => new Set((await tableCells(tableOf(panel))).map((r) => stripInactive(r[2]))).size)
    .toBeGreaterThan(1);

  // Again through the link, then the Site pill: the site table, no chip, and no site filter left.
  await pill(panel, 'Site').click();
  await ready(panel);
  // (Same bodies as before: the page may answer from its query cache, so the rendered rows are checked.)
  await panel.getByRole('button', { name: siteName, exact: true }).click();
  await expect(chip).toHaveText(siteName);
  await ready(panel);
  await expect
    .poll(async () => [...new Set((await tableCells(tableOf(panel))).map((r) => stripInactive(r[2])))])
    .toEqual([siteName]);
  await pill(panel, 'Site').click();
  await expect(chip).toBeHidden();
  await expect(pill(panel, 'Site')).toHaveAttribute('aria-pressed', 'true');
  await ready(panel);
  expect(await tableHeaders(tableOf(panel))).toEqual(['#', 'Site', 'Total Comms', 'Inbound', 'Outbound']);
  await pill(panel, 'Employee').click();
  await expect(chip).toBeHidden();
  await ready(panel);
  await expect(panel.getByText(`Show 10 of ${all.totalRows} Entries`)).toBeVisible();
  await expect
    .poll(async () => new Set((await tableCells(tableOf(panel))).map((r) => stripInactive(r[2]))).size)
    .toBeGreaterThan(1);
  // Every employee request sent after the chip's x carried no site, except the one the link made.
  const afterClear = requests.slice(requests.indexOf(cleared)).filter(requestTo(BY_EMPLOYEE));
  expect(
    afterClear.filter((r) => 'siteId' in requestBody(r)).every((r) => requestBody(r).siteId === site.siteId),
  ).toBe(true);
});

/** Opens the Employee pill (more than one page of rows in the e2e data) and goes to page 2. */
async function employeesPageTwo(page: Page, panel: Locator): Promise<void> {
  const paginator = panel.getByTestId('paginator');
  const second = page.waitForRequest((r) => requestTo(BY_EMPLOYEE)(r) && requestBody(r).skip === 10);
  await paginator.getByRole('button', { name: '2', exact: true }).click();
  expect(requestBody(await second)).toMatchObject({ limit: 10, skip: 10 });
  await expect(paginator.getByRole('button', { name: '2', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await ready(panel);
  await expect.poll(async () => (await tableCells(tableOf(panel)))[0]?.[0]).toBe('11');
}

async function expectFirstPage(panel: Locator, request: Request): Promise<void> {
  expect(requestBody(request)).toMatchObject({ limit: 10, skip: 0 });
  const paginator = panel.getByTestId('paginator');
  await expect(paginator.getByRole('button', { name: '1', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(paginator.getByRole('button', { name: '2', exact: true })).not.toHaveAttribute('aria-current');
  await expect(paginator.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await ready(panel);
  await expect.poll(async () => (await tableCells(tableOf(panel)))[0]?.[0]).toBe('1');
}

test('changing Comm Type or Relationship reloads the table from page 1', async ({ page }) => {
  const { panel } = await openVolume(page);
  const employees = page.waitForRequest(requestTo(BY_EMPLOYEE));
  await pill(panel, 'Employee').click();
  const first = await employees;
  expect(requestBody(first)).toMatchObject({
    skip: 0,
    commTypes: ['SMS', 'PHONE', 'EMAIL', 'WALKIN'],
    relationshipIds: [1, 2, 3, 4, 5, 6, 7],
  });
  expect(((await replay(page, first)) as TablePage).totalRows).toBeGreaterThan(10);
  await ready(panel);

  // Comm Type: Calls is PHONE only, from page 1.
  await employeesPageTwo(page, panel);
  const byCalls = page.waitForRequest(
    (r) => requestTo(BY_EMPLOYEE)(r) && JSON.stringify(requestBody(r).commTypes) === '["PHONE"]',
  );
  await panel.getByRole('combobox', { name: 'Comm Type' }).click();
  await page.getByRole('option', { name: 'Calls', exact: true }).click();
  const calls = await byCalls;
  await expectFirstPage(panel, calls);
  await expect(panel.getByRole('combobox', { name: 'Comm Type' })).toHaveValue('Calls');

  // Relationship: Leads left out, from page 1.
  await employeesPageTwo(page, panel);
  const withoutLeads = page.waitForRequest(
    (r) => requestTo(BY_EMPLOYEE)(r) && JSON.stringify(requestBody(r).relationshipIds) === '[2,3,4,5,6,7]',
  );
  await panel.getByTestId('multiselect-volRelationships').click();
  const dropdown = page.getByTestId('multiselect-volRelationships-dropdown');
  await expect(dropdown.getByPlaceholder('Search')).toHaveCount(0);
  await dropdown.getByRole('option', { name: 'Leads' }).click();
  await dropdown.getByRole('button', { name: 'Apply' }).click();
  const relationships = await withoutLeads;
  expect(requestBody(relationships)).toMatchObject({ commTypes: ['PHONE'] });
  await expectFirstPage(panel, relationships);
  await expect(panel.getByTestId('multiselect-volRelationships')).toHaveText('Multiple 6');
});

test('changing Comm Type goes back to page 1 at 10 per page, whatever page size was chosen', async ({
  page,
}) => {
  const { panel } = await openVolume(page);
  const employees = page.waitForRequest(requestTo(BY_EMPLOYEE));
  await pill(panel, 'Employee').click();
  await employees;
  await ready(panel);
  const sized = page.waitForRequest((r) => requestTo(BY_EMPLOYEE)(r) && requestBody(r).limit === 25);
  await panel.getByLabel('Page size').click();
  await page.getByRole('option', { name: '25', exact: true }).click();
  expect(requestBody(await sized)).toMatchObject({ limit: 25, skip: 0 });
  await ready(panel);

  const byCalls = page.waitForRequest(
    (r) => requestTo(BY_EMPLOYEE)(r) && JSON.stringify(requestBody(r).commTypes) === '["PHONE"]',
  );
  await panel.getByRole('combobox', { name: 'Comm Type' }).click();
  await page.getByRole('option', { name: 'Calls', exact: true }).click();
  await expectFirstPage(panel, await byCalls);
  await expect(panel.getByLabel('Page size')).toHaveValue('10');
});

test('the filter choices of every panel are remembered across visits (SPEC.md section 4)', async ({
  page,
}) => {
  const { panel } = await openVolume(page);
  const BY_TYPE = '/api/data/communication/volume/by_type';
  const NR_BY_SITE = '/api/data/communication/no_response_volume/by_site';
  const byTypePanel = page.getByTestId('panel-byType');
  const nrPanel = page.getByTestId('panel-noResponse');

  // Leads left out of the by-type chart and of the volume table; Texts only in the no-response table.
  for (const [scope, param] of [
    [byTypePanel, 'typeRelationships'],
    [panel, 'volRelationships'],
  ] as const) {
    await scope.getByTestId(`multiselect-${param}`).click();
    const dropdown = page.getByTestId(`multiselect-${param}-dropdown`);
    await dropdown.getByRole('option', { name: 'Leads' }).click();
    await dropdown.getByRole('button', { name: 'Apply' }).click();
    await expect(scope.getByTestId(`multiselect-${param}`)).toHaveText('Multiple 6');
  }
  await panel.getByRole('combobox', { name: 'Comm Type' }).click();
  await page.getByRole('option', { name: 'Calls', exact: true }).click();
  await expect(panel.getByRole('combobox', { name: 'Comm Type' })).toHaveValue('Calls');
  await nrPanel.getByTestId('multiselect-nrRelationships').click();
  const nrDropdown = page.getByTestId('multiselect-nrRelationships-dropdown');
  await nrDropdown.getByRole('option', { name: 'Vendors' }).click();
  await nrDropdown.getByRole('button', { name: 'Apply' }).click();
  await nrPanel.getByRole('combobox', { name: 'Comm Type' }).click();
  await page.getByRole('option', { name: 'Texts', exact: true }).click();
  await expect(nrPanel.getByRole('combobox', { name: 'Comm Type' })).toHaveValue('Texts');

  // Another page, then Volume again from the menu (a bare address): every choice is still applied.
  const nav = page.getByTestId('side-menu');
  await nav.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(page.getByTestId('dashboard-home')).toBeVisible();
  const requests = dataRequests(page);
  const volumeLink = nav.getByRole('link', { name: 'Volume', exact: true });
  if (!(await volumeLink.isVisible()))
    await nav.getByRole('button', { name: 'Communication Performance' }).click();
  await expect(volumeLink).toBeInViewport({ ratio: 1 });
  await volumeLink.click();
  await expect(page.getByTestId('dashboard-volume')).toBeVisible();
  await ready(panel);
  await expect(byTypePanel.getByTestId('multiselect-typeRelationships')).toHaveText('Multiple 6');
  await expect(panel.getByTestId('multiselect-volRelationships')).toHaveText('Multiple 6');
  await expect(panel.getByRole('combobox', { name: 'Comm Type' })).toHaveValue('Calls');
  await expect(nrPanel.getByTestId('multiselect-nrRelationships')).toHaveText('Multiple 6');
  await expect(nrPanel.getByRole('combobox', { name: 'Comm Type' })).toHaveValue('Texts');
  await expect.poll(() => requests.filter(requestTo(NR_BY_SITE)).length).toBeGreaterThan(0);
  expect(requestBody(requests.filter(requestTo(BY_TYPE)).at(-1)!)).toMatchObject({
    relationshipIds: [2, 3, 4, 5, 6, 7],
  });
  expect(requestBody(requests.filter(requestTo(BY_SITE)).at(-1)!)).toMatchObject({
    relationshipIds: [2, 3, 4, 5, 6, 7],
    commTypes: ['PHONE'],
  });
  expect(requestBody(requests.filter(requestTo(NR_BY_SITE)).at(-1)!)).toMatchObject({
    relationshipIds: [1, 2, 3, 4, 6, 7],
    commTypes: ['SMS'],
  });
});
