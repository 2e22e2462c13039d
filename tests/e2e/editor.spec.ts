import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { Locator } from '@playwright/test';
import { type ExtraServer, openAccountMenu, signIn, signInQuickly, startExtraServer } from './helpers';
import { expect, type Page, test } from './test';

// The e2e server reads the repository's dashboards/ and is not writable; the tests that save use a
// server of their own on a temporary copy of dashboards/.
const FILE = 'volume.json';
const original = readFileSync(join(process.cwd(), 'dashboards', FILE), 'utf8');
const retitled = original.replace(
  '"title": "Communication Volume by Type",',
  '"title": "Volume Mix (edited)",',
);
// A misspelled property written into the Total Comms column.
const typo = retitled.replace('"header": "Total Comms"', '"allign": "right", "header": "Total Comms"');

/**
 * What `npm run dashboards:check` prints for `text` as `file` beside the other definitions, without
 * the file name: the `line:column pointer message` rows the editor lists.
 */
function checkCommandRows(file: string, text: string): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'editor-e2e-check-'));
  try {
    cpSync(join(process.cwd(), 'dashboards'), dir, { recursive: true });
    writeFileSync(join(dir, file), text);
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => join(dir, f));
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/dashboards-check.ts', ...files], {
      encoding: 'utf8',
    });
    const prefix = `${relative(process.cwd(), join(dir, file))}:`;
    return run.stderr
      .split('\n')
      .filter((l) => l.startsWith(prefix))
      .map((l) => l.slice(prefix.length));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Replaces the whole text of the code editor, as a paste would. */
async function setEditorText(page: Page, text: string): Promise<void> {
  await page.locator('.cm-content').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(text);
}

test('an editor sees located errors as they type, and the preview follows valid text only', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin');

  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Editor' }).click();
  await expect(page).toHaveURL(/\/dashboard\/editor/);
  await expect(page.getByTestId('dashboard-editor')).toBeVisible();
  // The filter bar stays: the preview uses the applied global filter.
  await expect(page.getByRole('button', { name: 'Apply' })).toBeVisible();

  await page.goto('/dashboard/editor?file=volume.json');
  const status = page.getByTestId('editor-status');
  const preview = page.getByTestId('editor-preview');
  await expect(status).toHaveAttribute('data-state', 'valid');
  await expect(preview).toHaveAttribute('data-preview-state', 'current');
  await expect(preview.getByTestId('dashboard-volume')).toBeVisible();
  await expect(preview.getByText('Communication Volume by Type').first()).toBeVisible();
  // The preview's definition is not served compiled: its chart is compiled in the browser.
  await expect(
    preview.getByTestId('chart-volume-by-type').locator('path[aria-roledescription="bar"]').first(),
  ).toBeVisible();
  // Real data: the volume table fills with rows from the API.
  await expect(preview.locator('[data-widget-kind="table"]').first()).toHaveAttribute(
    'data-widget-state',
    'ready',
  );

  // A valid change: the panel title shows in the preview.
  await setEditorText(page, retitled);
  await expect(status).toHaveAttribute('data-state', 'valid');
  await expect(preview.getByText('Volume Mix (edited)').first()).toBeVisible();
  await expect(preview.getByText('Communication Volume by Type')).toHaveCount(0);

  // A typo: the located error inline and in the list, and the preview keeps the last good version.
  await setEditorText(page, typo);
  await expect(status).toHaveAttribute('data-state', 'errors');
  const expected = checkCommandRows(FILE, typo);
  expect(expected.length).toBeGreaterThan(0);
  expect(expected[0]).toMatch(/^\d+:\d+ \/\S+\/allign /);
  const rows = page.getByTestId('editor-problem');
  await expect(rows).toHaveText(expected);

  await expect(preview).toHaveAttribute('data-preview-state', 'stale');
  await expect(page.getByTestId('editor-preview-stale')).toContainText('last valid version');
  await expect(preview.getByText('Volume Mix (edited)').first()).toBeVisible();

  // Clicking a problem puts the cursor on it, where the error is marked inline and in the gutter
  // (CodeMirror draws only the lines in view).
  await rows.first().click();
  await expect(page.locator('.cm-activeLine')).toContainText('"allign"');
  await expect(page.locator('.cm-lintRange-error').first()).toHaveText('"allign"');
  await expect(page.locator('.cm-lint-marker-error').first()).toBeVisible();

  // Saving is off on this server: no Save button; Download is there.
  await expect(page.getByTestId('editor-save')).toHaveCount(0);
  const downloading = page.waitForEvent('download');
  await page.getByTestId('editor-download').click();
  expect((await downloading).suggestedFilename()).toBe(FILE);

  // Schema-aware completion: member names with their descriptions at the cursor's pointer.
  await setEditorText(page, '{\n  ');
  await page.keyboard.type('"rou');
  const options = page.locator('.cm-tooltip-autocomplete li');
  await expect(options.filter({ hasText: 'route' }).first()).toBeVisible();
  await expect(page.locator('.cm-completionInfo')).toContainText('route path');
  // Once the check of the half-typed text has answered and its diagnostics are in the editor (the
  // gutter marks them), the list is still open on the option.
  await expect(status).toHaveAttribute('data-state', 'errors');
  await expect(page.locator('.cm-lint-marker-error').first()).toBeVisible();
  await expect(options.filter({ hasText: 'route' }).first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page.locator('.cm-content')).toContainText('"route": ');
});

