import type { AddressInfo } from 'node:net';
import { dirname, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { migrateWithRollups } from './analytics/rollups';
import { type AppContext, buildApp } from './app';
import { configurePasswordHashing } from './auth/users';
import { type Config, loadConfig } from './config';
import { servedDefinitions } from './deliveries/definitions';
import { type DeliveryScheduler, startDeliveryScheduler } from './deliveries/scheduler';
import { DEMO_USERS } from './seed/demoUsers';
import { isSeeded, seedDatabase } from './seed/seed';
import {
  duckdbPath,
  isConnectionFailure,
  openStore,
  type ReplicaState,
  replicaStates,
  type Store,
} from './store';
import { DuckDBStore } from './store/duckdb';

export interface StartOptions {
  config?: Config;
  clientDir?: string;
  /** Seed the demo data when the database is empty (default: config.seedDemo, on unless SEED_DEMO=0). */
  seedWhenEmpty?: boolean;
  logger?: boolean | Record<string, unknown>;
}

/** Opens the store, migrates it, seeds it when empty, and starts listening. */
export async function startServer(
  opts: StartOptions = {},
): Promise<{ app: FastifyInstance; ctx: AppContext; url: string }> {
  const config = opts.config ?? loadConfig();
  configurePasswordHashing(config.passwordHashing);
  // Replicas entering or leaving the read pool are logged once the app's logger exists; the
  // first check's findings (made while opening) are logged then.
  const onReplica: { log?: (r: ReplicaState) => void } = {};
  const store = await openStore({ ...config, onReplicaChange: (r) => onReplica.log?.(r) });
  try {
    return await serveStore(store, config, opts, onReplica);
  } catch (err) {
    await store.close().catch(() => undefined);
    throw err;
  }
}

async function serveStore(
  store: Store,
  config: Config,
  opts: StartOptions,
  onReplica: { log?: (r: ReplicaState) => void },
) {
  // A damaged DuckDB file stops here, not at the first request (PostgreSQL was reached by openStore).
  if (store instanceof DuckDBStore) await store.verify();
  await migrateWithRollups(store, (line) => process.stdout.write(`${line}\n`));
  // Other instances and scripts write PostgreSQL too: learn of their changes to the data.
  store.watchDataChanges?.(config.databaseListenUrl);
  const ctx: AppContext = { store, config };
  if ((opts.seedWhenEmpty ?? config.seedDemo) && !(await isSeeded(store))) {
    const started = Date.now();
    process.stdout.write('First start: seeding the demo data (about 1 million communications)...\n');
    await seedDatabase(store, { scale: 'demo', seed: 1, progress: (m) => process.stdout.write(`  ${m}\n`) });
    process.stdout.write(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  }
  const app = await buildApp(ctx, { clientDir: opts.clientDir, logger: opts.logger });
  onReplica.log = (r) =>
    r.inPool
      ? app.log.info({ replica: r.name, lagMs: r.lagMs }, 'replica in the read pool')
      : app.log.warn({ replica: r.name, lagMs: r.lagMs, reason: r.reason }, 'replica out of the read pool');
  for (const r of replicaStates(store) ?? []) onReplica.log(r);
  let deliveries: DeliveryScheduler | undefined;
  app.addHook('onClose', async () => {
    await deliveries?.stop();
    await store.close();
  });
  // Digests and alerts go out on their own (DELIVERY_INTERVAL_SECONDS; 0 turns it off), by the
  // definitions the routes serve: reloaded when their files change, the last good set kept when an
  // edit does not load. Until a set loads they wait, said in the log; the dashboard is served all
  // the same.
  const definitions = servedDefinitions(app);
  await app.listen({ port: config.port, host: config.host });
  if (config.deliveryIntervalSeconds > 0) {
    if (!definitions.loaded)
      app.log.error('digests and alerts wait: their definitions do not load (the errors are above)');
    deliveries = startDeliveryScheduler(
      { app, store, config, definitions },
      {
        intervalMs: config.deliveryIntervalSeconds * 1000,
        log: app.log,
        ready: () => definitions.loaded,
      },
    );
  }
  // PORT=0 picks a free port: name the one the server got.
  const url = `http://localhost:${(app.server.address() as AddressInfo).port}`;
  return { app, ctx, url };
}

/**
 * Closes the server and the database on SIGINT/SIGTERM (or when its supervisor goes away), once;
 * ends the process when DuckDB stops on a fatal error.
 */
export function closeOnSignals(app: FastifyInstance): void {
  let closing = false;
  const stop = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    app.close().then(
      () => {
        clearTimeout(timer);
        process.exit(0);
      },
      (err) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  // A DuckDB that stopped itself on a fatal error (a checkpoint on a full disk) serves nothing until
  // a new process opens its file and replays the write-ahead log: the process ends, and under
  // `npm start` its supervisor starts it again. Requests meanwhile answer 503.
  const store = app.ctx.store;
  if (store instanceof DuckDBStore)
    store.onFatal = (err) => {
      app.log.fatal(
        { err: (err as Error).message },
        'the database stopped on a fatal error; ending the process so that it is opened again',
      );
      process.exit(1);
    };
  // Under `npm start`'s supervisor (scripts/lib/supervisor.mjs): it hears that the server serves (a
  // later death is then started again), and the server stops when the supervisor is gone.
  if (process.send && process.env.HAWKEYE_SUPERVISED === '1') {
    process.send({ hawkeye: 'serving' });
    process.on('disconnect', () => stop('supervisor gone'));
  }
}

/**
 * Why the server could not start, in one line a person can act on: the data folder that cannot be
 * written, the database file that is damaged or locked, the PostgreSQL server that does not answer,
 * the port in use. Anything else gives its own message's first line.
 */
export function startupFailure(
  err: unknown,
  config?: Pick<Config, 'dataDir' | 'databaseUrl' | 'port'>,
): string {
  const e = err as NodeJS.ErrnoException;
  const first = String(e?.message ?? err)
    .split('\n')[0]
    .trim();
  const file = config ? duckdbPath(config.dataDir) : 'the database file';
  if (e?.code === 'EADDRINUSE')
    return `port ${config?.port} is already in use: stop the other server or set PORT`;
  if (e?.code === 'EACCES' || e?.code === 'EROFS' || e?.code === 'EPERM') {
    const folder = config?.dataDir ?? (e.path ? dirname(e.path) : resolve(process.env.DATA_DIR || './data'));
    return `the data folder ${folder} cannot be written (${first}); make it writable or set DATA_DIR`;
  }
  if (config?.databaseUrl && isConnectionFailure(err)) {
    const where = /@([^/?]+)/.exec(config.databaseUrl)?.[1] ?? 'DATABASE_URL';
    return `the PostgreSQL server at ${where} does not answer (${first.replace(/^The database is unavailable: /, '')})`;
  }
  if (
    /checksum|corrupt|not a valid DuckDB database|invalid block|database file.*(?:damaged|truncated)/i.test(
      first,
    )
  )
    return `the database file ${file} is damaged (${first}); restore it from a backup, or move it away to start on a new database`;
  if (/read-only|permission denied|cannot open file|could not set lock/i.test(first))
    return `the database file ${file} cannot be opened for writing (${first})`;
  return first;
}

/**
 * Starts the server for a command (npm start, the API of npm run dev): on failure, prints
 * 'HawkEye could not start: <why>' as one line and exits with status 1, without a stack trace.
 */
export async function startOrExit(opts: Omit<StartOptions, 'config'> = {}) {
  let config: Config | undefined;
  try {
    config = loadConfig();
    return await startServer({ ...opts, config });
  } catch (err) {
    process.stderr.write(`HawkEye could not start: ${startupFailure(err, config)}\n`);
    process.exit(1);
  }
}

/** The demo sign-ins, for the start banner. */
export function demoLoginsText(): string {
  return DEMO_USERS.map((u) => `  ${u.username.padEnd(9)} / ${u.password}  ${u.note}`).join('\n');
}
