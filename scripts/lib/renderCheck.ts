// The render check (`npm run dashboards:check -- --render [DIR]`): the app on a small seeded database
// serving the definitions of DIR, every page opened in headless Chromium as each demo user (one per
// set of claims), and each pill, view and select option of the panels walked as the first user who
// may open the page. A state fails on an error panel, an API answer of 4xx or 5xx, a console error,
// a chart or pie with rows that draws no marks, or a table whose columns ask for totals drawn
// without its Total row. Each failure is located at the definition line that set up the state: the
// option chosen, else the widget, data source or page at fault.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, relative, resolve } from 'node:path';
import type { Browser, Locator, Page } from '@playwright/test';
import {
  type DefinitionError,
  definitionFiles,
  escapePointerToken,
  formatDefinitionError,
  isLibraryFile,
  loadDefinitions,
  loadEndpointIndex,
  type NormalizedPage,
  type PositionMap,
  parseJsonTolerant,
} from '../../engine/tools';
import { type CommandLine, parseCommandLine } from './args';
import { demoUsersByClaims, launchDrawingChromium, signedInContext, startRenderServer } from './renderServer';
import { errorMessage, type ToolIo } from './toolIo';

/** How many options of one control are walked (the first ones, the chosen one always). */
const MAX_OPTIONS = 6;
/** How long a state may take to settle before it is a failure. */
const SETTLE_MS = 30_000;

/** A place in a definition file: what a failure names. */
export interface Place {
  file: string;
  line: number;
  column: number;
  pointer: string;
}

type Json = Record<string, unknown>;

/** The definition files of a folder as written: each value's position, and the library's names. */
export class DefinitionPlaces {
  private files = new Map<string, { file: string; value: Json; positions: PositionMap }>();

  constructor(dir: string, cwd: string) {
    for (const path of definitionFiles(dir)) {
      let text = '';
      try {
        text = readFileSync(path, 'utf8');
      } catch {
        continue;
      }
      const parsed = parseJsonTolerant(text);
      const value = parsed.value && typeof parsed.value === 'object' ? (parsed.value as Json) : {};
      this.files.set(basename(path), {
        file: relative(cwd, path) || path,
        value,
        positions: parsed.positions,
      });
    }
  }

  /** The raw document of a file (by its base name). */
  raw(file: string): Json | undefined {
    return this.files.get(basename(file))?.value;
  }

  /** The place of a pointer in a file, or of its nearest ancestor that is written there. */
  at(file: string, pointer: string): Place {
    const f = this.files.get(basename(file));
    let p = pointer;
    for (;;) {
      const pos = f?.positions.values.get(p);
      if (pos || p === '')
        return { file: f?.file ?? file, line: pos?.line ?? 1, column: pos?.column ?? 1, pointer: p };
      p = p.slice(0, p.lastIndexOf('/'));
    }
  }

  /** Where a library file defines `section/name` (an option set, a spec), if one does. */
  library(section: string, name: string, ...rest: (string | number)[]): Place | undefined {
    for (const [base, f] of this.files) {
      if (!isLibraryFile(base)) continue;
      const part = f.value[section] as Json | undefined;
      if (part && typeof part === 'object' && name in part)
        return this.at(
          base,
          [section, name, ...rest].map((t) => `/${escapePointerToken(String(t))}`).join(''),
        );
    }
    return undefined;
  }
}

const ptr = (...tokens: (string | number)[]) =>
  tokens.map((t) => `/${escapePointerToken(String(t))}`).join('');

/**
 * A widget of a normalized page back in its file: the library's drill-down puts its view pills and
 * chip before a block's widgets, so those two are the block's `drilldown`.
 */
function writtenWidget(raw: Json | undefined, panel: string, block: number, widget: number) {
  const blockPointer = ptr('panels', panel, 'blocks', block);
  const rawBlock = ((raw?.panels as Json | undefined)?.[panel] as Json | undefined)?.blocks as
    | Json[]
    | undefined;
  const drilldown = rawBlock?.[block]?.drilldown as Json | undefined;
  if (drilldown) {
    if (widget < 2) return { pointer: `${blockPointer}/drilldown`, written: drilldown, drilldown: true };
    widget -= 2;
  }
  const written = (rawBlock?.[block]?.widgets as Json[] | undefined)?.[widget];
  return { pointer: `${blockPointer}/widgets/${widget}`, written, drilldown: false };
}

