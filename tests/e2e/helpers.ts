import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, expect, type Locator, type Page, type Request } from '@playwright/test';
import { launchArgs } from '../../scripts/lib/serverBuild.mjs';
import { STORAGE_KEYS } from '../../src/client/session/storageKeys';
import { E2E_DATA_DIR, E2E_HELPER_PORT } from './e2eEnv';
import { pinClock } from './test';

export const DEMO_PASSWORD = 'Demo1234';

/** Opens the login page and signs in with its form, without waiting for what follows. */
export async function submitLogin(
  page: Page,
  username = 'admin',
  password = DEMO_PASSWORD,
  baseUrl = '',
): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in through the login page and waits for the dashboard with its filter applied. */
export async function signIn(
  page: Page,
  username = 'admin',
  password = DEMO_PASSWORD,
  baseUrl = '',
): Promise<void> {
  await submitLogin(page, username, password, baseUrl);
  await expect(page).toHaveURL(/\/dashboard(\?.*)?$/);
  await expect(page.getByTestId('dashboard-content')).toHaveAttribute('data-applied-count', /[1-9]/);
}

/**
 * Signs in without the login page, as a signed-in user who opens a link: the tokens and claims are
 * asked of the API (POST /token, POST /claims) and stored in the tab's session the way the login
 * page stores them, on the app's own origin (its favicon, so no page of the app runs meanwhile).
 * The next `page.goto` opens the app signed in (on `baseUrl`, the tests' server by default). For
 * tests whose subject is not signing in: the login page's way also draws the whole Dashboard first.
 */
export async function signInQuickly(
  page: Page,
  username = 'admin',
  password = DEMO_PASSWORD,
  baseUrl = '',
): Promise<void> {
  const token = await page.request.post(`${baseUrl}/token`, {
    data: { grantType: 'password', clientId: 'HawkEye', username, password },
  });
  expect(token.status(), await token.text()).toBe(200);
  const tokens = await token.json();
  const claims = await page.request.post(`${baseUrl}/claims`, {
    data: {},
    headers: { authorization: `Bearer ${tokens.accessToken}` },
  });
  expect(claims.status(), await claims.text()).toBe(200);
  const user = await claims.json();
  await page.goto(`${baseUrl}/favicon.png`);
  await page.evaluate(
    ({ keys, tokens, user }) => {
      sessionStorage.setItem(keys.jwt, JSON.stringify(tokens));
      sessionStorage.setItem(keys.claims, JSON.stringify(user));
      sessionStorage.setItem(
        keys.impersonation,
        JSON.stringify({ isImpersonating: false, impersonator: null }),
      );
    },
    { keys: STORAGE_KEYS, tokens, user },
  );
}

/** The applied filter the shell published (read from the dashboard mount point). */
export async function appliedFilter(page: Page): Promise<{
  siteIds: number[];
  accountIds: number[];
  dateRange: { label: string; currentPeriod: { start: string; end: string } };
}> {
  const content = page.getByTestId('dashboard-content');
  await expect(content).toHaveAttribute('data-applied-filter', /siteIds/);
  return JSON.parse((await content.getAttribute('data-applied-filter')) ?? 'null');
}

/** A fresh single-use impersonation code for `username`, made by the e2e server's helper endpoint. */
export async function impersonationCode(username: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${E2E_HELPER_PORT}/impersonation-code?username=${username}`);
  if (!res.ok) throw new Error(`no impersonation code: ${await res.text()}`);
  return res.text();
}

/**
 * A user who reads only `accountId` (password DEMO_PASSWORD), made by the e2e server's helper endpoint;
 * named `name` (first and last), else first name the username and last name 'Tester'.
 */
export async function accountUser(
  username: string,
  accountId: number,
  name?: { first: string; last: string },
): Promise<string> {
  const query = new URLSearchParams({ username, account: String(accountId), ...name });
  const res = await fetch(`http://127.0.0.1:${E2E_HELPER_PORT}/account-user?${query}`);
  if (!res.ok) throw new Error(`no user ${username}: ${await res.text()}`);
  return res.text();
}

/** Opens the account dropdown in the top bar. */
export async function openAccountMenu(page: Page): Promise<void> {
  await page.getByTestId('account-menu').click();
}

/** A stored form submission, as the e2e server's helper endpoint lists it (oldest first). */
export interface E2eFormSubmission {
  id: number;
  kind: 'feedback' | 'support';
  userId: number;
  username: string;
  impersonator: string | null;
  payload: Record<string, unknown>;
  receivedAt: string;
  mailedAt: string | null;
  mailError: string | null;
}

