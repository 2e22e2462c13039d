// `npm run bench:deliveries [-- --subscribers 200,1000 --scopes 10,50]`
// Digests for many subscribers: a throwaway DuckDB with 50 accounts, N users each reading one of S
// accounts (S distinct scopes), every user subscribed to the weekly digest; then one run of
// everything due (npm run deliveries -- run) into the outbox, timed, for each N and S. A digest's
// figures are computed once per (digest, scope, period) and shared by every subscriber of that
// scope, so the time grows with the scopes; what each subscriber adds is the claim, the message
// and its file. It prints how the time grows with each.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROLLUPS_LOCK, refreshRollups } from '../src/server/analytics/rollups';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { loadDeliveryDefinitions } from '../src/server/deliveries/definitions';
import { DEMO_DIGEST_ID } from '../src/server/deliveries/demoSubscriptions';
import { runDueDeliveries } from '../src/server/deliveries/runner';
import { createSubscription } from '../src/server/deliveries/subscriptionStore';
import { generate } from '../src/server/seed/generate';
import { TABLES } from '../src/server/seed/tables';
import { DuckDBStore } from '../src/server/store/duckdb';
import { migrate } from '../src/server/store/migrate';
import { readCommandLine, usage } from './lib/args';
import { writeBenchTable } from './lib/benchTable';
import { printMachineSpeed } from './lib/machineSpeed';

const USAGE = 'Usage: npm run bench:deliveries -- [--subscribers 200,1000] [--scopes 10,50]';
const ACCOUNTS = 50;
const AS_OF = new Date('2026-11-20T19:00:00Z');
/** 50 accounts of 2 sites each, 3 months of data: every scope has figures of its own. */
const SCALE = { accounts: ACCOUNTS, sites: 100, employeesPerSite: 3, months: 3, commsPerSiteDay: 10 };

const { values } = readCommandLine(USAGE, {
  options: {
    subscribers: { type: 'string', default: '200,1000' },
    scopes: { type: 'string', default: '10,50' },
  },
});
/** A list of whole numbers from 1 to `max`, ascending, or the usage. */
function counts(name: string, text: string, max: number): number[] {
  const list = text.split(',').map(Number);
  if (list.some((n) => !Number.isInteger(n) || n < 1 || n > max))
    usage(
      `--${name} must be whole numbers from 1 to ${max.toLocaleString('en-US')}, got '${text}'\n${USAGE}`,
    );
  return [...new Set(list)].sort((a, b) => a - b);
}
const subscriberCounts = counts('subscribers', values.subscribers, 100_000);
const scopeCounts = counts('scopes', values.scopes, ACCOUNTS);
const users = subscriberCounts[subscriberCounts.length - 1];

interface Figure {
  subscribers: number;
  scopes: number;
  seconds: number;
  sent: number;
}