/** One failure: where, and what. */
export type RenderProblem = DefinitionError;

function problem(place: Place, message: string): RenderProblem {
  return { ...place, message, severity: 'error' };
}

const show = (p: Place) => `${p.file}:${p.line}`;

interface Control {
  panel: string;
  kind: 'pills' | 'select';
  param: string;
  label?: string;
  testId: string;
  options: { value: unknown; label: string; place: Place; note: string }[];
  place: Place;
}

/** The pills and selects of a page's panels, each option with the line that writes it. */
function controlsOf(page: NormalizedPage, file: string, places: DefinitionPlaces): Control[] {
  const raw = places.raw(file);
  const controls: Control[] = [];
  for (const [panel, def] of Object.entries(page.panels ?? {})) {
    def.blocks.forEach((block, b) => {
      (block.widgets ?? []).forEach((widget, w) => {
        if (widget.kind !== 'pills' && widget.kind !== 'select') return;
        const { pointer, written, drilldown } = writtenWidget(raw, panel, b, w);
        const listKey = drilldown ? 'levels' : 'options';
        const list = written?.[listKey];
        const options = (Array.isArray(widget.options) ? widget.options : []) as {
          value: unknown;
          label: string;
        }[];
        controls.push({
          panel,
          kind: widget.kind,
          param: widget.param,
          label: 'label' in widget ? (widget.label as string | undefined) : undefined,
          testId: widget.id ?? `${widget.kind}-${widget.param}`,
          place: places.at(file, pointer),
          options: options.map((o, i) => {
            if (typeof list === 'string') {
              const lib = places.library('optionSets', list, i);
              return {
                ...o,
                place: places.at(file, `${pointer}/${listKey}`),
                note: lib ? ` (option set '${list}' at ${show(lib)})` : '',
              };
            }
            return { ...o, place: places.at(file, `${pointer}/${listKey}/${i}`), note: '' };
          }),
        });
      });
    });
  }
  return controls;
}

/** What the browser reported while a state was shown. */
interface Events {
  api: { method: string; path: string; status: number; detail: string }[];
  console: string[];
  inflight: number;
}

/** What a page shows once settled, per panel (read in the page). */
interface PanelView {
  name: string;
  error?: string;
  widgets: {
    kind: string;
    state: string;
    testId: string;
    svg: boolean;
    marks: number;
    noData: boolean;
    bodyRows: number;
    totalsRow: boolean;
  }[];
}

/**
 * Reads each panel of the names given (`names`): its error card, and each widget's drawing (a
 * PanelView each). Runs in the page; a string, so the bundler's helpers never reach the browser.
 */
const READ_PANELS = `(names) => {
  const painted = (color, opacity) =>
    color !== 'none' && color !== 'transparent' && !/^rgba\\(.*,\\s*0\\)$/.test(color) && Number(opacity) > 0;
  // A mark item shows when it is painted (fill or stroke) and not fully transparent.
  const shows = (el) => {
    if (el.tagName.toLowerCase() === 'g') return [...el.children].some(shows);
    const style = getComputedStyle(el);
    return Number(style.opacity) > 0 && (painted(style.fill, style.fillOpacity) || painted(style.stroke, style.strokeOpacity));
  };
  return names.flatMap((name) => {
    const el = document.querySelector('[data-testid="panel-' + CSS.escape(name) + '"]');
    if (!el) return [];
    const error = el.querySelector('[data-testid="panel-error"]');
    const widgets = [...el.querySelectorAll('[data-widget-kind]')].map((host) => {
      const root = host.querySelector('[data-testid]');
      const svg = host.querySelector('svg.marks');
      return {
        kind: host.getAttribute('data-widget-kind') || '',
        state: host.getAttribute('data-widget-state') || '',
        testId: (root && root.getAttribute('data-testid')) || '',
        svg: svg !== null,
        // Vega's SVG renderer draws each item of a mark the spec defines (role 'mark') inside that
        // mark's group; axes, legends and titles have roles of their own.
        marks: svg ? [...svg.querySelectorAll('.role-mark > *')].filter(shows).length : 0,
        noData:
          host.querySelector('[data-testid="table-no-data"], [data-testid="pie-no-data"]') !== null ||
          (host.textContent || '').includes('No Data'),
        bodyRows: host.querySelectorAll('tbody tr').length,
        totalsRow: host.querySelector('[data-testid="totals-row"]') !== null,
      };
    });
    const detail = el.querySelector('[data-testid="panel-error-text"]');
    return [{ name, error: error ? (detail && detail.textContent) || 'error' : undefined, widgets }];
  });
}`;