/** Every row of form_submissions, read in the server's process (the DuckDB file is locked). */
export async function formSubmissions(): Promise<E2eFormSubmission[]> {
  const res = await fetch(`http://127.0.0.1:${E2E_HELPER_PORT}/form-submissions`);
  if (!res.ok) throw new Error(`no form submissions: ${await res.text()}`);
  return (await res.json()) as E2eFormSubmission[];
}

/** Runs the digests and alerts due at the instant `at` in the server's process, as its timer would then. */
export async function runDeliveries(at: string): Promise<{ subscriptionId: number; status: string }[]> {
  const res = await fetch(`http://127.0.0.1:${E2E_HELPER_PORT}/run-deliveries?at=${encodeURIComponent(at)}`);
  if (!res.ok) throw new Error(`deliveries did not run: ${await res.text()}`);
  return (await res.json()) as { subscriptionId: number; status: string }[];
}

/** Outbox file names (E2E_DATA_DIR/outbox), oldest first; none when the folder is not there yet. */
export function outboxFiles(): string[] {
  try {
    return readdirSync(join(E2E_DATA_DIR, 'outbox'))
      .filter((f) => f.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
}

/** An outbox message's text with quoted-printable soft breaks and escapes undone. */
export function outboxText(file: string): string {
  const raw = readFileSync(join(E2E_DATA_DIR, 'outbox', file), 'latin1').replace(/=\r?\n/g, '');
  const bytes = raw.replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8').replace(/\r\n/g, '\n');
}

/** Every analytics data request the page sends from now on (POST /api/data...), in order. */
export function dataRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname.startsWith('/api/data')) seen.push(r);
  });
  return seen;
}

/** The session's tokens as the client stored them at sign-in (sessionStorage). */
export async function sessionTokens(page: Page): Promise<{ accessToken: string; extendedDataToken: string }> {
  const raw = await page.evaluate(() => sessionStorage.getItem('hawkeye-jwt'));
  if (!raw) throw new Error('not signed in: no tokens in sessionStorage');
  return JSON.parse(raw);
}

/** Sends the exact body of a request the page made again, with the session's tokens, and returns the JSON answer. */
export async function replay(page: Page, request: Request): Promise<unknown> {
  const { accessToken } = await sessionTokens(page);
  const res = await page.request.post(request.url(), {
    data: request.postDataJSON(),
    headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
  });
  expect(res.status(), `${request.url()} answered ${await res.text()}`).toBe(200);
  return res.json();
}

/** A second app server started by a test: its URL, everything it printed, and how to stop it. */
export interface ExtraServer {
  url: string;
  /** The child's stdout and stderr so far. */
  log: () => string;
  stop: () => Promise<void>;
}

/**
 * Starts the real app in a child process on a free port of 127.0.0.1 with a fresh DuckDB in
 * `dataDir`, seeded like the e2e server (demo users, seed 7) at `sites` sites, and the definitions
 * of `dashboardsDir` (watched). The client build is the one the Playwright web server made.
 */
