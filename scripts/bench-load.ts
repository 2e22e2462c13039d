/**
 * Many users at once: N clients (default 100) keep one request each in flight for D seconds
 * (default 60) against the server in its own process, on a mix of 10 data endpoints, at the demo
 * scale on DuckDB. Two phases:
 *   miss  every request asks for a random period, so the result cache (almost) never answers;
 *   hit   every request asks for one of three periods, so after the first round the cache answers.
 *   cost  (not run unless asked for) one client, --requests N (default 80) requests per endpoint of
 *         the mix in turn, each with a random period: the server's CPU time per request on each,
 *         split into its main thread (JavaScript) and its other threads (the database's workers).
 * Prints, per phase: requests/s, latency p50/p95/p99, errors (any answer but 200, or a failed
 * connection), the server's user and system CPU time, its memory (RSS) before and after, and the
 * CPU time of this process, the load driver, which shares the machine with the server. Beside the
 * load, one more client asks for the app's page and its entry script (as a browser does, accepting
 * compressed answers) every 100 ms: how long a user opening the app waits for its files meanwhile.
 *
 *   npm run bench:load [-- --clients 100 --seconds 60 --scale demo --phases miss,hit,cost]
 *
 * With --ha, the same load goes through HAProxy to the deployment of docs/operations.md
 * (scripts/ha/deployment.ts: --apis API instances, default 2, on a PostgreSQL primary with
 * --replicas streaming replicas, default 1); the server columns are then the instances' sums, and
 * the caches are not emptied between phases (they live in other processes), which the random
 * periods of the miss phase make of little weight.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PASSWORD } from '../src/server/seed/demoUsers';
import { startDeployment } from './ha/deployment';
import { readCommandLine } from './lib/args';
import { startBenchServer } from './lib/benchServerProcess';
import { writeBenchTable } from './lib/benchTable';
import { httpClient, httpPoster } from './lib/httpPost';
import { printMachineSpeed } from './lib/machineSpeed';
import { processesStats, threadsCpu } from './lib/procStats';

const { values: options } = readCommandLine(
  'Usage: npm run bench:load -- [--clients 100] [--seconds 60] [--scale demo] [--phases miss,hit,cost] [--requests 80] [--ha [--apis 2] [--replicas 1]]',
  {
    options: {
      clients: { type: 'string', default: '100' },
      seconds: { type: 'string', default: '60' },
      scale: { type: 'string', default: 'demo' },
      phases: { type: 'string', default: 'miss,hit' },
      ha: { type: 'boolean', default: false },
      apis: { type: 'string', default: '2' },
      replicas: { type: 'string', default: '1' },
      requests: { type: 'string', default: '80' },
    },
  },
);
const CLIENTS = Number(options.clients);
const SECONDS = Number(options.seconds);
const SCALE = options.scale;
const PHASES = options.phases.split(',');
const HA = options.ha;
const APIS = Number(options.apis);
const REPLICAS = Number(options.replicas);
const REQUESTS = Number(options.requests);

/** The mix: ten data endpoints the pages call most, each with the body fields it takes. */
const MIX: { path: string; body: (period: Period) => Record<string, unknown> }[] = [
  { path: '/api/data', body: (p) => ({ ...p, requestedData: 100 }) },
  { path: '/api/data', body: (p) => ({ ...p, requestedData: 101 }) },
  { path: '/api/data', body: (p) => ({ ...p, requestedData: 105 }) },
  { path: '/api/data/caller_behavior/missed_calls/by_site', body: (p) => ({ ...p, limit: 10, skip: 0 }) },
  { path: '/api/data/ad_source_effectiveness/overall', body: (p) => ({ ...p, limit: 10, skip: 0 }) },
  { path: '/api/data/employee_call_performance/by_site', body: (p) => ({ ...p, limit: 10, skip: 0 }) },
  { path: '/api/data/communication/volume/by_site', body: (p) => ({ ...p, limit: 10, skip: 0 }) },
  { path: '/api/data/communication/response_time/by_type', body: (p) => ({ ...p }) },
  { path: '/api/data/communication/average_response_time_trend', body: (p) => ({ ...p }) },
  { path: '/api/data/action_required/by_site', body: () => ({ limit: 10, skip: 0 }) },
];