/** True when no widget loads or draws (no loader shows). Runs in the page; a string, as READ_PANELS. */
const QUIET = `!document.querySelector('[data-widget-state="loading"], [aria-busy="true"], .mantine-Loader-root')`;

/** Waits until the page is settled: every widget drawn and no request on its way for 200 ms. */
export async function settle(page: Page, inflight: () => number): Promise<boolean> {
  const giveUp = Date.now() + SETTLE_MS;
  let quietSince = 0;
  while (Date.now() < giveUp) {
    const quiet = inflight() === 0 && ((await page.evaluate(QUIET)) as boolean);
    if (!quiet) quietSince = 0;
    else if (!quietSince) quietSince = Date.now();
    else if (Date.now() - quietSince >= 200) return true;
    await page.waitForTimeout(50);
  }
  return false;
}

/** Records a page's API failures, console errors and requests on their way. */
export function watchPage(page: Page): Events {
  const events: Events = { api: [], console: [], inflight: 0 };
  page.on('request', () => events.inflight++);
  page.on('requestfinished', () => events.inflight--);
  page.on('requestfailed', () => events.inflight--);
  page.on('response', async (res) => {
    const url = new URL(res.url());
    if (res.status() < 400 || !url.pathname.startsWith('/api/')) return;
    let detail = '';
    try {
      detail = (await res.text()).slice(0, 300);
    } catch {
      // The body is gone once the page navigated on.
    }
    events.api.push({ method: res.request().method(), path: url.pathname, status: res.status(), detail });
  });
  page.on('console', (msg) => {
    // A failed request is reported by its answer (above); the browser's own line adds nothing.
    if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource'))
      events.console.push(msg.text());
  });
  page.on('pageerror', (err) => events.console.push(err.message));
  return events;
}

/** The page's data sources that call `path` (path params in braces match any segment). */
function sourcesCalling(page: NormalizedPage, path: string): string[] {
  return Object.entries(page.data ?? {})
    .filter(([, s]) => {
      const pattern = new RegExp(
        `^${s.endpoint.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`,
      );
      return pattern.test(path);
    })
    .map(([name]) => name);
}

/** A state of a page being checked: what set it, and where. */
interface State {
  text: string;
  place?: Place;
}

/** A failure seen in a state: the part of the definition at fault, and what it does. */
interface Finding {
  own: Place;
  message: string;
}

/** Checks what a settled state shows; returns what fails, each at the part of the definition at fault. */
function judge(
  page: NormalizedPage,
  file: string,
  places: DefinitionPlaces,
  panels: PanelView[],
  events: Events,
): Finding[] {
  const raw = places.raw(file);
  const out: Finding[] = [];
  const report = (own: Place, message: string) => out.push({ own, message });
  const widgetPlace = (panel: string, testId: string, kind: string) => {
    const blocks = page.panels?.[panel]?.blocks ?? [];
    for (let b = 0; b < blocks.length; b++) {
      const widgets = blocks[b].widgets ?? [];
      for (let w = 0; w < widgets.length; w++) {
        const x = widgets[w] as { kind: string; id?: string; data?: string };
        if (x.kind === kind && (x.id ?? `${kind}-${x.data}`) === testId) {
          const { pointer, written } = writtenWidget(raw, panel, b, w);
          return { widget: x as Json, pointer, written };
        }
      }
    }
    return undefined;
  };
  for (const p of panels) {
    const panelPlace = places.at(file, ptr('panels', p.name));
    if (p.error) report(panelPlace, `panel '${p.name}' shows an error: ${p.error.trim()}`);
    for (const w of p.widgets) {
      if (w.state !== 'ready') continue;
      const found = widgetPlace(p.name, w.testId, w.kind);
      const place = found ? places.at(file, found.pointer) : panelPlace;
      if ((w.kind === 'chart' || w.kind === 'pie') && !w.noData && (!w.svg || w.marks === 0)) {
        const spec = found?.written?.spec;
        const lib = typeof spec === 'string' ? places.library('specs', spec) : undefined;
        const specPlace = lib ?? (found ? places.at(file, `${found.pointer}/spec`) : place);
        const what = w.svg ? 'draws no marks' : 'draws nothing';
        report(
          specPlace,
          `${w.kind} '${w.testId}' in panel '${p.name}' ${what} although its data has rows (${
            typeof spec === 'string' ? `spec '${spec}', ` : ''
          }widget at ${show(place)})`,
        );
      }
      if (w.kind === 'table' && found && !w.noData && w.bodyRows > 0 && !w.totalsRow) {
        const columns = (found.widget.columns as { total?: unknown }[] | undefined) ?? [];
        const i = columns.findIndex((c) => c.total !== undefined);
        if (i >= 0)
          report(
            places.at(file, `${found.pointer}/columns/${i}/total`),
            `table '${w.testId}' in panel '${p.name}' has columns that ask for totals but draws no Total row`,
          );
      }
    }
  }
  for (const a of events.api) {
    const sources = sourcesCalling(page, a.path);
    // A source the library made (a table's totals source, named after its rows source) is at
    // the source it was made from.
    const written = Object.keys((raw?.data as Json | undefined) ?? {}).sort((a, b) => b.length - a.length);
    const source = sources.map((name) => written.find((w) => name.startsWith(w))).find(Boolean);
    const own = source ? places.at(file, ptr('data', source)) : places.at(file, '/route');
    report(
      own,
      `${a.method} ${a.path}${sources.length ? ` (data source '${sources.join("', '")}')` : ''} answered ${a.status}: ${a.detail}`,
    );
  }
  for (const c of events.console)
    report(places.at(file, '/route'), `console error: ${c.split('\n')[0].slice(0, 300)}`);
  return out;
}

