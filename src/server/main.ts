import type { FastifyInstance } from 'fastify';
import { type AppContext, buildApp } from './app';
import { type Config, loadConfig } from './config';
import { DEMO_USERS } from './seed/demoUsers';
import { isSeeded, seedDatabase } from './seed/seed';
import { openStore } from './store';
import { migrate } from './store/migrate';

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
  const store = await openStore(config);
  await migrate(store);
  const ctx: AppContext = { store, config };
  if ((opts.seedWhenEmpty ?? config.seedDemo) && !(await isSeeded(store))) {
    const started = Date.now();
    process.stdout.write('First start: seeding the demo data (about 1 million communications)...\n');
    await seedDatabase(store, { scale: 'demo', seed: 1, progress: (m) => process.stdout.write(`  ${m}\n`) });
    process.stdout.write(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  }
  const app = await buildApp(ctx, { clientDir: opts.clientDir, logger: opts.logger });
  app.addHook('onClose', async () => {
    await store.close();
  });
  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${config.port}`;
  return { app, ctx, url };
}

/** Closes the server and the database on SIGINT/SIGTERM, once. */
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
}

/** The demo sign-ins, for the start banner. */
export function demoLoginsText(): string {
  return DEMO_USERS.map((u) => `  ${u.username.padEnd(9)} / ${u.password}  ${u.note}`).join('\n');
}
