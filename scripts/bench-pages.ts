// `npm run bench:pages [-- --runs 5 --scale demo --pages home,response-time]`
// For each dashboard page: the time from navigation to every panel drawn in Chromium (median of N
// runs, cold and warm cache) and the gzip bytes of JS and CSS loaded before the first panel is drawn.
// Cold: a new browser context (empty HTTP cache) opening the page's URL with the server's result
// cache emptied first (every query runs). Warm: the same context opening it again (cached bundles;
// the data is requested again, as on any visit, and the server answers from its result cache).
// Beside the times, from one more visit of each page (not timed): the components React rendered on
// the warm visit. It moves with the order in which the page's answers arrive (a tenth between runs),
// far less than the times do with the machine.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium, type Page } from '@playwright/test';
import { definitionFiles, loadDefinitions } from '../engine/tools';
import { STORAGE_KEYS } from '../src/client/session/storageKeys';
import { isScaleName, SCALE_NAMES } from '../src/server/seed/scales';
import { readCommandLine, usage } from './lib/args';
import { startBenchServer } from './lib/benchServerProcess';
import { writeBenchTable } from './lib/benchTable';
import { CHROMIUM_ARGS } from './lib/chromium';
import { ensureClientBuilt } from './lib/clientBuild';
import { printMachineSpeed } from './lib/machineSpeed';

const { values: options } = readCommandLine(
  'Usage: npm run bench:pages -- [--runs 5] [--scale demo] [--pages home,response-time]',
  { options: { runs: { type: 'string' }, scale: { type: 'string' }, pages: { type: 'string' } } },
);
const RUNS = Number(options.runs ?? 5);
const scale = String(options.scale ?? 'demo');
if (!isScaleName(scale)) usage(`--scale must be ${SCALE_NAMES}, got '${scale}'`);
/** Page ids to measure (all when absent). */
const only = typeof options.pages === 'string' ? new Set(options.pages.split(',')) : undefined;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Run in the page before the app's scripts: every 10 ms it checks whether every bound widget is drawn
 * (none loading, at least one ready, and each chart or pie showing its canvas or svg, since Vega
 * draws after the rows arrive, or 'No Data'), and then notes the page's clock (milliseconds since
 * its navigation started) in window.__panelsDrawnAt; the first time it finds a panel drawn it notes
 * the clock in window.__firstPanelAt. The page keeps its own time: a check from Playwright
 * (waitForFunction, waitForSelector) first loads Playwright's injected script into the page, which
 * cost a warm visit about 50 ms (docs/benchmarks.md). A string, so the bundler's helpers
 * never reach the browser.
 */
const WATCH_PANELS = `(() => {
  const drawn = (w) =>
    w.getAttribute('data-widget-state') === 'ready' &&
    (!['chart', 'pie'].includes(w.getAttribute('data-widget-kind') || '') ||
      w.querySelector('canvas, svg.marks') !== null ||
      (w.textContent || '').includes('No Data'));
  const check = () => {
    const widgets = [...document.querySelectorAll('[data-widget-bound="true"]')];
    const some = widgets.some(drawn);
    if (some && window.__firstPanelAt === undefined) window.__firstPanelAt = performance.now();
    if (some && widgets.every((w) => w.getAttribute('data-widget-state') === 'idle' || drawn(w))) {
      window.__panelsDrawnAt = performance.now();
    } else setTimeout(check, 10);
  };
  setTimeout(check, 10);
})()`;

/**
 * After a visit: when the first panel was drawn, and each file and request with the page's clock
 * when it arrived (Resource Timing; files from the HTTP cache included).
 */
const VISIT_TIMING = `(() => ({
  firstPanelAt: window.__firstPanelAt,
  resources: performance.getEntriesByType('resource').map((r) => ({ url: r.name, responseEnd: r.responseEnd })),
}))()`;

/**
 * Counts the components React renders on a page (mounts and renders again) through the hook React
 * offers its developer tools, installed before the app's scripts run: at each commit, a component
 * whose props or state are other objects than at the last commit has rendered. The count is in
 * window.__componentRenders. A string, as WATCH_PANELS.
 */