/**
 * The failures of a run, each printed once: one seen as the page opened is located at the part at
 * fault and names every user who saw it; one that appears only after a control was set is located
 * at the option chosen.
 */
class Failures {
  private byKey = new Map<
    string,
    { place: Place; page: string; users: string[]; state?: State; f: Finding }
  >();
  private opened = new Set<string>();

  add(page: string, user: string, state: State, findings: Finding[]): void {
    for (const f of findings) {
      const own = `${page}\u0000${f.own.file}\u0000${f.own.pointer}\u0000${f.message}`;
      if (state.place && this.opened.has(own)) continue;
      if (!state.place) this.opened.add(own);
      const key = state.place
        ? `${state.place.file}\u0000${state.place.pointer}\u0000${state.text}\u0000${own}`
        : own;
      const known = this.byKey.get(key);
      if (known) {
        if (!known.users.includes(user)) known.users.push(user);
      } else
        this.byKey.set(key, {
          place: state.place ?? f.own,
          page,
          users: [user],
          state: state.place ? state : undefined,
          f,
        });
    }
  }

  list(): RenderProblem[] {
    return [...this.byKey.values()].map(({ place, page, users, state, f }) =>
      problem(
        place,
        state
          ? `${page} as ${[...users].sort().join(', ')}, ${state.text}: ${f.message} (${f.own.pointer || 'the page'} at ${show(f.own)})`
          : `${page} as ${[...users].sort().join(', ')}: ${f.message}`,
      ),
    );
  }
}

/** Sets a control to one option by clicking it as a user would; false when it is not on the page. */
async function choose(page: Page, control: Control, label: string): Promise<boolean | string> {
  const panel = page.getByTestId(`panel-${control.panel}`);
  const timeout = 10_000;
  try {
    if (control.kind === 'pills') {
      const button = panel.getByTestId(control.testId).getByRole('button', { name: label, exact: true });
      if (!(await button.count())) return false;
      await button.first().click({ timeout });
      return true;
    }
    if (!control.label) return false;
    const input: Locator = panel.getByLabel(control.label, { exact: true });
    if (!(await input.count())) return false;
    await input.first().click({ timeout });
    await page.getByRole('option', { name: label, exact: true }).first().click({ timeout });
    return true;
  } catch (err) {
    // A disabled pill, an option the list does not show: said, and the walk goes on.
    await page.keyboard.press('Escape');
    return `could not be chosen: ${errorMessage(err).split('\n')[0]}`;
  }
}

export interface RenderCheckResult {
  problems: RenderProblem[];
  pages: number;
  states: number;
  seconds: number;
}

/** Opens a page as a user and waits for it to settle; false (and a failure) when it does not open. */
async function open(page: Page, base: string, route: string, id: string, events: Events): Promise<boolean> {
  await page.goto(`${base}${route}`);
  try {
    await page.getByTestId(`dashboard-${id}`).waitFor({ timeout: SETTLE_MS });
  } catch {
    return false;
  }
  return settle(page, () => events.inflight);
}