printMachineSpeed('before the run');
const dataDir = mkdtempSync(join(tmpdir(), 'hawkeye-bench-deliveries-'));
const figures: Figure[] = [];
try {
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SMTP_URL: '',
    LOG_LEVEL: 'silent',
    DELIVERY_INTERVAL_SECONDS: '0',
  });
  const store = await DuckDBStore.open(join(dataDir, 'bench.duckdb'));
  try {
    await migrate(store);
    process.stdout.write(`Seeding ${ACCOUNTS} accounts and ${users} users...\n`);
    await store.transaction(
      async (tx) => {
        for (const batch of generate({ scale: SCALE, seed: 1, asOf: AS_OF }))
          await tx.bulkInsert(batch.table, TABLES[batch.table], batch.rows);
        await refreshRollups(tx, { kind: store.kind });
      },
      { lock: ROLLUPS_LOCK },
    );
    await store.bulkInsert(
      'users',
      [
        { name: 'id', type: 'integer' },
        ...['username', 'password_hash', 'first_name', 'last_name', 'email'].map((name) => ({
          name,
          type: 'varchar' as const,
        })),
        { name: 'created_at', type: 'timestamp' },
      ],
      Array.from({ length: users }, (_, i) => [
        i + 1,
        `subscriber${i + 1}`,
        'no sign-in',
        'Sub',
        `Scriber ${i + 1}`,
        `subscriber${i + 1}@example.com`,
        AS_OF.getTime(),
      ]),
    );
    const app = await buildApp({ store, config }, { logger: false });
    const ctx = { app, store, config, definitions: await loadDeliveryDefinitions(config.dashboardsDir) };
    for (const subscribers of subscriberCounts)
      for (const scopes of scopeCounts) {
        await store.exec(
          'DELETE FROM delivery_occurrences; DELETE FROM subscriptions; DELETE FROM user_accounts',
        );
        // Each subscriber reads one account: subscriber i the account i mod scopes.
        await store.bulkInsert(
          'user_accounts',
          [
            { name: 'user_id', type: 'integer' },
            { name: 'account_id', type: 'integer' },
          ],
          Array.from({ length: subscribers }, (_, i) => [i + 1, (i % scopes) + 1]),
        );
        for (let i = 1; i <= subscribers; i++)
          await createSubscription(
            store,
            i,
            {
              kind: 'digest',
              targetId: DEMO_DIGEST_ID,
              schedule: { frequency: 'weekly', hour: 8, weekday: 1 },
            },
            AS_OF,
          );
        // Nothing computed by an earlier run is reused.
        app.resultCache.clear();
        process.stdout.write(`${subscribers} subscribers over ${scopes} scopes...\n`);
        const started = performance.now();
        const lines = await runDueDeliveries(ctx, {
          at: new Date('2026-11-23T08:00:00Z'),
          wallClock: true,
          instanceId: 'bench',
        });
        const seconds = (performance.now() - started) / 1000;
        const failed = lines.find((l) => l.status !== 'sent');
        if (failed) throw new Error(`a delivery did not go: ${JSON.stringify(failed)}`);
        figures.push({ subscribers, scopes, seconds, sent: lines.length });
        process.stdout.write(`  ${seconds.toFixed(2)} s, ${lines.length} sent\n`);
      }
    await app.close();
  } finally {
    await store.close();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const table = [
  '| subscribers | distinct scopes | digests sent | seconds | ms per scope | ms per subscriber |',
  '|---:|---:|---:|---:|---:|---:|',
  ...figures.map(
    (f) =>
      `| ${f.subscribers.toLocaleString('en-US')} | ${f.scopes} | ${f.sent.toLocaleString('en-US')} | ${f.seconds.toFixed(2)} | ${Math.round(
        (1000 * f.seconds) / f.scopes,
      )} | ${((1000 * f.seconds) / f.subscribers).toFixed(1)} |`,
  ),
];
process.stdout.write(`\nWeekly digests, one run into the outbox (DuckDB)\n\n${table.join('\n')}\n\n`);

/** How the time grew from the first figure of `pair` to the second, against how `what` grew. */
function growth(what: string, pair: Figure[], of: (f: Figure) => number): string | undefined {
  const [a, b] = pair;
  if (!a || !b || of(a) === of(b)) return undefined;
  return `${of(a).toLocaleString('en-US')} to ${of(b).toLocaleString('en-US')} ${what} (x${(of(b) / of(a)).toFixed(1)}): the time x${(b.seconds / a.seconds).toFixed(2)}`;
}
const most = (list: number[]) => list[list.length - 1];
const at = (subscribers: number, scopes: number) =>
  figures.find((f) => f.subscribers === subscribers && f.scopes === scopes) as Figure;
const said = [
  growth(
    `distinct scopes, ${most(subscriberCounts).toLocaleString('en-US')} subscribers`,
    [at(most(subscriberCounts), scopeCounts[0]), at(most(subscriberCounts), most(scopeCounts))],
    (f) => f.scopes,
  ),
  growth(
    `subscribers, ${most(scopeCounts)} distinct scopes`,
    [at(subscriberCounts[0], most(scopeCounts)), at(most(subscriberCounts), most(scopeCounts))],
    (f) => f.subscribers,
  ),
].filter(Boolean);
if (said.length) process.stdout.write(`${said.join('\n')}\n`);
writeBenchTable('deliveries', table);
