// A second app server for a browser test (helpers.ts, startExtraServer): the real app on a fresh DuckDB
// in DATA_DIR, seeded like the e2e server (demo users, seed 7, the last update at E2E_AS_OF) at the
// small test scale with E2E_EXTRA_SITES sites and three months, on the port PORT names (0: a free one,
// printed once it listens).
import { CLIENT_DIR } from '../../scripts/lib/clientBuild';
import { loadConfig } from '../../src/server/config';
import { closeOnSignals, startServer } from '../../src/server/main';
import { SCALES, type Scale, type ScaleName } from '../../src/server/seed/scales';
import { seedDatabase } from '../../src/server/seed/seed';
import { E2E_AS_OF } from './e2eEnv';

// A scale of this process only, beside the named ones.
const scale = 'e2eExtra' as ScaleName;
(SCALES as Record<string, Scale>)[scale] = {
  ...SCALES.small,
  sites: Number(process.env.E2E_EXTRA_SITES),
  months: 3,
};
const config = loadConfig({ ...process.env, DATABASE_URL: '' });
const { app, ctx } = await startServer({ config, clientDir: CLIENT_DIR, seedWhenEmpty: false });
await seedDatabase(ctx.store, { scale, seed: 7, asOf: new Date(E2E_AS_OF) });
closeOnSignals(app);
process.stdout.write(`extra server ready on port ${(app.server.address() as { port: number }).port}\n`);