/**
 * Draws every page of `dashboardsDir` and walks its controls; resolves to the failures found.
 * File names in the failures are relative to `cwd`.
 */
export async function renderCheck(opts: {
  dashboardsDir: string;
  cwd: string;
  endpointIndex: string;
  log: (line: string) => void;
  /** Only these page ids (all when absent). */
  pages?: string[];
}): Promise<RenderCheckResult> {
  const started = Date.now();
  const places = new DefinitionPlaces(opts.dashboardsDir, opts.cwd);
  const endpoints = loadEndpointIndex(opts.endpointIndex);
  const set = loadDefinitions(definitionFiles(opts.dashboardsDir), { endpoints, cwd: opts.cwd });
  const pages = set.loaded.flatMap((l) =>
    l.definition && (!opts.pages || opts.pages.includes(l.definition.id))
      ? [{ page: l.definition, file: l.file }]
      : [],
  );
  const unknown = opts.pages?.filter((id) => !set.loaded.some((l) => l.definition?.id === id));
  if (unknown?.length) throw new Error(`no page with the id ${unknown.join(', ')}`);
  const users = demoUsersByClaims();
  const problems: RenderProblem[] = [];
  const failures = new Failures();
  let states = 0;
  opts.log(
    `Starting the app on ${relative(opts.cwd, opts.dashboardsDir) || '.'} with the small seeded data...`,
  );
  const server = await startRenderServer(opts.dashboardsDir, opts.log);
  let browser: Browser | undefined;
  try {
    browser = await launchDrawingChromium();
    for (const { page: def, file } of pages) {
      const access = def.access;
      if (
        access &&
        !users.some((u) => u.claims.some((c) => c.type === access.claim && c.value === access.value))
      )
        problems.push(
          problem(
            places.at(file, '/access'),
            `${def.id}: no demo user holds the claim ${access.claim}=${access.value}, so no one may open the page (the users' claims: ${
              [...new Set(users.flatMap((u) => u.claims.map((c) => `${c.type}=${c.value}`)))].join(', ') ||
              'none'
            })`,
          ),
        );
    }
    const mayOpen = (user: (typeof users)[number], def: NormalizedPage) =>
      !def.access || user.claims.some((c) => c.type === def.access?.claim && c.value === def.access?.value);
    // Each user in a browser context of their own, side by side; the controls of a page are walked
    // by the first user who may open it.
    const walker = new Map(pages.map(({ page }) => [page.id, users.find((u) => mayOpen(u, page))?.username]));
    const runAs = async (user: (typeof users)[number]) => {
      const context = await signedInContext(browser!, server.url, user.username);
      const tab = await context.newPage();
      const events = watchPage(tab);
      const clear = () => {
        events.api.length = 0;
        events.console.length = 0;
      };
      for (const { page: def, file } of pages) {
        if (!mayOpen(user, def)) continue;
        const pageStarted = Date.now();
        let pageStates = 0;
        const panelNames = Object.keys(def.panels ?? {});
        const check = async (state: State): Promise<number> => {
          states++;
          pageStates++;
          const panels = (await tab.evaluate(
            `(${READ_PANELS})(${JSON.stringify(panelNames)})`,
          )) as PanelView[];
          const findings = judge(def, file, places, panels, events);
          failures.add(def.id, user.username, state, findings);
          clear();
          return findings.length;
        };
        const walk = async () => {
          for (const control of controlsOf(def, file, places)) {
            const chosen = control.options.find(
              (o) => JSON.stringify(o.value) === JSON.stringify(def.params?.[control.param]?.default),
            );
            const others = control.options.filter((o) => o !== chosen).slice(0, MAX_OPTIONS);
            let moved = false;
            for (const option of others) {
              clear();
              const text = `${control.kind} '${control.param}' of panel '${control.panel}' set to '${option.label}'${option.note}`;
              const chose = await choose(tab, control, option.label);
              if (!chose) break;
              if (typeof chose === 'string') {
                problems.push(problem(option.place, `${def.id} as ${user.username}, ${text}: ${chose}`));
                continue;
              }
              moved = true;
              if (!(await settle(tab, () => events.inflight)))
                problems.push(
                  problem(option.place, `${def.id} as ${user.username}, ${text}: did not finish drawing`),
                );
              // A failing state (an error card stays until the next apply) is left by opening
              // the page again, so the next option starts from the page as it opens.
              if (await check({ text, place: option.place })) {
                moved = false;
                await open(tab, server.url, def.route, def.id, events);
                clear();
              }
            }
            if (moved && chosen) {
              await choose(tab, control, chosen.label);
              await settle(tab, () => events.inflight);
              clear();
            }
          }
        };
        clear();
        if (!(await open(tab, server.url, def.route, def.id, events))) {
          problems.push(
            problem(
              places.at(file, '/route'),
              `${def.id} as ${user.username}: the page at ${def.route} did not open or did not finish drawing in ${SETTLE_MS / 1000} s`,
            ),
          );
          continue;
        }
        await check({ text: 'as opened' });
        if (walker.get(def.id) === user.username) await walk();
        opts.log(
          `  ${def.id} as ${user.username}: ${pageStates} states in ${((Date.now() - pageStarted) / 1000).toFixed(1)} s`,
        );
      }
      await context.close();
    };
    await Promise.all(users.map(runAs));
  } finally {
    await browser?.close();
    await server.stop();
  }
  return {
    problems: [...problems, ...failures.list()],
    pages: pages.length,
    states,
    seconds: (Date.now() - started) / 1000,
  };
}