const COUNT_RENDERS = `(() => {
  // React's fiber tags of components that run code: function, class, forwardRef, simple memo.
  const COMPONENT_TAGS = [0, 1, 11, 15];
  const seen = new WeakMap();
  window.__componentRenders = 0;
  const visit = (fiber) => {
    for (let f = fiber; f; f = f.sibling) {
      const last = seen.get(f) || (f.alternate && seen.get(f.alternate));
      if ((!last || last.props !== f.memoizedProps || last.state !== f.memoizedState) && COMPONENT_TAGS.includes(f.tag))
        window.__componentRenders++;
      seen.set(f, { props: f.memoizedProps, state: f.memoizedState });
      visit(f.child);
    }
  };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    inject: () => 1,
    onCommitFiberRoot: (_id, root) => visit(root.current.child),
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {},
    onScheduleFiberRoot: () => {},
    setStrictMode: () => {},
    checkDCE: () => {},
  };
})()`;

/** Waits until every panel is drawn; resolves to the page's clock at that moment. */
async function waitForPanels(page: Page): Promise<number> {
  const giveUpAt = Date.now() + 60_000;
  for (;;) {
    const drawnAt = await page.evaluate('window.__panelsDrawnAt');
    if (typeof drawnAt === 'number') return drawnAt;
    if (Date.now() > giveUpAt) throw new Error(`${page.url()}: the panels were not all drawn in 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

interface Sample {
  /** Navigation start to every panel drawn, by the page's own clock (performance.now()). */
  ms: number;
  /** The same by this script's clock: adds Playwright's round trips to the browser. */
  wallMs: number;
  /** The scripts the page's HTML loads (its entry and the modules it preloads): the app's own JS. */
  initialJsBytes: number;
  jsBytes: number;
  cssBytes: number;
}

/** The gzip size (level 6, gzip's default) of a static file, fetched once by URL. */
const gzipSizes = new Map<string, Promise<number>>();
function gzipBytes(url: string): Promise<number> {
  let size = gzipSizes.get(url);
  if (!size) {
    size = fetch(url).then(async (res) => {
      if (!res.ok) throw new Error(`${url} answered ${res.status}`);
      return gzipSync(Buffer.from(await res.arrayBuffer())).length;
    });
    gzipSizes.set(url, size);
  }
  return size;
}

/** The gzip bytes of the scripts a page's HTML names: `<script src>` and `<link rel="modulepreload">`. */
async function documentScriptsBytes(url: string): Promise<number> {
  const html = await (await fetch(url)).text();
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  const urls = tags.flatMap((tag) => {
    const src = /\bsrc="([^"]+)"/.exec(tag)?.[1];
    const href = /\brel="modulepreload"/.test(tag) ? /\bhref="([^"]+)"/.exec(tag)?.[1] : undefined;
    const file = src ?? href;
    return file ? [new URL(file, url).href] : [];
  });
  let bytes = 0;
  for (const u of urls) bytes += await gzipBytes(u);
  return bytes;
}

async function visit(page: Page, url: string): Promise<Sample> {
  // The files and requests are read from the page's Resource Timing after the visit, and the files'
  // sizes fetched apart: listening to the browser's responses and reading their bodies while the
  // page loads (Playwright's response.body()) cost the page about 90 ms of a warm visit of 330-470,
  // and waiting for the first panel with a selector of its own about 70 more (measured
  // with the benchmark). The page notes when its panels are drawn (WATCH_PANELS).
  const started = Date.now();
  await page.goto(url);
  const ms = Math.round(await waitForPanels(page));
  const wallMs = Date.now() - started;
  const timing = (await page.evaluate(VISIT_TIMING)) as {
    firstPanelAt: number;
    resources: { url: string; responseEnd: number }[];
  };
  const initialJsBytes = await documentScriptsBytes(url);
  let jsBytes = 0;
  let cssBytes = 0;
  for (const r of timing.resources.filter((x) => x.responseEnd <= timing.firstPanelAt)) {
    const path = new URL(r.url).pathname;
    if (path.endsWith('.css')) cssBytes += await gzipBytes(r.url);
    else if (path.endsWith('.js')) jsBytes += await gzipBytes(r.url);
  }
  return { ms, wallMs, initialJsBytes, jsBytes, cssBytes };
}

async function signInTokens(base: string) {
  const post = async (path: string, body: unknown, token?: string) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    return res.json() as Promise<Record<string, unknown>>;
  };
  const tokens = await post('/token', {
    grantType: 'password',
    clientId: 'HawkEye',
    username: 'admin',
    password: 'Demo1234',
  });
  const claims = await post('/claims', {}, tokens.accessToken as string);
  return { tokens, claims };
}

/** A new browser context (empty cache) signed in as the admin; with `init`, a script run before the app's. */
async function signedInContext(browser: Browser, base: string, init?: string) {
  const session = await signInTokens(base);
  // bypassCSP: the panels-drawn check polls inside the page, which the app's CSP (script-src
  // 'self') would refuse as evaluated text; the app's own scripts load as they do for users.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
  await context.addInitScript(
    ([keys, s]) => {
      if (!sessionStorage.getItem(keys.jwt)) {
        sessionStorage.setItem(keys.jwt, JSON.stringify(s.tokens));
        sessionStorage.setItem(keys.claims, JSON.stringify(s.claims));
        sessionStorage.setItem(
          keys.impersonation,
          JSON.stringify({ isImpersonating: false, impersonator: null }),
        );
      }
    },
    [STORAGE_KEYS, session] as const,
  );
  await context.addInitScript(WATCH_PANELS);
  if (init) await context.addInitScript(init);
  return context;
}

async function benchPage(
  browser: Browser,
  base: string,
  route: string,
  clearServerCache: () => Promise<void>,
) {
  const cold: Sample[] = [];
  const warm: Sample[] = [];
  for (let i = 0; i < RUNS; i++) {
    const context = await signedInContext(browser, base);
    const page = await context.newPage();
    await clearServerCache();
    cold.push(await visit(page, `${base}${route}`));
    warm.push(await visit(page, `${base}${route}`));
    await context.close();
  }
  // The renders are counted apart from the timed visits: the count walks React's tree at each commit.
  const context = await signedInContext(browser, base, COUNT_RENDERS);
  const page = await context.newPage();
  await visit(page, `${base}${route}`);
  await visit(page, `${base}${route}`);
  const renders = (await page.evaluate('window.__componentRenders')) as number;
  await context.close();
  return { cold, warm, renders };
}

const dir = mkdtempSync(join(tmpdir(), 'hawkeye-bench-pages-'));
await ensureClientBuilt();
printMachineSpeed('before the run');
process.stdout.write(`Starting the server and seeding the ${scale} scale...\n`);
const server = await startBenchServer(dir, scale);
const base = server.url;
try {
  const all = loadDefinitions(definitionFiles('dashboards')).loaded.flatMap((l) =>
    l.definition ? [l.definition] : [],
  );
  const pages = all
    .filter((p) => !only || only.has(p.id))
    .sort((a, b) => (a.menu?.order ?? 0) - (b.menu?.order ?? 0));
  if (only && pages.length !== only.size) {
    usage(`--pages names an unknown page id; known: ${all.map((p) => p.id).join(', ')}`);
  }
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const rows: string[] = [];
  for (const p of pages) {
    const { cold, warm, renders } = await benchPage(browser, base, p.route, () => server.clearCache());
    const kb = (xs: number[]) => (median(xs) / 1024).toFixed(0);
    const ms = (xs: Sample[]) => `${median(xs.map((s) => s.ms))} (${median(xs.map((s) => s.wallMs))})`;
    const row = `| ${p.title} | ${ms(cold)} | ${ms(warm)} | ${kb(cold.map((s) => s.initialJsBytes))} | ${kb(cold.map((s) => s.jsBytes))} | ${kb(cold.map((s) => s.cssBytes))} | ${renders.toLocaleString('en-US')} |`;
    rows.push(row);
    process.stdout.write(`${row}\n`);
  }
  await browser.close();
  const table = [
    "| page | cold ms | warm ms | app JS kB gzip (the HTML's scripts) | all JS kB gzip before first panel (with lazy Vega) | CSS kB gzip | components rendered (warm) |",
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows,
  ];
  process.stdout.write(
    `\n${scale} scale, median of ${RUNS} runs, Chromium at 1280 px; ms from navigation start to every panel drawn by the page's clock (in brackets: by this script's clock, with Playwright's round trips)\n\n${table.join('\n')}\n`,
  );
  writeBenchTable('pages', table);
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
printMachineSpeed('after the run');