interface Period {
  startDate: string;
  endDate: string;
}

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** A period of 7 to 90 days ending somewhere in the 14 months of data before November 2026. */
function randomPeriod(): Period {
  const end = Date.UTC(2026, 10, 15) - Math.floor(Math.random() * 420) * DAY;
  return { startDate: iso(end - (6 + Math.floor(Math.random() * 84)) * DAY), endDate: iso(end) };
}
const FIXED: Period[] = [
  { startDate: '2026-10-16', endDate: '2026-11-14' },
  { startDate: '2026-08-01', endDate: '2026-10-31' },
  { startDate: '2025-01-01', endDate: '2025-12-31' },
];

const { post, close: closeConnections } = httpPoster(CLIENTS);
const files = httpClient(1);

/**
 * The app's page and the entry script it names, or none when the server serves no client (none built
 * by `npm run build` or bench:pages, or the deployment of --ha, whose instances serve the API only).
 */
async function appFiles(base: URL): Promise<string[]> {
  const page = await files.send(new URL('/dashboard', base).href, { method: 'GET' });
  const entry = /<script[^>]*\bsrc="([^"]+)"/.exec(page.text)?.[1];
  return page.status === 200 && entry ? ['/dashboard', entry] : [];
}

function percentile(sorted: number[], p: number): number {
  return sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
    : Number.NaN;
}