/** Prints a render check's failures and its summary line; returns the exit status. */
export function reportRenderCheck(
  result: RenderCheckResult,
  io: { out: (s: string) => void; err: (s: string) => void },
): number {
  // One line per failure and place: the same failure seen in several states is printed once.
  const lines = [...new Set(result.problems.map(formatDefinitionError))];
  for (const line of lines) io.err(line);
  io.out(
    `render check: ${result.pages} page${result.pages === 1 ? '' : 's'}, ${result.states} states drawn, ${lines.length} error${
      lines.length === 1 ? '' : 's'
    } in ${result.seconds.toFixed(1)} s`,
  );
  return lines.length ? 1 : 0;
}

/** What `--render` takes besides itself. */
const RENDER_COMMAND_LINE = {
  options: { endpoints: { type: 'string' }, pages: { type: 'string' } },
  allowPositionals: true,
} as const;

/**
 * `dashboards:check --render [--pages ID,ID] [--endpoints PATH] [FOLDER]`: the static check of the folder
 * (`check`, given the same arguments without --render) and, when it passes, the render check of
 * the folder (FOLDER, else DASHBOARDS_DIR, else dashboards/). Returns the exit status: 0 passed,
 * 1 a failure, 2 a usage error.
 */
export async function runRenderCheck(
  argv: string[],
  io: ToolIo,
  check: (argv: string[], io: ToolIo) => number,
): Promise<number> {
  const rest = argv.filter((a) => a !== '--render');
  const renderUsage =
    'usage: npm run dashboards:check -- --render [--pages ID,ID] [--endpoints PATH] [FOLDER]';
  let args: CommandLine<typeof RENDER_COMMAND_LINE>;
  try {
    args = parseCommandLine(rest, renderUsage, RENDER_COMMAND_LINE);
  } catch (err) {
    io.err(errorMessage(err));
    return 2;
  }
  if (args.positionals.length > 1) {
    io.err(`${renderUsage}: one folder`);
    return 2;
  }
  const root = resolve(import.meta.dirname, '..', '..');
  const folder = resolve(io.cwd, args.positionals[0] ?? io.env.DASHBOARDS_DIR ?? resolve(root, 'dashboards'));
  if (!existsSync(folder) || !statSync(folder).isDirectory()) {
    io.err(`${relative(io.cwd, folder) || folder}: no such folder (--render draws a folder of definitions)`);
    return 2;
  }
  const endpointIndex = resolve(
    io.cwd,
    args.values.endpoints ?? resolve(root, 'schemas', 'api', 'endpoints.json'),
  );
  const endpointsArg = args.values.endpoints;
  const statics = check([...(endpointsArg ? ['--endpoints', endpointsArg] : []), folder], io);
  if (statics !== 0) {
    io.err('render check not run: the definitions fail the checks above');
    return statics;
  }
  try {
    const pages = args.values.pages?.split(',').filter(Boolean);
    const result = await renderCheck({
      dashboardsDir: folder,
      cwd: io.cwd,
      endpointIndex,
      log: io.out,
      pages,
    });
    return reportRenderCheck(result, io);
  } catch (err) {
    io.err(`render check failed to run: ${errorMessage(err)}`);
    return 2;
  }
}
