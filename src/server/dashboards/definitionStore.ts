import { type FSWatcher, statSync, watch } from 'node:fs';
import { basename, join } from 'node:path';
import type { Spec } from 'vega';
import {
  type ChartCompileCache,
  definitionFiles,
  formatDefinitionError,
  type KnownEndpoints,
  loadDefinitions,
  loadEndpointIndex,
  type NormalizedPage,
  withCompiledCharts,
} from '../../../engine/tools';

/** Where to read definitions and the endpoint index from, and where to report. */
export interface DefinitionStoreOptions {
  dir: string;
  endpointIndex: string;
  log: { info: (msg: string) => void; error: (msg: string) => void; warn: (msg: string) => void };
}

/**
 * The validated, normalized definitions served to the client. Each file keeps its last good
 * version: an edit that fails the checks is refused (its located errors go to the log) and the
 * previous version keeps serving until a valid edit replaces it. When two files claim one page
 * id, route or menu entry, the file that changed is refused: a file served and unchanged keeps
 * its claim over one edited since, which keeps it over a new file; then the older file wins.
 * Each chart's spec is compiled to Vega here, once per layout (withCompiledCharts), and served so.
 */
export class DefinitionStore {
  private good = new Map<string, NormalizedPage>();
  /** The modification time of each file's served version. */
  private servedMtime = new Map<string, number>();
  private watcher?: FSWatcher;
  private timer?: NodeJS.Timeout;
  /** The files whose text on disk the last reload did not serve. */
  private refusedFiles = new Set<string>();
  /** Compiled chart specs: a reload compiles only the specs that changed. */
  private charts = new Map<string, Spec>();
  /** What else is read from the folder and follows its reloads (the digests and alert rules). */
  private followers: (() => void)[] = [];

  constructor(private readonly options: DefinitionStoreOptions) {}

  /** Moves on with every reload: what was worked out from `all()` before it may be out of date. */
  generation = 0;

  /** Every served definition, in menu order. */
  all(): NormalizedPage[] {
    return [...this.good.values()].sort(
      (a, b) => (a.menu?.order ?? 0) - (b.menu?.order ?? 0) || a.id.localeCompare(b.id),
    );
  }

  /**
   * The definition files (names in the folder) whose text on disk is not served since the last
   * reload: a page refused (its last good version may keep serving until a restart), or a library
   * file with errors.
   */
  refused(): string[] {
    return [...this.refusedFiles].sort();
  }

  /** Reads and checks every file; returns the number of errors found. */
  reload(): number {
    this.generation++;
    const { dir, endpointIndex, log } = this.options;
    let endpoints: KnownEndpoints | undefined;
    try {
      endpoints = loadEndpointIndex(endpointIndex);
    } catch (err) {
      log.error(`dashboards: cannot read the endpoint index ${endpointIndex}: ${String(err)}`);
    }
    const files = definitionFiles(dir);
    const mtime = new Map(files.map((f) => [basename(f), mtimeOf(f)]));
    const standing = (file: string): number => {
      const name = basename(file);
      if (!this.good.has(name)) return 2;
      return this.servedMtime.get(name) === mtime.get(name) ? 0 : 1;
    };
    const { loaded, errors } = loadDefinitions(files, {
      endpoints,
      precedence: (a, b) =>
        standing(a.file) - standing(b.file) ||
        (mtime.get(basename(a.file)) ?? 0) - (mtime.get(basename(b.file)) ?? 0) ||
        a.file.localeCompare(b.file),
    });
    const present = new Set(files.map((f) => basename(f)));
    for (const name of [...this.good.keys()])
      if (!present.has(name)) {
        this.good.delete(name);
        this.servedMtime.delete(name);
      }
    // The specs compiled for the last version stay cached; those no page uses any more are dropped.
    const before = this.charts;
    const charts = new Map<string, Spec>();
    const cache: ChartCompileCache = {
      get: (key) => {
        const spec = before.get(key);
        if (spec) charts.set(key, spec);
        return spec;
      },
      set: (key, spec) => charts.set(key, spec),
    };
    const compiled = (page: NormalizedPage, name: string) =>
      withCompiledCharts(page, cache, (at, err) =>
        log.error(`dashboards: ${name}: the chart at ${at} does not compile: ${String(err)}`),
      );
    for (const item of loaded) {
      const name = basename(item.file);
      if (item.definition) {
        this.good.set(name, compiled(item.definition, name));
        this.servedMtime.set(name, mtime.get(name) ?? 0);
      } else if (this.good.has(name))
        log.error(`dashboards: ${name} refused; the last good version keeps serving`);
    }
    this.refusedFiles = new Set(errors.filter((e) => e.severity === 'error').map((e) => basename(e.file)));
    this.charts = charts;
    this.dropDoubleClaims(files.map((f) => basename(f)).sort((a, b) => standing(a) - standing(b)));
    for (const e of errors) (e.severity === 'error' ? log.error : log.warn)(formatDefinitionError(e));
    const failed = errors.filter((e) => e.severity === 'error').length;
    log.info(`dashboards: ${this.good.size} served from ${files.length} file(s), ${failed} error(s)`);
    for (const follow of this.followers) follow();
    return failed;
  }

  /** Calls `reload` after each reload of the folder: on a change seen by the watcher, after a save. */
  follow(reload: () => void): void {
    this.followers.push(reload);
  }

  /**
   * Never serves two pages with one id, route or menu entry, even when a refused file's last good
   * version meets a new file's claim: the file earlier in `order` keeps it, the other stops serving.
   */
  private dropDoubleClaims(order: string[]): void {
    const claimed = new Map<string, string>();
    for (const name of order) {
      const page = this.good.get(name);
      if (!page) continue;
      const claims = [`page id ${page.id}`, `route ${page.route}`];
      if (page.menu)
        claims.push(`menu entry ${[page.menu.section, page.menu.label].filter(Boolean).join(' > ')}`);
      const taken = claims.find((c) => claimed.has(c));
      if (taken) {
        this.options.log.error(
          `dashboards: ${name} not served; its ${taken} is served from ${claimed.get(taken)}`,
        );
        this.good.delete(name);
        this.servedMtime.delete(name);
        this.refusedFiles.add(name);
      } else for (const c of claims) claimed.set(c, name);
    }
  }

  /**
   * Re-checks the folder shortly after any change in it or its sub-folders (the digests/ and
   * alerts/ of the followers), as editors write files in several steps.
   */
  watch(debounceMs = 100): void {
    this.watcher = watch(this.options.dir, { recursive: true }, () => {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.reload(), debounceMs);
    });
  }

  /** Stops watching. */
  close(): void {
    clearTimeout(this.timer);
    this.watcher?.close();
  }
}

function mtimeOf(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/** The default folders: dashboards/ and schemas/api/endpoints.json at the repository root. */
export function defaultDefinitionPaths(root = process.cwd()): { dir: string; endpointIndex: string } {
  return { dir: join(root, 'dashboards'), endpointIndex: join(root, 'schemas', 'api', 'endpoints.json') };
}