printMachineSpeed('before the run');
const dir = mkdtempSync(join(tmpdir(), 'bench-load-'));
const limits = { LOGIN_FAILURES_PER_ADDRESS: '100000', LOGIN_FAILURES_PER_USERNAME: '100000' };
/** What the load goes to: its address, its server processes, a way to empty its cache, and to stop it. */
interface Target {
  url: string;
  pids: () => number[];
  clearCache: () => Promise<void>;
  stop: () => Promise<void>;
  label: string;
}
let server: Target;
if (HA) {
  process.stdout.write(
    `Seeding the ${SCALE} scale into PostgreSQL and starting ${REPLICAS} replica(s), ${APIS} API instance(s) and HAProxy...\n`,
  );
  const d = await startDeployment({ apis: APIS, replicas: REPLICAS, scale: SCALE as 'demo', env: limits });
  server = {
    url: d.url,
    pids: () => d.apis.flatMap((a) => (a.pid ? [a.pid] : [])),
    clearCache: async () => undefined,
    stop: d.stop,
    label: `PostgreSQL through HAProxy: ${APIS} API instance(s), ${REPLICAS} replica(s)`,
  };
} else {
  process.stdout.write(`Seeding the ${SCALE} scale and starting the server in its own process...\n`);
  const s = await startBenchServer(dir, SCALE, limits);
  server = { url: s.url, pids: () => [s.pid], clearCache: s.clearCache, stop: s.stop, label: 'DuckDB' };
}
const base = new URL(server.url);
try {
  const signIn = await post(base, '/token', {
    grantType: 'password',
    clientId: 'HawkEye',
    username: 'admin',
    password: DEMO_PASSWORD,
  });
  if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}: ${signIn.text}`);
  const tokens = JSON.parse(signIn.text) as { accessToken: string; extendedDataToken: string };
  process.stdout.write(
    `${CLIENTS} clients, ${SECONDS} s per phase, ${MIX.length} endpoints, ${SCALE} scale, ${server.label}, ${availableParallelism()} cores\n\n`,
  );
  const fileUrls = await appFiles(base);
  const rows: string[] = [];
  for (const phase of PHASES.filter((p) => p !== 'cost')) {
    await server.clearCache();
    const pick = phase === 'hit' ? () => FIXED[Math.floor(Math.random() * FIXED.length)] : randomPeriod;
    const before = processesStats(server.pids());
    const driverBefore = process.cpuUsage();
    const latencies: number[] = [];
    const errors = new Map<string, number>();
    /** Counts a failed request under `why` (a status or a connection's error code). */
    const failed = (why: string) => errors.set(why, (errors.get(why) ?? 0) + 1);
    const errorCode = (err: unknown) => (err as NodeJS.ErrnoException).code ?? String(err);
    const started = performance.now();
    const deadline = started + SECONDS * 1000;
    const client = async () => {
      while (performance.now() < deadline) {
        const e = MIX[Math.floor(Math.random() * MIX.length)];
        const t0 = performance.now();
        try {
          const r = await post(
            base,
            e.path,
            { ...e.body(pick()), jwtExtendedToken: tokens.extendedDataToken },
            tokens.accessToken,
          );
          if (r.status !== 200) failed(`HTTP ${r.status}`);
        } catch (err) {
          failed(errorCode(err));
        }
        latencies.push(performance.now() - t0);
      }
    };
    const fileTimes: number[] = [];
    const fileClient = async () => {
      while (fileUrls.length && performance.now() < deadline) {
        for (const path of fileUrls) {
          const t0 = performance.now();
          // A file that fails is counted with the load's errors, under its path.
          try {
            const r = await files.send(new URL(path, base).href, {
              method: 'GET',
              headers: { 'accept-encoding': 'gzip, deflate, br' },
            });
            if (r.status === 200) fileTimes.push(performance.now() - t0);
            else failed(`${path}: HTTP ${r.status}`);
          } catch (err) {
            failed(`${path}: ${errorCode(err)}`);
          }
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    await Promise.all([...Array.from({ length: CLIENTS }, client), fileClient()]);
    fileTimes.sort((a, b) => a - b);
    const elapsed = (performance.now() - started) / 1000;
    const after = processesStats(server.pids());
    const driverCpu = process.cpuUsage(driverBefore);
    const driverSeconds = (driverCpu.user + driverCpu.system) / 1e6;
    latencies.sort((a, b) => a - b);
    const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
    const user = after.user - before.user;
    const system = after.system - before.system;
    rows.push(
      `| ${phase} | ${latencies.length} | ${(latencies.length / elapsed).toFixed(0)} | ${percentile(latencies, 50).toFixed(0)} | ${percentile(latencies, 95).toFixed(0)} | ${percentile(latencies, 99).toFixed(0)} | ${errorCount}${errorCount ? ` (${[...errors].map(([k, n]) => `${k}: ${n}`).join(', ')})` : ''} | ${user.toFixed(1)} (${((user / elapsed) * 100).toFixed(0)} %) | ${system.toFixed(1)} (${((system / elapsed) * 100).toFixed(0)} %) | ${before.rssMb.toFixed(0)} → ${after.rssMb.toFixed(0)} | ${driverSeconds.toFixed(1)} (${((driverSeconds / elapsed) * 100).toFixed(0)} %) | ${fileTimes.length ? `${percentile(fileTimes, 50).toFixed(0)} / ${percentile(fileTimes, 95).toFixed(0)}` : 'no client served'} |`,
    );
    process.stdout.write(`${rows[rows.length - 1]}\n`);
  }
  const table = [
    "| phase | requests | requests/s | p50 ms | p95 ms | p99 ms | errors | server user CPU s | server system CPU s | server RSS MB before → after | load driver CPU s | app's files p50 / p95 ms |",
    '|---|---:|---:|---:|---:|---:|---|---:|---:|---|---:|---:|',
    ...rows,
  ];
  process.stdout.write(`\n${table.join('\n')}\n`);
  writeBenchTable('load', table);
  if (PHASES.includes('cost')) {
    const lines: string[] = [];
    let cpuSum = 0;
    for (const e of MIX) {
      const ask = () =>
        post(
          base,
          e.path,
          { ...e.body(randomPeriod()), jwtExtendedToken: tokens.extendedDataToken },
          tokens.accessToken,
        );
      for (let i = 0; i < 5; i++) await ask(); // warm-up, not counted
      const before = threadsCpu(server.pids());
      const started = performance.now();
      for (let i = 0; i < REQUESTS; i++) {
        const r = await ask();
        if (r.status !== 200) throw new Error(`${e.path} answered ${r.status}: ${r.text}`);
      }
      const wall = (performance.now() - started) / REQUESTS;
      const after = threadsCpu(server.pids());
      const main = ((after.main - before.main) * 1000) / REQUESTS;
      const other = ((after.other - before.other) * 1000) / REQUESTS;
      cpuSum += main + other;
      const code = e.body(FIXED[0]).requestedData;
      const name = code === undefined ? e.path : `${e.path} (code ${code})`;
      lines.push(
        `| ${name} | ${wall.toFixed(1)} | ${(main + other).toFixed(1)} | ${main.toFixed(1)} | ${other.toFixed(1)} |`,
      );
      process.stdout.write(`${lines[lines.length - 1]}\n`);
    }
    process.stdout.write(
      `\ncost: one client, ${REQUESTS} requests per endpoint, random periods; server CPU ms per request\n\n| endpoint | wall ms | CPU ms | main thread | other threads |\n|---|---:|---:|---:|---:|\n${lines.join('\n')}\n| mean | | ${(cpuSum / MIX.length).toFixed(1)} | | |\n`,
    );
  }
} finally {
  closeConnections();
  files.close();
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
printMachineSpeed('after the run');
