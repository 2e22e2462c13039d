import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/auth/users';
import { DuckDBStore } from '../../src/server/store/duckdb';
import { migrate } from '../../src/server/store/migrate';
import { runScript } from './runScript';

const PASSWORD = 'Lease2026ok';

describe('npm run users refuses what cannot work', () => {
  let dir: string;
  let env: Record<string, string>;
  const users = (...args: string[]) => runScript('users.ts', args, env);
  /** `add` with every option right but the ones given. */
  const add = (username: string, ...extra: string[]) =>
    users('add', username, '--password', PASSWORD, '--first', 'Ann', '--last', 'Lee', ...extra);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hawkeye-users-'));
    mkdirSync(join(dir, 'data'));
    env = { DATA_DIR: join(dir, 'data') };
    const store = await DuckDBStore.open(join(dir, 'data', 'hawkeye.duckdb'));
    await migrate(store);
    await store.exec("INSERT INTO accounts (id, name, is_active) VALUES (1, 'Acme', TRUE)");
    await createUser(store, {
      username: 'nopermission',
      password: PASSWORD,
      firstName: 'No',
      lastName: 'Permission',
      email: 'np@example.com',
      allAccountAccess: false,
      hasPermission: false,
      accountIds: [1],
      claims: [],
    });
    await store.close();
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  const expectRefused = (run: { code: number | null; out: string }, text: string) => {
    expect(run.out).not.toMatch(/\n\s+at /);
    expect(run.out).toContain(text);
    expect(run.code).toBe(2);
  };

  it('an email that is not one', async () => {
    expectRefused(
      await add('ann', '--email', 'notanemail', '--account', '1'),
      "--email must be an email address like name@example.com, got 'notanemail'",
    );
  });

  it('an account that does not exist', async () => {
    expectRefused(
      await add('ann', '--email', 'ann@example.com', '--account', '99999'),
      '--account 99999: no such account',
    );
    expectRefused(
      await users('grant', 'nopermission', '--account', '99999'),
      '--account 99999: no such account',
    );
  });

  it('a username longer than sign-in allows', async () => {
    expectRefused(
      await add('u'.repeat(300), '--email', 'ann@example.com', '--account', '1'),
      '<username> may have at most 256 characters (sign-in allows no more), got 300',
    );
  });

  it('an impersonation code for a user without permission', async () => {
    expectRefused(
      await users('impersonation-code', 'nopermission'),
      "'nopermission' may not use HawkEye, so cannot be impersonated",
    );
  });

  it('extra positional arguments', async () => {
    expectRefused(await users('list', 'everyone'), "Unexpected argument 'everyone' after list");
    expectRefused(
      await add('ann', 'extra', '--email', 'ann@example.com', '--account', '1'),
      "Unexpected argument 'extra' after add",
    );
  });

  it('a time zone that is not an IANA name, in one line', async () => {
    for (const zone of ['MST', 'Mountain Time', 'Mars/Olympus_Mons']) {
      const run = await users('set-time-zone', 'nopermission', zone);
      expectRefused(
        run,
        `<zone> must be an IANA time zone such as America/Denver or UTC (not an abbreviation like MST), got '${zone}'`,
      );
      expect(run.out.trim().split('\n')).toHaveLength(1);
    }
    expectRefused(await users('set-time-zone', 'nobody', 'America/Denver'), "No user 'nobody'");
    expectRefused(await users('set-time-zone', 'nopermission'), '<zone> is required');
  });

  it("sets a user's time zone, shown by list, and clears it", async () => {
    const set = await users('set-time-zone', 'nopermission', 'America/Denver');
    expect(set.out).toContain("Time zone of 'nopermission' set to America/Denver");
    expect(set.code).toBe(0);
    expect((await users('list')).out).toMatch(/nopermission .*time zone America\/Denver/);
    const cleared = await users('clear-time-zone', 'nopermission');
    expect(cleared.out).toContain("Time zone of 'nopermission' cleared");
    expect(cleared.code).toBe(0);
    expect((await users('list')).out).not.toContain('time zone');
  });

  it('and creates the user when all is right, so nothing above was refused for another reason', async () => {
    const run = await add('ann', '--email', 'ann@example.com', '--account', '1');
    expect(run.out).toMatch(/Created user 'ann' \(id \d+\)/);
    expect(run.code).toBe(0);
    const list = await users('list');
    expect(list.out).toMatch(/ann\s+Ann Lee\s+ann@example.com\s+accounts 1/);
  });
});
