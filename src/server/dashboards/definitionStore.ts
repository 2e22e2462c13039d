import { type FSWatcher, watch } from 'node:fs';
import { basename, join } from 'node:path';
import {
  definitionFiles,
  formatDefinitionError,
  type KnownEndpoints,
  loadDefinitions,
  loadEndpointIndex,
  type NormalizedPage,
} from '../../../engine/definitions/index';

/** Where to read definitions and the endpoint index from, and where to report. */
export interface DefinitionStoreOptions {
  dir: string;
  endpointIndex: string;
  log: { info: (msg: string) => void; error: (msg: string) => void; warn: (msg: string) => void };
}

/**
 * The validated, normalized definitions served to the client. Each file keeps its last good
 * version: an edit that fails the checks is refused (its located errors go to the log) and the
 * previous version keeps serving until a valid edit replaces it.
 */
export class DefinitionStore {
  private good = new Map<string, NormalizedPage>();
  private watcher?: FSWatcher;
  private timer?: NodeJS.Timeout;

  constructor(private readonly options: DefinitionStoreOptions) {}

  /** Every served definition, in menu order. */
  all(): NormalizedPage[] {
    return [...this.good.values()].sort(
      (a, b) => (a.menu?.order ?? 0) - (b.menu?.order ?? 0) || a.id.localeCompare(b.id),
    );
  }

  /** Reads and checks every file; returns the number of errors found. */
  reload(): number {
    const { dir, endpointIndex, log } = this.options;
    let endpoints: KnownEndpoints | undefined;
    try {
      endpoints = loadEndpointIndex(endpointIndex);
    } catch (err) {
      log.error(`dashboards: cannot read the endpoint index ${endpointIndex}: ${String(err)}`);
    }
    const files = definitionFiles(dir);
    const { loaded, errors } = loadDefinitions(files, { endpoints });
    const present = new Set(files.map((f) => basename(f)));
    for (const name of [...this.good.keys()]) if (!present.has(name)) this.good.delete(name);
    for (const item of loaded) {
      const name = basename(item.file);
      if (item.definition) this.good.set(name, item.definition);
      else if (this.good.has(name))
        log.error(`dashboards: ${name} refused; the last good version keeps serving`);
    }
    for (const e of errors) (e.severity === 'error' ? log.error : log.warn)(formatDefinitionError(e));
    const failed = errors.filter((e) => e.severity === 'error').length;
    log.info(`dashboards: ${this.good.size} served from ${files.length} file(s), ${failed} error(s)`);
    return failed;
  }

  /** Re-checks the folder shortly after any change (editors write files in several steps). */
  watch(debounceMs = 100): void {
    this.watcher = watch(this.options.dir, () => {
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

/** The default folders: dashboards/ and schemas/api/endpoints.json at the repository root. */
export function defaultDefinitionPaths(root = process.cwd()): { dir: string; endpointIndex: string } {
  return { dir: join(root, 'dashboards'), endpointIndex: join(root, 'schemas', 'api', 'endpoints.json') };
}
