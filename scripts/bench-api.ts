/**
 * p50/p95 of every analytics endpoint over HTTP and of the same query run straight on the store,
 * on DuckDB and PostgreSQL at demo scale (and both at the large scale with --large: about 10 million
 * communications), for Last 30 Days and Prior Year, timed in turns (timeInTurns).
 * The result cache is off (RESULT_CACHE_MB=0), so every request runs its query.
 *
 * A third way is timed with them: the same query answered by a bare node:http server in this process
 * (no framework, no sign-in, no validation: read the body, run the query, send its JSON). What it
 * adds to the store's time is the floor any HTTP answer pays on this machine (the loopback round
 * trip, the client and the parsing); what the app adds on top of it is its own cost.
 *
 *   npm run bench:api [-- --runs 30] [-- --only duckdb|postgres|large|postgres-large] [-- --large]
 *                     [-- --match communications/log]
 *   npm run bench:api -- --only xlarge --data-dir DIR
 *
 * The xlarge scale (about 100 million communications, DuckDB) is read from a DATA_DIR seeded once
 * beforehand (XLARGE_SEED below, docs/benchmarks.md).
 * Its table adds the database's size on disk and the benchmark process's memory (peak RSS).
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { DATA_CODES } from '../src/server/analytics/queries/dataCodes';
import type { DataQuery } from '../src/server/analytics/request';
import { resolveQuery } from '../src/server/analytics/request';
import { DATA_ENDPOINTS } from '../src/server/analytics/routes/endpoints';
import { signAccessToken, signExtendedToken } from '../src/server/auth/tokens';
import { loadConfig } from '../src/server/config';
import { startServer } from '../src/server/main';
import type { ScaleName } from '../src/server/seed/scales';
import { isSeeded, seedDatabase } from '../src/server/seed/seed';
import { readCommandLine } from './lib/args';
import { writeBenchTable } from './lib/benchTable';
import { httpPoster } from './lib/httpPost';
import { printMachineSpeed } from './lib/machineSpeed';
import { startTempPostgres, type TempPostgres } from './lib/tempPostgres';

const { values: options } = readCommandLine(
  'Usage: npm run bench:api -- [--runs 30] [--only duckdb|postgres|large|postgres-large|xlarge] [--large] [--match communications/log] [--data-dir DIR]',
  {
    options: {
      runs: { type: 'string', default: '30' },
      only: { type: 'string' },
      large: { type: 'boolean', default: false },
      match: { type: 'string' },
      'data-dir': { type: 'string' },
    },
  },
);
const RUNS = Number(options.runs);
/** Untimed runs of each before the timed ones (compiled code, DuckDB's buffers, the connection). */
const WARMUP = 3;
const ONLY = options.only;
/** Only the endpoints whose path contains this text (e.g. communications/log). */
const MATCH = options.match;
const AS_OF = new Date('2026-11-20T19:00:00Z');
/** The issue's target for HTTP p50 over the store's own p50 at the demo scale. */
const TARGET_RATIO = 1.3;
/** How the kept xlarge DATA_DIR is seeded: the as-of time above, so the periods below hold data. */
const XLARGE_SEED = 'DATA_DIR=DIR npm run db:seed -- --scale xlarge --as-of 2026-11-20T19:00';
const PERIODS = {
  'Last 30 Days': { startDate: '2026-10-21', endDate: '2026-11-19' },
  'Prior Year': { startDate: '2025-01-01', endDate: '2025-12-31' },
} as const;

/** Bodies beyond the period: the communications log as a drill asks for it, 50 rows newest first. */
const BODIES: Record<string, Record<string, unknown>> = {
  '/api/data/communications/log': { limit: 50 },
};

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

interface Percentiles {
  p50: number;
  p95: number;
}

/**
 * p50 and p95 of each of `fns`, measured in turns: after a warm-up of each, every run times one of
 * each, their order rotating from run to run. All see the same machine, caches and compiled code,
 * so their differences are the costs of the ways themselves, not of the order they ran in.
 */
async function timeInTurns(fns: readonly (() => Promise<unknown>)[]): Promise<Percentiles[]> {
  for (let i = 0; i < WARMUP; i++) for (const fn of fns) await fn();
  const ms: number[][] = fns.map(() => []);
  for (let i = 0; i < RUNS; i++) {
    for (let j = 0; j < fns.length; j++) {
      const k = (i + j) % fns.length;
      const t0 = performance.now();
      await fns[k]();
      ms[k].push(performance.now() - t0);
    }
  }
  return ms.map((m) => {
    m.sort((x, y) => x - y);
    return { p50: pct(m, 50), p95: pct(m, 95) };
  });
}

