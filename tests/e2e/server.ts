// The Playwright web server: the real app on a fresh DuckDB in E2E_DATA_DIR, seeded small (seed 7, the
// last update pinned at E2E_AS_OF) with the
// demo users, plus helper endpoints in the same process: impersonation codes, users of one account, and the stored form submissions
// (the DuckDB file is locked by this process, so the tests read the store through it).
import { mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { CLIENT_DIR, ensureClientBuilt } from '../../scripts/lib/clientBuild';
import { createImpersonationCode } from '../../src/server/auth/impersonationCodes';
import { findUserByUsername } from '../../src/server/auth/userLookup';
import { createUser } from '../../src/server/auth/users';
import { loadConfig } from '../../src/server/config';
import { loadDeliveryDefinitions } from '../../src/server/deliveries/definitions';
import { runDueDeliveries } from '../../src/server/deliveries/runner';
import { listSubmissions } from '../../src/server/forms/submissions';
import { closeOnSignals, startServer } from '../../src/server/main';
import { seedDatabase } from '../../src/server/seed/seed';
import { E2E_AS_OF, E2E_DATA_DIR, E2E_HELPER_PORT, E2E_PORT } from './e2eEnv';

rmSync(E2E_DATA_DIR, { recursive: true, force: true });
mkdirSync(E2E_DATA_DIR, { recursive: true });
// Many sign-ins from one address in a run: keep the failure limits out of the way.
process.env.LOGIN_FAILURES_PER_ADDRESS ??= '10000';
process.env.LOGIN_FAILURES_PER_USERNAME ??= '10000';
process.env.FORGOT_PASSWORD_PER_USERNAME ??= '1000';
process.env.FORGOT_PASSWORD_PER_ADDRESS ??= '1000';
// One DuckDB worker thread: the test data is small, and a second thread mostly waits for work (about
// half the server's CPU time in the browser tests went to it, none of it answering sooner).
process.env.DUCKDB_THREADS ??= '1';
// Digests and alerts go out when a test sends them, not on the server's own timer.
process.env.DELIVERY_INTERVAL_SECONDS ??= '0';
// Password hashes at OWASP's minimum argon2id cost instead of the default (a ninth of the CPU time per
// sign-in, and the browser tests sign in a few hundred times). Still argon2id, the same code path.
process.env.PASSWORD_HASH_MEMORY_KIB ??= '19456';
process.env.PASSWORD_HASH_PASSES ??= '2';
process.env.PASSWORD_HASH_PARALLELISM ??= '1';

await ensureClientBuilt();
const config = loadConfig({
  ...process.env,
  DATA_DIR: E2E_DATA_DIR,
  PORT: String(E2E_PORT),
  HOST: '127.0.0.1',
  DATABASE_URL: '',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
});
const { app, ctx } = await startServer({ config, clientDir: CLIENT_DIR, seedWhenEmpty: false });
await seedDatabase(ctx.store, { scale: 'small', seed: 7, asOf: new Date(E2E_AS_OF) });
closeOnSignals(app);

createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  try {
    if (url.pathname === '/form-submissions') {
      const rows = await listSubmissions(ctx.store);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(rows));
      return;
    }
    if (url.pathname === '/account-user') {
      // A user who reads one account (the demo password), created on first ask.
      const username = url.searchParams.get('username') ?? '';
      const accountId = Number(url.searchParams.get('account'));
      if (!/^[a-z][a-z0-9-]*$/.test(username) || !Number.isInteger(accountId)) throw new Error('bad user');
      if (!(await findUserByUsername(ctx.store, username)))
        await createUser(ctx.store, {
          username,
          password: 'Demo1234',
          firstName: url.searchParams.get('first') ?? username,
          lastName: url.searchParams.get('last') ?? 'Tester',
          email: `${username}@example.com`,
          allAccountAccess: false,
          hasPermission: true,
          accountIds: [accountId],
          claims: [],
        });
      res.writeHead(200, { 'content-type': 'text/plain' }).end(username);
      return;
    }
    if (url.pathname === '/run-deliveries') {
      // The digests and alerts due at `at` (an instant), recorded as done at it.
      const at = new Date(url.searchParams.get('at') ?? '');
      if (Number.isNaN(at.getTime())) throw new Error('bad at');
      const definitions = await loadDeliveryDefinitions(config.dashboardsDir);
      const lines = await runDueDeliveries(
        { app, store: ctx.store, config, definitions },
        { at, instanceId: 'e2e', now: () => at },
      );
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(lines));
      return;
    }
    if (url.pathname !== '/impersonation-code') throw new Error(`unknown helper path ${url.pathname}`);
    const user = await findUserByUsername(ctx.store, url.searchParams.get('username') ?? '');
    if (!user) throw new Error('unknown user');
    const { code } = await createImpersonationCode(ctx.store, user.id, config.impersonationCodeTtlSeconds);
    res.writeHead(200, { 'content-type': 'text/plain' }).end(code);
  } catch (err) {
    res.writeHead(400, { 'content-type': 'text/plain' }).end(String(err));
  }
}).listen(E2E_HELPER_PORT, '127.0.0.1');

process.stdout.write(`e2e server ready on http://localhost:${E2E_PORT}\n`);
