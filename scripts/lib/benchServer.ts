// The server of a benchmark, in a process of its own (as in production: the benchmark's browser
// driver does not share its event loop). Started by scripts/lib/benchServerProcess.ts with an IPC
// channel: it seeds the requested scale, sends { ready: url }, and on 'clear-cache' empties the
// result cache and answers 'cleared'; on 'heap' it answers its V8 heap in use (after a collection
// when started with --expose-gc).
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../src/server/config';
import { startServer } from '../../src/server/main';
import { isScaleName, SCALE_NAMES } from '../../src/server/seed/scales';
import { seedDatabase } from '../../src/server/seed/seed';
import { CLIENT_DIR } from './clientBuild';

const scale = process.env.BENCH_SCALE ?? 'demo';
if (!isScaleName(scale)) throw new Error(`BENCH_SCALE must be ${SCALE_NAMES}, got '${scale}'`);
const config = loadConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' });
const { app, ctx } = await startServer({
  config,
  clientDir: CLIENT_DIR,
  seedWhenEmpty: false,
  logger: false,
});
await seedDatabase(ctx.store, { scale, seed: 1 });
process.on('message', (message) => {
  if (message === 'clear-cache') {
    app.resultCache.clear();
    process.send?.('cleared');
  }
  if (message === 'heap') {
    (globalThis as { gc?: () => void }).gc?.();
    process.send?.({ heapMb: process.memoryUsage().heapUsed / 1048576 });
  }
});
process.on('disconnect', () => void app.close().then(() => process.exit(0)));
process.send?.({ ready: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` });
