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
  'Usage: npm run bench:export -- [--runs 3] [--sizes 25000,50000,100000]',
  {
    options: {
      runs: { type: 'string', default: '3' },
      sizes: { type: 'string', default: '25000,50000,100000' },
    },
  },
);
const RUNS = Number(options.runs);
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

const dir = mkdtempSync(join(tmpdir(), 'bench-export-'));
const t0 = Date.now();
const server = await startBenchServer(dir, 'demo', { RESULT_CACHE_MB: '0' }, { gc: true });
console.log(`demo scale seeded and serving in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
try {
  const signIn = await fetch(`${server.url}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grantType: 'password',
      clientId: 'HawkEye',
      username: 'admin',
      password: DEMO_PASSWORD,
    }),
  });
  const tokens = (await signIn.json()) as { accessToken: string; extendedDataToken: string };
  const headers = {
    'content-type': 'application/json',
    authorization: `Bearer ${tokens.accessToken}`,
    'x-extended-data-token': tokens.extendedDataToken,
  };
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
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
