import { Worker } from 'node:worker_threads';
import { WorkerQueue } from '../workerQueue';
import type { EditCheckInput, EditCheckOutput } from './definitionCheck';

/**
 * The worker's file in a server bundle: esbuild builds definitionCheckWorker.ts beside the bundle
 * of each server entry (scripts/lib/serverBuild.mjs: the entry's path, '/' as '-').
 */
const BUNDLED_WORKER = './src-server-dashboards-definitionCheckWorker.mjs';

/**
 * Starts the thread of definitionCheckWorker.ts: from the server bundle, the worker's bundle beside
 * it; from the TypeScript sources (tests, `npm run dev`), the source through tsx.
 */
function startCheckWorker(): Worker {
  const here = import.meta.url;
  const fromSource = /\.[cm]?ts$/.test(new URL(here).pathname);
  return new Worker(new URL(fromSource ? './definitionCheckWorkerFromSource.mjs' : BUNDLED_WORKER, here));
}

/**
 * The editor's definition checks, run one at a time on a thread of their own: a near-limit text with
 * thousands of keys is checked for seconds, while /healthz and every other request go on. Each
 * editor has at most 2 checks (a save counts as one) queued or running, all editors together 8;
 * past that a check is refused (429, 503) with Retry-After.
 */
export function definitionChecks(): WorkerQueue<EditCheckInput, EditCheckOutput> {
  return new WorkerQueue({
    start: startCheckWorker,
    perCaller: 2,
    limit: 8,
    timeoutMs: 60_000,
    what: 'definition checks',
  });
}