test('the editor is absent for a user without the editor claim', async ({ page }) => {
  await signIn(page, 'manager');
  await openAccountMenu(page);
  await expect(page.getByRole('menuitem', { name: 'Share Feedback' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Editor' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('menu-editor')).toHaveCount(0);

  // An unknown path to them: redirected as any other, on to the dashboard.
  await page.goto('/dashboard/editor');
  await expect(page).toHaveURL(/\/dashboard(\?.*)?$/);
  await expect(page.getByTestId('dashboard-home')).toBeVisible();
  await expect(page.getByTestId('dashboard-editor')).toHaveCount(0);
  await expect(page.locator('.cm-editor')).toHaveCount(0);

  // The server refuses too.
  const token = await page.evaluate(
    () => JSON.parse(sessionStorage.getItem('hawkeye-jwt') ?? '{}').accessToken,
  );
  const res = await page.request.get('/api/dashboards/sources', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(403);
});

/** A page whose data sources are volume.json's, with `rest` after them (typed into the editor). */
function volumeSourcesThen(rest: string): string {
  const { data } = JSON.parse(original) as { data: unknown };
  const sources = JSON.stringify(data, null, 2).replace(/\n/g, '\n  ');
  return `{\n  "id": "completion",\n  "data": ${sources},\n  ${rest}`;
}

/** Sets the editor to a page with volume.json's sources and one widget of `kind`, and types `typed` in it. */
async function typeInWidget(page: Page, kind: string, typed: string): Promise<void> {
  await setEditorText(
    page,
    volumeSourcesThen(`"panels": {\n    "p": {"blocks": [{"widgets": [{\n      "kind": "${kind}",\n      `),
  );
  await page.keyboard.type(typed);
}

/** Opens the editor on volume.json; the completion popup and one of its options by label. */
async function openCompletionEditor(page: Page) {
  await signInQuickly(page, 'admin');
  await page.goto('/dashboard/editor?file=volume.json');
  await expect(page.getByTestId('editor-status')).toHaveAttribute('data-state', 'valid');
  const tooltip = page.locator('.cm-tooltip-autocomplete');
  const option = (label: string) => tooltip.locator('.cm-completionLabel').getByText(label, { exact: true });
  return { tooltip, option };
}

test('the editor completes data source names, row fields of the source, and Vega-Lite in a chart spec', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { tooltip, option } = await openCompletionEditor(page);

  // A widget's data: the page's own sources.
  await typeInWidget(page, 'table', '"data": "volBy');
  await expect(option('volBySite')).toBeVisible();
  await expect(option('volByEmployee')).toBeVisible();
  await expect(option('byType')).toHaveCount(0);
  await expect(tooltip.getByText('data source').first()).toBeVisible();
  await option('volBySite').click();
  await expect(page.locator('.cm-activeLine')).toContainText('"data": "volBySite"');

  // A column's field: the row fields of that source's endpoint (from the server's endpoint index).
  await page.keyboard.type(', "columns": [{"field": "tot');
  await expect(option('totalCommCount')).toBeVisible();
  await expect(option('employee')).toHaveCount(0);
  await page.screenshot({ path: '/tmp/shots/editor-completion.png', animations: 'disabled' });
  await option('totalCommCount').click();
  await expect(page.locator('.cm-activeLine')).toContainText('"field": "totalCommCount"');

  // Inside a chart's spec, Vega-Lite's own properties (its schema is fetched on first use).
  await setEditorText(
    page,
    volumeSourcesThen(
      '"panels": {"p": {"blocks": [{"widgets": [{"kind": "chart", "data": "byType", "spec": {',
    ),
  );
  await page.keyboard.type('"mar');
  await expect(option('mark')).toBeVisible();
  await expect(option('legendToggle')).toHaveCount(0);
});

test("the editor completes the library's names, a drill's target page and its params, and layout panel names", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { tooltip, option } = await openCompletionEditor(page);

  // An option set of _shared.json, where a pills widget names its options.
  await typeInWidget(page, 'pills', '"param": "volView", "options": "s');
  await expect(option('siteOrEmployee')).toBeVisible();
  await expect(tooltip.getByText('option set · _shared.json').first()).toBeVisible();
  await page.screenshot({ path: '/tmp/shots/editor-completion-library.png', animations: 'disabled' });
  await option('siteOrEmployee').click();
  await expect(page.locator('.cm-activeLine')).toContainText('"options": "siteOrEmployee"');

  // A drill's page: the pages of the set; then that page's params.
  await page.keyboard.type(
    '}, {"kind": "table", "data": "volBySite", "columns": [{"field": "site", "link": [{"drill": {"page": "comm',
  );
  await expect(option('communications-log')).toBeVisible();
  await expect(tooltip.getByText('page · Communications Log')).toBeVisible();
  await page.screenshot({ path: '/tmp/shots/editor-completion-drill-page.png', animations: 'disabled' });
  await option('communications-log').click();
  await page.keyboard.type(', "params": {"log');
  await expect(tooltip.getByText('param of communications-log').first()).toBeVisible();
  await page.screenshot({ path: '/tmp/shots/editor-completion-drill-params.png', animations: 'disabled' });

  // A layout row: the page's panel names.
  await setEditorText(page, '{\n  "id": "completion",\n  "panels": {"totals": {}, "bySite": {}},\n  ');
  await page.keyboard.type('"layout": [["totals"], ["b');
  await expect(option('bySite')).toBeVisible();
  await expect(tooltip.getByText('panel').first()).toBeVisible();
  await page.screenshot({ path: '/tmp/shots/editor-completion-layout.png', animations: 'disabled' });
});

/**
 * Waits for the editor's check to reach `state`. Each check reads every definition file with the
 * edited one in place; the first on a fresh server also compiles the schemas: seconds on a busy
 * machine, so more than the default wait.
 */
async function expectChecked(status: Locator, state: 'valid' | 'errors'): Promise<void> {
  await expect(status).toHaveAttribute('data-state', state, { timeout: 60_000 });
}

test.describe('on a writable server', () => {
  let workDir: string;
  let dashboardsDir: string;
  let server: ExtraServer;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    workDir = mkdtempSync(join(tmpdir(), 'editor-e2e-save-'));
    dashboardsDir = join(workDir, 'dashboards');
    cpSync(join(process.cwd(), 'dashboards'), dashboardsDir, { recursive: true });
    const previous = process.env.DASHBOARDS_WRITABLE;
    process.env.DASHBOARDS_WRITABLE = '1';
    try {
      server = await startExtraServer({ dataDir: join(workDir, 'data'), dashboardsDir });
    } finally {
      process.env.DASHBOARDS_WRITABLE = previous;
    }
  });

  test.afterAll(async () => {
    await server?.stop();
    rmSync(workDir, { recursive: true, force: true });
  });

  test('a valid edit is saved to its file and served', async ({ page }) => {
    test.setTimeout(180_000);
    await signInQuickly(page, 'admin', undefined, server.url);
    await page.goto(`${server.url}/dashboard/editor?file=volume.json`);
    const status = page.getByTestId('editor-status');
    await expectChecked(status, 'valid');
    const save = page.getByTestId('editor-save');
    await expect(save).toBeDisabled();

    await setEditorText(page, typo);
    await expectChecked(status, 'errors');
    await expect(save).toBeDisabled();

    await setEditorText(page, retitled);
    await expectChecked(status, 'valid');
    await expect(save).toBeEnabled();
    await save.click();
    await expect(page.getByTestId('editor-saved')).toContainText('Saved volume.json');
    expect(readFileSync(join(dashboardsDir, FILE), 'utf8')).toBe(retitled);

    await page.goto(`${server.url}/dashboard/volume`);
    await expect(page.getByTestId('panel-byType')).toContainText('Volume Mix (edited)');
  });

  test("'New page from…' copies a page into a new file that is served and listed in the menu", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signInQuickly(page, 'admin', undefined, server.url);
    await page.goto(`${server.url}/dashboard/editor?file=volume.json`);
    await expectChecked(page.getByTestId('editor-status'), 'valid');

    await page.getByTestId('editor-new-page-open').click();
    const dialog = page.getByRole('dialog', { name: 'New page from…' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('editor-new-page-from')).toHaveValue('volume.json');
    const title = dialog.getByRole('textbox', { name: 'Title' });
    const fileName = dialog.getByRole('textbox', { name: 'File name' });
    const create = page.getByTestId('editor-new-page-create');

    // A title whose file exists is refused before anything is sent.
    await title.fill('Volume');
    await expect(fileName).toHaveValue('volume.json');
    await expect(page.getByTestId('editor-new-page-problem')).toHaveText(
      'A file named volume.json already exists; choose another name.',
    );
    await expect(create).toBeDisabled();

    await title.fill('Volume Copy');
    await expect(fileName).toHaveValue('volume-copy.json');
    await expect(page.getByTestId('editor-new-page-summary')).toHaveText(
      'Page id volume-copy · route /dashboard/volume-copy · menu entry Volume Copy. Storage keys of its params are renamed after the id.',
    );
    await page.screenshot({ path: '/tmp/shots/editor-new-page.png', animations: 'disabled' });
    await create.click();

    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/file=volume-copy\.json/);
    await expect(page.getByTestId('editor-created')).toHaveText(
      'Created volume-copy.json; it is served now and listed in the menu.',
    );
    await expectChecked(page.getByTestId('editor-status'), 'valid');
    const copy = JSON.parse(readFileSync(join(dashboardsDir, 'volume-copy.json'), 'utf8'));
    expect(copy).toMatchObject({
      id: 'volume-copy',
      route: '/dashboard/volume-copy',
      title: 'Volume Copy',
      menu: { label: 'Volume Copy', section: 'Communication Performance' },
    });

    // In the side menu, beside its original, and drawn at its route.
    const menu = page.getByTestId('side-menu');
    await menu.getByTestId('menu-section').filter({ hasText: 'Communication Performance' }).click();
    // Once the section has finished opening (until then its last link is partly clipped).
    await expect(menu.getByRole('link', { name: 'Volume Copy' })).toBeInViewport({ ratio: 1 });
    await menu.getByRole('link', { name: 'Volume Copy' }).click();
    await expect(page).toHaveURL(/\/dashboard\/volume-copy(\?.*)?$/);
    await expect(page.getByTestId('dashboard-volume-copy')).toBeVisible();
  });

  test('Save after the file changed on disk merges edits of other lines, and shows both sides of the same line', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const file = 'caller-behavior.json';
    const path = join(dashboardsDir, file);
    const opened = readFileSync(path, 'utf8');
    const titled = (text: string, suffix: string) =>
      text.replace(/"title": "([^"]+)"/, `"title": "$1 (${suffix})"`);
    await signInQuickly(page, 'admin', undefined, server.url);
    await page.goto(`${server.url}/dashboard/editor?file=${file}`);
    const status = page.getByTestId('editor-status');
    await expectChecked(status, 'valid');

    await setEditorText(page, titled(opened, 'mine'));
    await expectChecked(status, 'valid');
    // Someone else saves the file meanwhile.
    writeFileSync(path, titled(opened, 'theirs'));
    await page.getByTestId('editor-save').click();

    const conflict = page.getByTestId('editor-conflict');
    await expect(conflict).toContainText('This file changed on disk since you opened it');
    await expect(conflict).toContainText(`Nothing was saved. ${file} was saved by someone else`);
    await expect(page.getByTestId('editor-conflict-place')).toHaveCount(1);
    await expect(page.getByTestId('editor-conflict-theirs')).toContainText('(theirs)');
    await expect(page.getByTestId('editor-conflict-mine')).toContainText('(mine)');
    await expect(page.getByTestId('editor-saved')).toHaveCount(0);
    expect(readFileSync(path, 'utf8')).toBe(titled(opened, 'theirs'));
    await expect(page.getByTestId('editor-save')).not.toHaveAttribute('data-loading');
    await page.screenshot({ path: '/tmp/shots/editor-conflict.png', animations: 'disabled' });

    // Taking the disk version loads it into the editor.
    await page.getByTestId('editor-conflict-take').click();
    await expect(conflict).toHaveCount(0);
    await expect(page.locator('.cm-content')).toContainText('(theirs)');
    await expect(page.locator('.cm-content')).not.toContainText('(mine)');
    await expect(page.getByTestId('editor-save')).toBeDisabled();

    // Edited again, changed on disk again: keeping mine saves it over the disk version.
    await setEditorText(page, titled(opened, 'mine again'));
    await expectChecked(status, 'valid');
    writeFileSync(path, titled(opened, 'by hand'));
    await page.getByTestId('editor-save').click();
    await expect(page.getByTestId('editor-conflict-theirs')).toContainText('(by hand)');
    await page.getByTestId('editor-conflict-keep').click();
    await expect(page.getByTestId('editor-saved')).toContainText(`Saved ${file}`);
    await expect(conflict).toHaveCount(0);
    expect(readFileSync(path, 'utf8')).toBe(titled(opened, 'mine again'));

    // Edits of other lines: mine the menu label, theirs the title; the save merges both.
    const saved = readFileSync(path, 'utf8');
    const labelled = saved.replace(/"label": "Caller Behavior"/, '"label": "Callers"');
    expect(labelled).not.toBe(saved);
    await setEditorText(page, labelled);
    await expectChecked(status, 'valid');
    writeFileSync(path, titled(saved, 'theirs again'));
    await page.getByTestId('editor-save').click();
    await expect(page.getByTestId('editor-saved')).toContainText(
      'merged with the edits saved since you opened it; the dashboards serve it now.',
    );
    await expect(conflict).toHaveCount(0);
    const merged = titled(labelled, 'theirs again');
    expect(readFileSync(path, 'utf8')).toBe(merged);
    await expect(page.locator('.cm-content')).toContainText('(theirs again)');
    await expect(page.locator('.cm-content')).toContainText('"label": "Callers"');
    await expect(page.getByTestId('editor-save')).toBeDisabled();
  });

  test('a library edit that would make pages fail shows them before saving, and cannot be saved', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const shared = readFileSync(join(dashboardsDir, '_shared.json'), 'utf8');
    const renamed = shared.replace('"right": { "align": "right" }', '"alignRight": { "align": "right" }');
    expect(renamed).not.toBe(shared);
    await signInQuickly(page, 'admin', undefined, server.url);
    await page.goto(`${server.url}/dashboard/editor?file=_shared.json`);
    const status = page.getByTestId('editor-status');
    await expectChecked(status, 'valid');

    await setEditorText(page, renamed);
    await expectChecked(status, 'errors');
    // The three pages of the repository that use the preset (and a copy of Volume made above).
    const pages = page.getByTestId('editor-affected-page');
    await expect(
      pages.filter({ hasText: /^Volume \(volume\.json\).*volume\.json:\d+:\d+ .*'right'/ }),
    ).toHaveCount(1);
    await expect(pages.filter({ hasText: /^Communications Log \(communications-log\.json\)/ })).toHaveCount(
      1,
    );
    await expect(
      pages.filter({ hasText: /^Employee Call Performance \(employee-call-performance\.json\)/ }),
    ).toHaveCount(1);
    const count = await pages.count();
    await expect(status).toHaveText(`Breaks ${count} pages`);
    const affected = page.getByTestId('editor-affected');
    await expect(affected).toContainText(`This edit would make ${count} pages fail`);
    await expect(page.getByTestId('editor-save')).toBeDisabled();
    await affected.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/shots/editor-library-breaks.png', animations: 'disabled' });
    expect(readFileSync(join(dashboardsDir, '_shared.json'), 'utf8')).toBe(shared);
  });
});
