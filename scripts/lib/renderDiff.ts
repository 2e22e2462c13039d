// The rendered diff (`npm run dashboards:diff -- --render --out DIR OLD NEW`): after the text
// report, each side's definitions are served by an app of their own (scripts/lib/renderServer.ts)
// and every changed page is opened on both; its changed panels, drawn before and after, go side by
// side into DIR/<page>.html (the report's lines of that page above them, the images inside) and
// DIR/<page>.png (that report drawn by the browser).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative, resolve } from 'node:path';
import type { Browser } from '@playwright/test';
import { type DefinitionText, type PageDiff, renderDiffText } from '../../engine/tools';
import type { Compared } from '../dashboards-diff';
import { settle, watchPage } from './renderCheck';
import {
  demoUsersByClaims,
  launchDrawingChromium,
  type RenderServer,
  signedInContext,
  startRenderServer,
} from './renderServer';
import { errorMessage, type ToolIo } from './toolIo';

type Json = Record<string, unknown>;

/** The panels a page's changes reach: those named by a change, or every panel when a change is outside /panels. */
export function changedPanels(diff: PageDiff, before?: Json, after?: Json): string[] {
  const all = [
    ...new Set([
      ...Object.keys((before?.panels as Json) ?? {}),
      ...Object.keys((after?.panels as Json) ?? {}),
    ]),
  ];
  if (diff.status !== 'changed') return all;
  const named = new Set<string>();
  let outside = false;
  const pointers = [
    ...diff.properties.flatMap((c) => [c.pointer, c.from]),
    ...diff.widgets.flatMap((c) => [c.pointer, c.from]),
  ].filter((p): p is string => p !== undefined);
  for (const p of pointers) {
    const m = /^\/panels\/([^/]+)/.exec(p);
    if (m) named.add(m[1].replace(/~1/g, '/').replace(/~0/g, '~'));
    else if (!p.startsWith('/layout')) outside = true;
  }
  for (const c of diff.panels) named.add(c.panel);
  return outside ? all : all.filter((p) => named.has(p));
}