export async function startExtraServer(opts: {
  dataDir: string;
  dashboardsDir?: string;
  sites?: number;
}): Promise<ExtraServer> {
  const root = process.cwd();
  mkdirSync(opts.dataDir, { recursive: true });
  let output = '';
  // From its bundle, as the e2e server (scripts/lib/serverBuild.mjs).
  const child: ChildProcess = spawn(process.execPath, launchArgs('tests/e2e/extraServer.ts'), {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: opts.dataDir,
      E2E_EXTRA_SITES: String(opts.sites ?? 9),
      // A free port, named by the server once it listens.
      PORT: '0',
      HOST: '127.0.0.1',
      DASHBOARDS_DIR: opts.dashboardsDir ?? join(root, 'dashboards'),
      SEED_DEMO: '0',
      LOG_LEVEL: 'info',
      // One DuckDB worker thread, as the e2e server (tests/e2e/server.ts).
      DUCKDB_THREADS: process.env.DUCKDB_THREADS || '1',
      // Password hashes at OWASP's minimum cost, as the e2e server's.
      PASSWORD_HASH_MEMORY_KIB: process.env.PASSWORD_HASH_MEMORY_KIB || '19456',
      PASSWORD_HASH_PASSES: process.env.PASSWORD_HASH_PASSES || '2',
      PASSWORD_HASH_PARALLELISM: process.env.PASSWORD_HASH_PARALLELISM || '1',
      LOGIN_FAILURES_PER_ADDRESS: '10000',
      LOGIN_FAILURES_PER_USERNAME: '10000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += String(d);
  });
  child.stderr?.on('data', (d) => {
    output += String(d);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the extra server exited (${child.exitCode}):\n${output}`);
    if (/extra server ready on port \d+/.test(output)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the extra server did not start in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const port = /extra server ready on port (\d+)/.exec(output)?.[1];
  return { url: `http://127.0.0.1:${port}`, log: () => output, stop };
}

/** The slices a Vega pie (SVG renderer) draws: label, opacity and colour, from the arc marks. */
export async function pieSlicesShown(
  pie: Locator,
): Promise<{ label: string; opacity: number; fill: string }[]> {
  return pie.locator('path[role="graphics-symbol"][aria-roledescription="arc mark"]').evaluateAll((paths) =>
    paths.map((p) => ({
      label: /(?:^|; )label: (.*?)(?:; |$)/.exec(p.getAttribute('aria-label') ?? '')?.[1] ?? '',
      opacity: Number(p.getAttribute('opacity') ?? '1'),
      fill: (p.getAttribute('fill') ?? '').toLowerCase(),
    })),
  );
}

/** The labels of the slices a Vega pie draws. */
export async function sliceLabels(pie: Locator): Promise<string[]> {
  return (await pieSlicesShown(pie)).map((s) => s.label);
}

/**
 * Clicks inside the slice of a Vega pie with this label: a point inside the arc's fill (not just its
 * bounding box), checked to be the topmost element there, in page coordinates.
 */
export async function clickSlice(pie: Locator, label: string): Promise<void> {
  const point = await slicePoint(pie, label);
  await pie.page().mouse.click(point.x, point.y);
}

/** Moves the mouse over the slice of a Vega pie with this label (its tooltip shows). */
export async function hoverSlice(pie: Locator, label: string): Promise<void> {
  const point = await slicePoint(pie, label);
  await pie.page().mouse.move(point.x, point.y);
}

/** A point inside the slice with this label that is topmost there, in page coordinates. */
async function slicePoint(pie: Locator, label: string): Promise<{ x: number; y: number }> {
  const arc = pie
    .locator('path[role="graphics-symbol"][aria-roledescription="arc mark"]')
    .and(pie.locator(`path[aria-label*=${JSON.stringify(`label: ${label};`)}]`));
  await expect(arc).toHaveCount(1);
  let point = null as { x: number; y: number } | null;
  // A pie drawn again meanwhile (its box measured, a spec compiled) replaces its paths: look again.
  await expect(async () => {
    // Only a point inside the window can be found on top (and clicked): bring the slice into view.
    await arc.scrollIntoViewIfNeeded();
    point = await arc.evaluate((el) => {
      const path = el as SVGPathElement;
      const box = path.getBBox();
      const ctm = path.getScreenCTM();
      if (!ctm) return null;
      // Scan the bounding box from the middle outwards for a point in the fill that is on top.
      const steps = 24;
      const candidates: [number, number][] = [];
      for (let i = 1; i < steps; i++)
        for (let j = 1; j < steps; j++)
          candidates.push([box.x + (box.width * i) / steps, box.y + (box.height * j) / steps]);
      const cx = box.x + box.width / 2;
      const cy = box.y + box.height / 2;
      candidates.sort((a, b) => Math.hypot(a[0] - cx, a[1] - cy) - Math.hypot(b[0] - cx, b[1] - cy));
      for (const [x, y] of candidates) {
        if (!path.isPointInFill(new DOMPoint(x, y))) continue;
        const screen = new DOMPoint(x, y).matrixTransform(ctm);
        if (document.elementFromPoint(screen.x, screen.y) === path) return { x: screen.x, y: screen.y };
      }
      return null;
    });
    expect(point, `a clickable point inside the slice ${label}`).not.toBeNull();
  }).toPass();
  if (!point) throw new Error(`no clickable point inside the slice ${label}`);
  return point;
}

/**
 * Answers every POST /api/data asking for data code `code` with `answer` (while `when` holds, if
 * given); every other call goes on to the server (or the next route).
 */
export async function answerDataCode(
  page: Page,
  code: number,
  answer: unknown,
  when: () => boolean = () => true,
) {
  await page.route(
    (url) => url.pathname === '/api/data',
    async (route) => {
      const body = route.request().postDataJSON() as Record<string, unknown> | null;
      if (route.request().method() !== 'POST' || body?.requestedData !== code || !when())
        return route.fallback();
      await route.fulfill({ json: answer });
    },
  );
}

/** A request's JSON body (an empty object when it has none). */
export function requestBody(r: Request): Record<string, unknown> {
  return (r.postDataJSON() ?? {}) as Record<string, unknown>;
}

/** A predicate for requests to exactly this path. */
export const requestTo =
  (path: string) =>
  (r: Request): boolean =>
    new URL(r.url()).pathname === path;

/** Waits until every data-bound widget inside `scope` has its rows (none idle or loading) and is drawn. */
export async function widgetsReady(scope: Locator): Promise<void> {
  await expect(scope.locator('[data-widget-bound="true"]').first()).toBeAttached();
  await expect(scope.locator('[data-widget-bound="true"]:not([data-widget-state="ready"])')).toHaveCount(0);
  // Charts are drawn after their rows arrive (aria-busy until then), and the panels below them
  // may move until they are: a click aimed at those panels waits for the drawing.
  await expect(scope.locator('[aria-busy="true"]')).toHaveCount(0);
}

/**
 * Signs in as `username`, starts recording data requests, opens `route` by URL (on `baseUrl`, the
 * tests' server by default) and waits for the page `dashboard-<id>` with every bound widget ready.
 * Returns the recorded requests.
 */
export async function openDashboard(
  page: Page,
  route: string,
  id: string,
  username = 'admin',
  baseUrl = '',
): Promise<Request[]> {
  await signInQuickly(page, username, undefined, baseUrl);
  const requests = dataRequests(page);
  await page.goto(`${baseUrl}${route}`);
  const dashboard = page.getByTestId(`dashboard-${id}`);
  await expect(dashboard).toBeVisible();
  await widgetsReady(dashboard);
  return requests;
}

/** A table endpoint's answer as the tests read it back (`replay`): its page of rows by field, and the rows over every page. */
export interface TablePage {
  values: Record<string, unknown>[];
  totalRows: number;
}

/** A site's or an employee's name as a table draws it: ' (Inactive)' after an inactive one. */
export const withInactive = (name: unknown, active: unknown): string =>
  `${name}${active === false ? ' (Inactive)' : ''}`;

/** A button of the pill group in `scope`: a panel's Site / Employee, a chart's Week / Month / Quarter. */
export const pill = (scope: Locator, name: string): Locator =>
  scope.getByRole('group').getByRole('button', { name, exact: true });

/** A number as the widgets draw it: grouped by thousands, with exactly `digits` decimals. */
export const dec = (n: number, digits: number): string =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** A percentage as the tables draw it: one decimal, and '0%' for none. */
export const pct1 = (n: number): string => (n === 0 ? '0%' : `${dec(n, 1)}%`);

/** A summary widget's label/value pairs, read from its text (its title line left out). */
export async function summaryLines(summary: Locator): Promise<string[][]> {
  const text = (await summary.locator('p').allTextContents())
    .map((t) => t.trim())
    .filter(Boolean)
    .slice(1);
  const pairs: string[][] = [];
  for (let i = 0; i < text.length; i += 2) pairs.push([text[i], text[i + 1]]);
  return pairs;
}

/** The body cells' texts of a table widget, row by row. */
export async function tableCells(table: Locator): Promise<string[][]> {
  return table
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim())),
    );
}

