/**
 * The memory of a streamed export: the communications log's CSV export of about 25,000, 50,000
 * and 100,000 rows (a period ending yesterday, as long as it takes), from the server in its own
 * process at the demo scale on DuckDB. While each file arrives (read and thrown away here, chunk by
 * chunk), the server's resident memory is sampled every 20 ms from /proc. Prints, per size, the
 * median of the runs: rows, file size, seconds, rows/s, the server's RSS before, its peak during
 * the export, and the difference, and the server's V8 heap in use after a full collection before
 * and after the export (the file is not kept: it stays where it was).
 *
 *   npm run bench:export [-- --runs 3 --sizes 25000,50000,100000]
 *
 * With `--alongside N` it measures instead what N whole-log exports running at once (by admin,
 * each read as fast as it arrives) cost another user: manager's uncached data requests (four
 * kinds, a different period each time) are timed for `--seconds` (default 30) before the exports
 * and again while they run, and it prints their count, median, p95 and max, both ways. The server
 * lets admin have N exports (EXPORTS_PER_USER); the export queries share EXPORT_QUERY_SLOTS.
 *
 *   npm run bench:export -- --alongside 6 [--seconds 30]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PASSWORD } from '../src/server/seed/demoUsers';
import { readCommandLine } from './lib/args';
import { startBenchServer } from './lib/benchServerProcess';
import { writeBenchTable } from './lib/benchTable';
import { processStats } from './lib/procStats';

const { values: options } = readCommandLine(
  'Usage: npm run bench:export -- [--runs 3] [--sizes 25000,50000,100000] [--alongside N [--seconds 30]]',
  {
    options: {
      runs: { type: 'string', default: '3' },
      sizes: { type: 'string', default: '25000,50000,100000' },
      alongside: { type: 'string', default: '0' },
      seconds: { type: 'string', default: '30' },
    },
  },
);
const RUNS = Number(options.runs);
const ALONGSIDE = Number(options.alongside);
const SECONDS = Number(options.seconds);
const SIZES = options.sizes.split(',').map(Number);
const LOG = '/api/data/communications/log';

/** The log's columns as the Communications Log page shows them. */
const CSV = {
  fileName: 'Communications Log - Log.csv',
  rows: '/values',
  total: '/totalRows',
  rowNumbers: '#',
  columns: [
    { header: 'Time', field: 'occurredAt', pipe: { name: 'date', args: ['M/D/YYYY h:mm A'] } },
    { header: 'Site', field: 'site', inactiveField: 'siteIsActive' },
    { header: 'Employee', field: 'employee', inactiveField: 'employeeIsActive' },
    { header: 'Type', field: 'commType' },
    { header: 'Direction', field: 'direction' },
    { header: 'Relationship', field: 'relationship' },
    { header: 'Caller Type', field: 'callerType' },
    { header: 'Call Result', field: 'callResult' },
    { header: 'Missed', field: 'isMissed', pipe: { name: 'boolean', args: ['Yes', 'No'] } },
    { header: 'Duration', field: 'durationSeconds', pipe: { name: 'clock' } },
    { header: 'Ad Source', field: 'adSource', inactiveField: 'adSourceIsActive' },
    { header: 'First Reply', field: 'respondedAt', pipe: { name: 'date', args: ['M/D/YYYY h:mm A'] } },
    { header: 'Response Time', field: 'responseBucket' },
  ],
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const iso = (d: Date) => d.toISOString().slice(0, 10);

/** Signs a demo user in. */
function signInAs(username: string) {
  return fetch(`${server.url}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grantType: 'password', clientId: 'HawkEye', username, password: DEMO_PASSWORD }),
  });
}

/** The headers of a data request by the holder of `tokens`. */
function headersOf(tokens: { accessToken: string; extendedDataToken: string }) {
  return {
    'content-type': 'application/json',
    authorization: `Bearer ${tokens.accessToken}`,
    'x-extended-data-token': tokens.extendedDataToken,
  };
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];

/**
 * Manager's uncached requests, one after another for SECONDS, alone and then while ALONGSIDE
 * whole-log exports by admin run (started again as each ends): count, median, p95 and max.
 */
async function othersWhileExporting(
  exporter: Record<string, string>,
  other: Record<string, string>,
  periodOf: (days: number) => { startDate: string; endDate: string },
) {
  const asks = [
    (p: object) => ['/api/data', { ...p, requestedData: 100 }],
    (p: object) => ['/api/data/caller_behavior/missed_calls/by_site', { ...p, limit: 10 }],
    (p: object) => ['/api/data/communications/log', { ...p, limit: 25 }],
    (p: object) => ['/api/data/communications/log', { ...p, limit: 25, skip: 100 }],
  ] as const;
  const timeRequests = async () => {
    const ms: number[] = [];
    const until = performance.now() + SECONDS * 1000;
    for (let i = 0; performance.now() < until; i++) {
      // A different period each time: the database answers, not a cache.
      const [path, body] = asks[i % asks.length](periodOf(7 + (i % 300)));
      const t = performance.now();
      const res = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: other,
        body: JSON.stringify(body),
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
      ms.push(performance.now() - t);
    }
    return ms;
  };
  const row = (what: string, ms: number[]) =>
    console.log(
      `| ${what} | ${ms.length} | ${percentile(ms, 0.5).toFixed(0)} | ${percentile(ms, 0.95).toFixed(0)} | ${Math.max(...ms).toFixed(0)} |`,
    );
  console.log(
    `\nmanager's uncached requests for ${SECONDS} s each way; exports by admin, read as they arrive\n`,
  );
  console.log('| while | requests | median ms | p95 ms | max ms |');
  console.log('|---|---:|---:|---:|---:|');
  row('no export', await timeRequests());
  let exporting = true;
  let files = 0;
  const oneExport = async () => {
    while (exporting) {
      const res = await fetch(`${server.url}${LOG}/export`, {
        method: 'POST',
        headers: exporter,
        body: JSON.stringify({ request: periodOf(540), csv: CSV }),
      });
      if (res.status !== 200) throw new Error(`export answered ${res.status}: ${await res.text()}`);
      for await (const _chunk of res.body as unknown as AsyncIterable<Uint8Array>) if (!exporting) break;
      files++;
    }
  };
  const running = Array.from({ length: ALONGSIDE }, oneExport);
  row(`${ALONGSIDE} exports`, await timeRequests());
  exporting = false;
  await Promise.allSettled(running);
  console.log(`\n(${files} whole files exported meanwhile)`);
}

const dir = mkdtempSync(join(tmpdir(), 'bench-export-'));
const t0 = Date.now();
const server = await startBenchServer(
  dir,
  'demo',
  { RESULT_CACHE_MB: '0', ...(ALONGSIDE ? { EXPORTS_PER_USER: String(ALONGSIDE) } : {}) },
  { gc: true },
);
console.log(`demo scale seeded and serving in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
try {
  const signIn = await signInAs('admin');
  const tokens = (await signIn.json()) as { accessToken: string; extendedDataToken: string };
  const headers = headersOf(tokens);
  const end = new Date(Date.now() - 86_400_000);
  const periodOf = (days: number) => ({
    startDate: iso(new Date(end.getTime() - (days - 1) * 86_400_000)),
    endDate: iso(end),
  });
  const rowsIn = async (days: number) => {
    const res = await fetch(`${server.url}${LOG}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...periodOf(days), limit: 1 }),
    });
    return ((await res.json()) as { totalRows: number }).totalRows;
  };

  /** One export: reads the file chunk by chunk while sampling the server's memory. */
  async function exportOnce(days: number) {
    // The log's own deepest page first: the database has then read what the export reads, so the
    // figure is the export's own memory, not the blocks of a longer period coming into the cache.
    const total = await rowsIn(days);
    await fetch(`${server.url}${LOG}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...periodOf(days), limit: 100, skip: Math.max(0, total - 100) }),
    });
    const heapBefore = await server.heapMb();
    const before = processStats(server.pid).rssMb;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, processStats(server.pid).rssMb);
    }, 20);
    const started = performance.now();
    const res = await fetch(`${server.url}${LOG}/export`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ request: periodOf(days), csv: CSV }),
    });
    if (res.status !== 200 || !res.body)
      throw new Error(`export answered ${res.status}: ${await res.text()}`);
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (const b of chunk) if (b === 10) lines++;
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, processStats(server.pid).rssMb);
    const heapAfter = await server.heapMb();
    return { rows: lines - 1, bytes, seconds, before, peak, heapBefore, heapAfter };
  }

  if (ALONGSIDE) {
    await othersWhileExporting(headers, headersOf(await (await signInAs('manager')).json()), periodOf);
  } else {
    console.log(`\n${RUNS} runs per size, medians; server RSS sampled every 20 ms from /proc\n`);
    const table = [
      '| rows | file MB | seconds | rows/s | server RSS before MB | peak MB | peak − before MB | heap before → after MB |',
      '|---:|---:|---:|---:|---:|---:|---:|---:|',
    ];
    console.log(table.join('\n'));
    for (const target of SIZES) {
      let days = 7;
      while ((await rowsIn(days)) < target && days < 540) days += Math.max(1, Math.round(days * 0.25));
      const runs: Awaited<ReturnType<typeof exportOnce>>[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await exportOnce(days));
      const m = (f: (r: (typeof runs)[number]) => number) => median(runs.map(f));
      const rows = m((r) => r.rows);
      table.push(
        `| ${rows.toLocaleString('en-US')} | ${(m((r) => r.bytes) / 1048576).toFixed(1)} | ${m((r) => r.seconds).toFixed(2)} | ${Math.round(rows / m((r) => r.seconds)).toLocaleString('en-US')} | ${m((r) => r.before).toFixed(0)} | ${m((r) => r.peak).toFixed(0)} | ${m((r) => r.peak - r.before).toFixed(0)} | ${m((r) => r.heapBefore).toFixed(0)} → ${m((r) => r.heapAfter).toFixed(0)} |`,
      );
      console.log(table[table.length - 1]);
    }
    writeBenchTable('export', table);
  }
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
