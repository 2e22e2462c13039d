import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { ensureServerBuilt, launchArgs } from './serverBuild.mjs';

/** A server started by scripts/lib/benchServer.ts in a child process. */
export interface BenchServer {
  url: string;
  /** The server process, for its CPU time and memory (/proc). */
  pid: number;
  /** Empties the server's result cache (a first visit runs every query). */
  clearCache(): Promise<void>;
  /** The server's V8 heap in use (MB), after a full garbage collection when started with `gc`. */
  heapMb(): Promise<number>;
  stop(): Promise<void>;
}

/** Starts the bench server on a fresh DATA_DIR (DuckDB) seeded with `scale`; resolves once it listens. */
export async function startBenchServer(
  dataDir: string,
  scale: string,
  env: Record<string, string> = {},
  opts: { gc?: boolean } = {},
): Promise<BenchServer> {
  // The server from its bundle, as `npm start` runs it (scripts/lib/serverBuild.mjs).
  const [launcher, entry] = launchArgs('scripts/lib/benchServer.ts');
  await ensureServerBuilt(undefined, entry);
  const child: ChildProcess = fork(launcher, [entry], {
    // BENCH_CPU_PROF=DIR writes a V8 CPU profile of the server to DIR when it stops.
    execArgv: [
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
      ...(opts.gc ? ['--expose-gc'] : []),
    ],
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', BENCH_SCALE: scale, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`The bench server exited (status ${code}) before it was ready`);
  });
  const ready = new Promise<string>((resolve) => {
    child.on('message', (m) => {
      if (m && typeof m === 'object' && 'ready' in m) resolve(String(m.ready));
    });
  });
  const url = await Promise.race([ready, exited]);
  return {
    url,
    pid: child.pid ?? 0,
    async clearCache() {
      const cleared = once(child, 'message');
      child.send('clear-cache');
      await cleared;
    },
    async heapMb() {
      const answer = once(child, 'message');
      child.send('heap');
      const [m] = (await answer) as [{ heapMb: number }];
      return m.heapMb;
    },
    async stop() {
      const gone = once(child, 'exit');
      child.disconnect();
      await gone;
    },
  };
}