/** A table widget's header texts, without the sort arrow. */
export async function tableHeaders(table: Locator): Promise<string[]> {
  return (await table.locator('thead th').allTextContents()).map((h) =>
    h.replace(/\s[\u25B2\u25BC]$/, '').trim(),
  );
}

/** A table widget's Total row texts. */
export async function totalsCells(table: Locator): Promise<string[]> {
  return (await table.getByTestId('totals-row').locator('td').allTextContents()).map((t) => t.trim());
}

/**
 * Saves a full-page screenshot at `width` px wide into /tmp/shots/e2e-<name>-<width>.png. After a
 * change of width the charts re-measure their boxes and redraw: the shot waits until the page's
 * height and every chart's size stay the same over ten animation frames.
 */
export async function fullPageShot(page: Page, name: string, width: number): Promise<void> {
  if (page.viewportSize()?.width !== width) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(async () => {
      const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
      const layout = () =>
        JSON.stringify([
          document.documentElement.scrollHeight,
          ...[...document.querySelectorAll('svg, canvas')].map((e) => {
            const r = e.getBoundingClientRect();
            return [Math.round(r.width), Math.round(r.height)];
          }),
        ]);
      let last = '';
      for (let same = 0; same < 10; ) {
        await frame();
        const now = layout();
        same = now === last ? same + 1 : 0;
        last = now;
      }
    });
  }
  mkdirSync('/tmp/shots', { recursive: true });
  await page.screenshot({ path: `/tmp/shots/e2e-${name}-${width}.png`, fullPage: true });
}

/**
 * Opens `url` in a new browser (another person, or another tab's session), signs in as `username`
 * on the way, and waits for dashboard `id` to draw: a shared link as its receiver opens it.
 */
export async function openAs(browser: Browser, url: string, username: string, id: string): Promise<Page> {
  const context = await browser.newContext();
  await pinClock(context);
  const page = await context.newPage();
  await page.goto(url);
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId(`dashboard-${id}`)).toBeVisible();
  await widgetsReady(page.getByTestId(`dashboard-${id}`));
  return page;
}
