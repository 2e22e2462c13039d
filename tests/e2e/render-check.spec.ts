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

test('the render check fails a copy of dashboards/ whose chart draws no marks at the line to fix, and leaves to the static checks what they find', async () => {
  const dir = join(work, 'dashboards');
  cpSync('dashboards', dir, { recursive: true });
  // A colour domain no value of the rows matches (the lines are drawn unpainted): the series field
  // has no list of values in the API's schema and no drill maps it, so only drawing finds it.
  const shared = readFileSync(join(dir, '_shared.json'), 'utf8');
  const domain = '"domain": ["Missed Call", "Text", "Email", "Overall"]';
  expect(shared).toContain(domain);
  writeFileSync(
    join(dir, '_shared.json'),
    shared.replace(domain, '"domain": ["Missed", "Texts", "Emails", "All"]'),
  );

  const r = await runScript('dashboards-check.ts', ['--render', '--pages', 'response-time', dir]);
  expect(r.stdout).toContain('0 errors');
  const specLine = lineOf(shared, '"averageResponseTimeTrend": {');
  expect(r.stderr).toMatch(
    new RegExp(
      `_shared\\.json:${specLine}:\\d+ /specs/averageResponseTimeTrend response-time as admin, manager: chart 'chart-response-trend' in panel 'trend' draws no marks`,
    ),
  );
  // Each failure once, though every state of the walk shows it; nothing else fails.
  const lines = r.stderr.trim().split('\n');
  expect(new Set(lines).size).toBe(lines.length);
  expect(lines.filter((l) => l.includes('draws no marks'))).toHaveLength(1);
  expect(lines.filter((l) => l.includes('set to'))).toEqual([]);
  expect(r.stdout).toMatch(/render check: 1 page, \d+ states drawn, \d+ errors? in \d+\.\d s/);
  expect(r.status).toBe(1);

  // A value map that sends a code the endpoints refuse and a table whose columns ask for totals
  // without its totals source are found without drawing: the render check does not start.
  const calls = '"Calls": ["PHONE"],';
  expect(shared).toContain(calls);
  writeFileSync(join(dir, '_shared.json'), shared.replace(calls, '"Calls": ["PHONES"],'));
  const volume = readFileSync(join(dir, 'volume.json'), 'utf8');
  const totals = ',\n              "totals": { "data": "volBySiteTotals" }';
  expect(volume).toContain(totals);
  writeFileSync(join(dir, 'volume.json'), volume.replace(totals, ''));
  const statics = await runScript('dashboards-check.ts', ['--render', '--pages', 'response-time', dir]);
  expect(statics.status).not.toBe(0);
  expect(statics.stderr).toContain('render check not run');
  expect(statics.stderr).toMatch(/_shared\.json:\d+:\d+ .*PHONES/);
  expect(statics.stderr).toMatch(/volume\.json:\d+:\d+ .*total/i);
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