/** Writes one side's texts into a folder the app can serve (each under its file name). */
function writeSide(texts: DefinitionText[], dir: string): void {
  mkdirSync(dir, { recursive: true });
  for (const t of texts) writeFileSync(join(dir, basename(t.source.replace(/^[^:]*:/, ''))), t.text);
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Draws the listed panels of a page on a server: each panel's PNG, or why there is none. */
async function drawPanels(
  browser: Browser,
  server: RenderServer,
  page: Json | undefined,
  panels: string[],
): Promise<Map<string, Buffer | string>> {
  const shots = new Map<string, Buffer | string>();
  if (!page) {
    for (const p of panels) shots.set(p, 'the page is not on this side');
    return shots;
  }
  const access = page.access as { claim: string; value: string } | undefined;
  const user = demoUsersByClaims().find(
    (u) => !access || u.claims.some((c) => c.type === access.claim && c.value === access.value),
  );
  if (!user) {
    for (const p of panels) shots.set(p, `no demo user holds ${access?.claim}=${access?.value}`);
    return shots;
  }
  const context = await signedInContext(browser, server.url, user.username);
  try {
    const tab = await context.newPage();
    const events = watchPage(tab);
    await tab.goto(`${server.url}${page.route as string}`);
    await tab.getByTestId(`dashboard-${page.id as string}`).waitFor({ timeout: 30_000 });
    await settle(tab, () => events.inflight);
    for (const p of panels) {
      const panel = tab.getByTestId(`panel-${p}`);
      if (!(await panel.count())) shots.set(p, 'the panel is not on this side');
      else shots.set(p, await panel.first().screenshot({ animations: 'disabled' }));
    }
  } finally {
    await context.close();
  }
  return shots;
}

function reportHtml(
  diff: PageDiff,
  panels: string[],
  before: Map<string, Buffer | string>,
  after: Map<string, Buffer | string>,
) {
  const text = renderDiffText({ equal: false, pages: [diff] })
    .split('\n')
    .slice(0, -2)
    .join('\n');
  const cell = (shot: Buffer | string | undefined) =>
    typeof shot === 'string' || shot === undefined
      ? `<p class="none">${escapeHtml(shot ?? 'not drawn')}</p>`
      : `<img alt="" src="data:image/png;base64,${shot.toString('base64')}">`;
  const rows = panels
    .map(
      (p) => `<h2>panel ${escapeHtml(p)}</h2>
<div class="pair"><div>${cell(before.get(p))}</div><div>${cell(after.get(p))}</div></div>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(diff.page)}: before and after</title>
<style>
body { font: 14px system-ui, sans-serif; margin: 16px; color: #222; background: #fff; }
pre { background: #f4f4f4; padding: 8px; white-space: pre-wrap; }
.heads, .pair { display: grid; grid-template-columns: 1fr 1fr; gap: 16px; }
.heads div { font-weight: 700; }
img { max-width: 100%; border: 1px solid #ccc; }
.none { color: #888; font-style: italic; }
</style></head><body>
<h1>${escapeHtml(diff.page)}</h1>
<pre>${escapeHtml(text)}</pre>
<div class="heads"><div>Before: ${escapeHtml(diff.old ?? '(none)')}</div><div>After: ${escapeHtml(diff.new ?? '(none)')}</div></div>
${rows}
</body></html>
`;
}

/**
 * `dashboards:diff --render --out DIR ...`: the diff (`compare`, which prints the text report) and,
 * when the sides differ, each changed page's changed panels drawn before and after into DIR.
 * Returns the diff's exit status (2 also when the drawing failed to run).
 */
export async function runRenderedDiff(
  argv: string[],
  io: ToolIo,
  compare: (argv: string[], io: ToolIo) => number | Compared,
): Promise<number> {
  let compared: number | Compared;
  try {
    compared = compare(argv, io);
  } catch (err) {
    io.err(errorMessage(err));
    return 2;
  }
  if (typeof compared === 'number') return compared;
  const outArg = compared.args.values.out;
  if (!outArg) {
    io.err('--render needs --out DIR: the folder the drawings are written to');
    return 2;
  }
  if (compared.report.equal) return compared.status;
  const out = resolve(io.cwd, outArg);
  const work = mkdtempSync(join(tmpdir(), 'hawkeye-render-diff-'));
  const servers: RenderServer[] = [];
  let browser: Browser | undefined;
  try {
    mkdirSync(out, { recursive: true });
    writeSide(compared.before, join(work, 'before'));
    writeSide(compared.after, join(work, 'after'));
    io.out('Drawing the changed panels: starting an app for each side...');
    const log = (m: string) => io.out(m);
    servers.push(await startRenderServer(join(work, 'before'), log));
    servers.push(await startRenderServer(join(work, 'after'), log));
    browser = await launchDrawingChromium();
    const [oldServer, newServer] = servers;
    for (const diff of compared.report.pages.filter((p) => p.status !== 'equal')) {
      const oldPage = pageOf(compared, 'before', diff.page);
      const newPage = pageOf(compared, 'after', diff.page);
      const panels = changedPanels(diff, oldPage, newPage);
      const before = await drawPanels(browser, oldServer, oldPage, panels);
      const after = await drawPanels(browser, newServer, newPage, panels);
      const html = reportHtml(diff, panels, before, after);
      const htmlFile = join(out, `${diff.page}.html`);
      writeFileSync(htmlFile, html);
      // The same report as one picture: the browser draws the HTML, 1600 px wide.
      const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
      const tab = await context.newPage();
      await tab.setContent(html);
      const pngFile = join(out, `${diff.page}.png`);
      await tab.screenshot({ path: pngFile, fullPage: true });
      await context.close();
      io.out(
        `${diff.page}: ${panels.length} panel${panels.length === 1 ? '' : 's'} drawn before and after: ${relative(io.cwd, htmlFile)}, ${relative(io.cwd, pngFile)}`,
      );
    }
  } catch (err) {
    io.err(`the rendered diff failed to run: ${errorMessage(err)}`);
    return 2;
  } finally {
    await browser?.close();
    for (const s of servers) await s.stop();
    rmSync(work, { recursive: true, force: true });
  }
  return compared.status;
}

/** The page with this id among one side's texts, as written (id, route, access, panels). */
function pageOf(compared: Compared, side: 'before' | 'after', id: string): Json | undefined {
  for (const t of compared[side]) {
    try {
      const value = JSON.parse(t.text) as Json;
      if (value && value.id === id) return value;
    } catch {
      // A text that does not parse was refused by the comparison already.
    }
  }
  return undefined;
}