/**
 * A bare node:http server on a free loopback port: each POST's body is read and parsed, and the
 * answer is `answer()`'s JSON. The floor under the app's own HTTP answers (see the header).
 */
async function startBareServer(answer: () => Promise<unknown>): Promise<{ url: URL; server: Server }> {
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (d) => {
      body += d;
    });
    req.on('end', async () => {
      JSON.parse(body);
      const json = JSON.stringify(await answer());
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(json);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`), server };
}

/** One row per driver and scale for docs/benchmarks.md (writeBenchTable at the end). */
const docRows: string[] = [];

// Kept-alive connections, one per server (the app's and the bare one): requests go one at a time.
const { post, close: closeConnections } = httpPoster(2);

/** Bytes of the files directly in `dir` (the DuckDB database and its write-ahead log). */
function dirBytes(dir: string): number {
  return readdirSync(dir).reduce((sum, f) => {
    const st = statSync(join(dir, f));
    return st.isFile() ? sum + st.size : sum;
  }, 0);
}

/**
 * One driver and scale: seeds a throwaway DATA_DIR, or with `keptDir` reads the data already seeded
 * there (the xlarge scale takes a quarter of an hour to seed).
 */
async function benchOne(driver: 'duckdb' | 'postgres', scale: ScaleName, keptDir?: string): Promise<void> {
  const dir = keptDir ?? mkdtempSync(join(tmpdir(), 'perf-bench-'));
  let pg: TempPostgres | undefined;
  if (driver === 'postgres') pg = await startTempPostgres();
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dir,
    // A free port, so a benchmark never collides with another server.
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: pg?.url ?? '',
    LOG_LEVEL: 'silent',
    // Every request runs its query: the figures are of the SQL, not of answers kept in memory.
    RESULT_CACHE_MB: '0',
  });
  const { app, ctx } = await startServer({ config, seedWhenEmpty: false, logger: false });
  try {
    const t0 = Date.now();
    const kept = keptDir !== undefined && (await isSeeded(ctx.store));
    if (!kept) await seedDatabase(ctx.store, { scale, seed: 1, asOf: AS_OF });
    if (driver === 'postgres') await ctx.store.exec('ANALYZE');
    const [{ n }] = await ctx.store.query<{ n: number }>('SELECT count(*) AS n FROM communications');
    const [{ asOf }] = await ctx.store.query<{ asOf: string }>(
      'SELECT CAST(last_data_update AS VARCHAR) AS "asOf" FROM data_status WHERE id = 1',
    );
    console.log(
      `\n## ${driver} ${scale}: ${n.toLocaleString('en-US')} communications, ${kept ? `read from ${dir} (as of ${asOf})` : `seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`}`,
    );
    const [u] = await ctx.store.query<{ id: number }>("SELECT id FROM users WHERE username = 'admin'");
    const access = await signAccessToken(config, { userId: u.id, username: 'admin', sessionId: 'bench' });
    const ext = await signExtendedToken(config, {
      userId: u.id,
      sessionId: 'bench',
      allAccounts: true,
      accountIds: [],
    });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const scope = { userId: u.id, username: 'admin', allAccounts: true, accountIds: [] };
    const targets = [
      ...DATA_ENDPOINTS.map((e) => ({
        path: e.path,
        dates: e.dates,
        body: BODIES[e.path] ?? {},
        run: e.run,
      })),
      ...[101, 104, 105, 202, 300, 302, 400].map((code) => ({
        path: `/api/data#${code}`,
        dates: true,
        body: { requestedData: code },
        run: (db: typeof ctx.store, q: DataQuery) => DATA_CODES[code](db, q),
      })),
    ];
    console.log(
      "| endpoint | period | HTTP p50 ms | HTTP p95 ms | DB p50 ms | DB p95 ms | overhead p50 | bare HTTP p50 ms | bare overhead p50 | app's own p50 ms |",
    );
    console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|');
    let worst = 0;
    /** Per row with a store time of its own: the app's p50 over the bare server's, the bare server's over the store's, and both ratios. */
    const overheads: { app: number; bare: number; ratio: number; bareRatio: number }[] = [];
    for (const [label, period] of Object.entries(PERIODS)) {
      for (const t of targets) {
        if (!t.dates && label !== 'Last 30 Days') continue;
        if (MATCH && !t.path.includes(MATCH)) continue;
        const body = { ...(t.dates ? period : {}), ...t.body, jwtExtendedToken: ext };
        const path = t.path.split('#')[0];
        const fake = { body, server: app, dataScope: scope } as unknown as FastifyRequest;
        const q = await resolveQuery(fake, { dates: t.dates, siteFilter: false });
        const bare = await startBareServer(() => t.run(ctx.store, q));
        const [http, db, floor] = await timeInTurns([
          async () => {
            const res = await post(new URL(url), path, body, access);
            if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${res.text}`);
          },
          () => t.run(ctx.store, q),
          async () => {
            const res = await post(bare.url, path, body);
            if (res.status !== 200) throw new Error(`the bare server answered ${res.status}: ${res.text}`);
          },
        ]);
        await new Promise((done) => bare.server.close(done));
        bare.server.closeAllConnections();
        worst = Math.max(worst, http.p95);
        // Codes 101, 300 and 302 answer from figures another code has just read (microseconds on
        // the store): their ratio means nothing, so they count in neither line below.
        if (db.p50 >= 0.1)
          overheads.push({
            app: http.p50 - floor.p50,
            bare: floor.p50 - db.p50,
            ratio: http.p50 / db.p50,
            bareRatio: floor.p50 / db.p50,
          });
        console.log(
          `| ${t.path.replace('/api/data', '')} | ${t.dates ? label : '(no dates)'} | ${http.p50.toFixed(1)} | ${http.p95.toFixed(1)} | ${db.p50.toFixed(1)} | ${db.p95.toFixed(1)} | ${(http.p50 / db.p50).toFixed(2)}x | ${floor.p50.toFixed(1)} | ${(floor.p50 / db.p50).toFixed(2)}x | ${(http.p50 - floor.p50).toFixed(2)} |`,
        );
      }
    }
    console.log(`worst HTTP p95: ${worst.toFixed(1)} ms`);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
    console.log(
      `mean over the rows with a store time of their own: the bare server's p50 minus the store's ${mean(overheads.map((o) => o.bare)).toFixed(2)} ms, the app's p50 minus the bare server's ${mean(overheads.map((o) => o.app)).toFixed(2)} ms`,
    );
    const over = overheads.filter((o) => o.ratio > TARGET_RATIO);
    console.log(
      `HTTP p50 over ${TARGET_RATIO}x the store's on ${over.length} of ${overheads.length} rows; the bare server's too on ${over.filter((o) => o.bareRatio > TARGET_RATIO).length} of them`,
    );
    docRows.push(
      `| ${driver} | ${scale} | ${n.toLocaleString('en-US')} | ${worst.toFixed(1)} | ${over.length} of ${overheads.length} | ${over.filter((o) => o.bareRatio > TARGET_RATIO).length} | ${mean(overheads.map((o) => o.bare)).toFixed(2)} | ${mean(overheads.map((o) => o.app)).toFixed(2)} |`,
    );
    if (driver === 'duckdb') {
      const gib = (b: number) => (b / 2 ** 30).toFixed(2);
      console.log(
        `disk: ${gib(dirBytes(dir))} GiB in ${dir}; memory: peak RSS ${gib(process.resourceUsage().maxRSS * 1024)} GiB, RSS now ${gib(process.memoryUsage().rss)} GiB`,
      );
    }
  } finally {
    await app.close();
    await pg?.stop();
    if (!keptDir) rmSync(dir, { recursive: true, force: true });
  }
}

printMachineSpeed('before the run');
if (!ONLY || ONLY === 'duckdb') await benchOne('duckdb', 'demo');
if (!ONLY || ONLY === 'postgres') await benchOne('postgres', 'demo');
if (options.large || ONLY === 'large') await benchOne('duckdb', 'large');
if (options.large || ONLY === 'postgres-large') await benchOne('postgres', 'large');
if (ONLY === 'xlarge') {
  const dir = options['data-dir'];
  if (!dir || !existsSync(dir)) {
    console.error(
      `The xlarge scale is read from a seeded DATA_DIR: seed it once with\n  ${XLARGE_SEED}\nthen run npm run bench:api -- --only xlarge --data-dir DIR`,
    );
    process.exit(2);
  }
  await benchOne('duckdb', 'xlarge', dir);
}
closeConnections();
printMachineSpeed('after the run');
writeBenchTable('api', [
  `| store | scale | communications | worst HTTP p95 ms | rows with HTTP p50 over ${TARGET_RATIO}x the store's | of them the bare server too | bare server minus store, mean p50 ms | app minus bare server, mean p50 ms |`,
  '|---|---|---:|---:|---:|---:|---:|---:|',
  ...docRows,
]);
