import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { openAccountMenu, signIn, startExtraServer } from './helpers';
import { expect, type Page, test } from './test';

// The e2e server reads the repository's dashboards/ and is not writable: nothing here is saved.
const FILE = 'volume.json';
const original = readFileSync(join(process.cwd(), 'dashboards', FILE), 'utf8');
const retitled = original.replace(
  '"title": "Communication Volume by Type",',
  '"title": "Volume Mix (edited)",',
);
const typo = retitled.replace('"align": "right"', '"allign": "right"');

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
  // Once the check of the half-typed text has answered (its diagnostics redraw the list).
  await expect(status).toHaveAttribute('data-state', 'errors');
  await page.waitForTimeout(300);
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

  await page.goto('/dashboard/editor');
  await expect(page.getByTestId('editor-refused')).toBeVisible();
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

test('on a writable server a valid edit is saved to its file and served', async ({ page }) => {
  test.setTimeout(180_000);
  const workDir = mkdtempSync(join(tmpdir(), 'editor-e2e-save-'));
  const dashboardsDir = join(workDir, 'dashboards');
  cpSync(join(process.cwd(), 'dashboards'), dashboardsDir, { recursive: true });
  const previous = process.env.DASHBOARDS_WRITABLE;
  process.env.DASHBOARDS_WRITABLE = '1';
  const server = await startExtraServer({ dataDir: join(workDir, 'data'), dashboardsDir });
  process.env.DASHBOARDS_WRITABLE = previous;
  try {
    await signIn(page, 'admin', undefined, server.url);
    await page.goto(`${server.url}/dashboard/editor?file=volume.json`);
    const status = page.getByTestId('editor-status');
    await expect(status).toHaveAttribute('data-state', 'valid');
    const save = page.getByTestId('editor-save');
    await expect(save).toBeDisabled();

    await setEditorText(page, typo);
    await expect(status).toHaveAttribute('data-state', 'errors');
    await expect(save).toBeDisabled();

    await setEditorText(page, retitled);
    await expect(status).toHaveAttribute('data-state', 'valid');
    await expect(save).toBeEnabled();
    await save.click();
    await expect(page.getByTestId('editor-saved')).toContainText('Saved volume.json');
    expect(readFileSync(join(dashboardsDir, FILE), 'utf8')).toBe(retitled);

    await page.goto(`${server.url}/dashboard/volume`);
    await expect(page.getByTestId('panel-byType')).toContainText('Volume Mix (edited)');
  } finally {
    await server.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
});
