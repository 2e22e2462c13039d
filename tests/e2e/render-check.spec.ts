// The drawing tools as an analyst and QA run them, in processes of their own (each starts its own
// app on a small seeded database and its own Chromium): `dashboards:check --render` on a copy of
// dashboards/ with edits only drawing finds, and `dashboards:diff --render` on two loose page files.
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

// Each run seeds a database and draws pages: minutes on a busy machine.
test.describe.configure({ timeout: 420_000 });

let work: string;
test.beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'render-check-spec-'));
});
test.afterEach(() => rmSync(work, { recursive: true, force: true }));

/** Runs a script of scripts/ with tsx; its exit status and output. */
function runScript(
  script: string,
  args: string[],
): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      join('node_modules', '.bin', 'tsx'),
      [join('scripts', script), ...args],
      { maxBuffer: 16 * 1024 * 1024 },
      (err, stdout, stderr) => {
        const code = (err as { code?: unknown } | null)?.code;
        resolve({ status: typeof code === 'number' ? code : err ? -1 : 0, stdout, stderr });
      },
    );
  });
}

/** The 1-based line of the first line holding `text` after the first holding `after`. */
function lineOf(text: string, needle: string, after = ''): number {
  const lines = text.split('\n');
  const start = after ? lines.findIndex((l) => l.includes(after)) : 0;
  const i = lines.findIndex((l, n) => n >= start && l.includes(needle));
  expect(i, `'${needle}' after '${after}'`).toBeGreaterThanOrEqual(0);
  return i + 1;
}

test('the render check fails a copy of dashboards/ whose chart draws no marks, whose table lost its Total row and whose option sends a value the API refuses, at the lines to fix', async () => {
  const dir = join(work, 'dashboards');
  cpSync('dashboards', dir, { recursive: true });
  // Both edits pass the static checks: a colour domain no value of the rows matches (the chart's
  // legend filter then keeps none), and a table whose columns ask for totals without its totals source.
  const shared = readFileSync(join(dir, '_shared.json'), 'utf8');
  const domain = '"scale": { "domain": ["Inbound", "Outbound"]';
  expect(shared).toContain(domain);
  // And the value map of the Comm Type option 'Calls' sends a code the endpoints refuse.
  const calls = '"Calls": ["PHONE"],';
  expect(shared).toContain(calls);
  writeFileSync(
    join(dir, '_shared.json'),
    shared.replace(domain, '"scale": { "domain": ["In", "Out"]').replace(calls, '"Calls": ["PHONES"],'),
  );
  const volume = readFileSync(join(dir, 'volume.json'), 'utf8');
  const totals = ',\n              "totals": { "data": "volBySiteTotals" }';
  expect(volume).toContain(totals);
  writeFileSync(join(dir, 'volume.json'), volume.replace(totals, ''));

  const r = await runScript('dashboards-check.ts', ['--render', '--pages', 'volume', dir]);
  expect(r.stdout).toContain('0 errors');
  const specLine = lineOf(shared, '"volumeByType": {');
  expect(r.stderr).toMatch(
    new RegExp(
      `_shared\\.json:${specLine}:\\d+ /specs/volumeByType volume as admin, manager: chart 'chart-volume-by-type' in panel 'byType' draws no marks`,
    ),
  );
  const totalLine = lineOf(
    readFileSync(join(dir, 'volume.json'), 'utf8'),
    '"total": {}',
    '"data": "volBySite"',
  );
  expect(r.stderr).toMatch(
    new RegExp(
      `volume\\.json:${totalLine}:\\d+ /panels/volume/blocks/1/widgets/0/columns/1/total .*draws no Total row`,
    ),
  );
  // The 400 appears only once 'Calls' is chosen: it is at the line of the select's options.
  const optionsLine = lineOf(
    readFileSync(join(dir, 'volume.json'), 'utf8'),
    '"options": "commTypes"',
    '"panels"',
  );
  expect(r.stderr).toMatch(
    new RegExp(
      `volume\\.json:${optionsLine}:\\d+ /panels/volume/blocks/0/widgets/1/options volume as admin, select 'volCommType' of panel 'volume' set to 'Calls' .*POST /api/data/communication/volume/by_site \\(data source 'volBySite'\\) answered 400`,
    ),
  );
  // Each failure once, though every state of the walk shows it; the other options pass.
  const lines = r.stderr.trim().split('\n');
  expect(new Set(lines).size).toBe(lines.length);
  expect(lines.filter((l) => l.includes('draws no marks'))).toHaveLength(1);
  expect(lines.filter((l) => l.includes('set to') && !l.includes("set to 'Calls'"))).toEqual([]);
  expect(r.stdout).toMatch(/render check: 1 page, \d+ states drawn, \d+ errors in \d+\.\d s/);
  expect(r.status).toBe(1);
});

test('the rendered diff of two loose page files draws each changed panel before and after, side by side', async () => {
  const volume = readFileSync(join('dashboards', 'volume.json'), 'utf8');
  writeFileSync(join(work, 'old.json'), volume);
  writeFileSync(join(work, 'new.json'), volume.replace('"header": "Total Comms"', '"header": "All Comms"'));
  const out = join(work, 'out');

  const r = await runScript('dashboards-diff.ts', [
    '--render',
    '--out',
    out,
    join(work, 'old.json'),
    join(work, 'new.json'),
  ]);
  expect(r.stderr).toBe('');
  expect(r.stdout).toContain(
    `~ /panels/volume/blocks/1/widgets/0/columns/1/header (field 'totalCommCount' ("All Comms")): "Total Comms" -> "All Comms"`,
  );
  expect(r.stdout).toContain('volume: 1 panel drawn before and after');
  expect(r.status).toBe(1);
  const html = readFileSync(join(out, 'volume.html'), 'utf8');
  // Only the changed panel, drawn on each side, and the two drawings differ (the header).
  expect(html).toContain('<h2>panel volume</h2>');
  expect(html).not.toContain('<h2>panel byType</h2>');
  const images = [...html.matchAll(/src="data:image\/png;base64,([^"]+)"/g)].map((m) => m[1]);
  expect(images).toHaveLength(2);
  expect(images[0]).not.toBe(images[1]);
  expect(existsSync(join(out, 'volume.png'))).toBe(true);
  expect(statSync(join(out, 'volume.png')).size).toBeGreaterThan(10_000);
});
