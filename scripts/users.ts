// `npm run users -- <command>`: manage sign-ins and hand out impersonation codes.
import tokenRequestSchema from '../schemas/api/auth/token-request.json';
import { createImpersonationCode } from '../src/server/auth/impersonationCodes';
import { findUserByUsername } from '../src/server/auth/userLookup';
import {
  configurePasswordHashing,
  createUser,
  grantAccount,
  grantClaim,
  setPassword,
} from '../src/server/auth/users';
import { loadConfig } from '../src/server/config';
import { openStore, type Store } from '../src/server/store';
import { migrate } from '../src/server/store/migrate';
import { passwordPolicyError } from '../src/shared/passwordPolicy';
import { isTimeZone } from '../src/shared/timeZones';
import { type CommandLine, readCommandLine } from './lib/args';

const USAGE = `Usage: npm run users -- <command>

  list
      Every user: id, username, name, email, permission, accounts, claims and time zone.
  add <username> --password <p> --first <name> --last <name> --email <address>
      [--all-accounts] [--account <id>]... [--claim <Type=Value>]... [--no-permission]
      Creates a user (the password must meet the password policy).
  set-password <username> <password>
      Replaces a user's password.
  set-time-zone <username> <zone>
      Sets the IANA time zone (e.g. America/Denver) of the user's digests, schedules and quiet hours.
  clear-time-zone <username>
      Clears it: the zone most of the user's sites are in applies.
  grant <username> [--account <id>]... [--all-accounts] [--claim <Type=Value>]... [--permission]
      Adds accounts, all-account access, claims or the permission to use HawkEye.
  impersonation-code <username>
      Prints a single-use code with which a user with all-account access signs in as <username>.

The store is the server's (DATABASE_URL, or DATA_DIR/hawkeye.duckdb). An embedded DuckDB file is
locked by a running server: stop it first, or use PostgreSQL.`;

/** A usage mistake: printed without a stack, exit code 2. */
class UsageError extends Error {}

const COMMAND_LINE = {
  allowPositionals: true,
  options: {
    password: { type: 'string' },
    first: { type: 'string' },
    last: { type: 'string' },
    email: { type: 'string' },
    account: { type: 'string', multiple: true },
    claim: { type: 'string', multiple: true },
    'all-accounts': { type: 'boolean' },
    'no-permission': { type: 'boolean' },
    permission: { type: 'boolean' },
  },
} as const;

type Options = CommandLine<typeof COMMAND_LINE>['values'];

function accountIds(opts: Options): number[] {
  return (opts.account ?? []).map((a) => {
    const n = Number(a);
    if (!Number.isInteger(n) || n <= 0) throw new UsageError(`--account must be an account id, got '${a}'`);
    return n;
  });
}

function claims(opts: Options): { type: string; value: string }[] {
  return (opts.claim ?? []).map((c) => {
    const m = /^([^=\s]+)=(.+)$/.exec(c);
    if (!m)
      throw new UsageError(`--claim must look like Type=Value (e.g. HawkEyeDashboardILS=Read), got '${c}'`);
    return { type: m[1], value: m[2] };
  });
}

/** The longest username /token accepts: a longer one could never sign in. */
const USERNAME_MAX = tokenRequestSchema.properties.username.maxLength;
/** How many positional arguments each command takes after its name. */
const ARITY: Record<string, number> = {
  list: 0,
  add: 1,
  'set-password': 2,
  'set-time-zone': 2,
  'clear-time-zone': 1,
  grant: 1,
  'impersonation-code': 1,
};

function checkUsername(username: string): string {
  if (username.length > USERNAME_MAX)
    throw new UsageError(
      `<username> may have at most ${USERNAME_MAX} characters (sign-in allows no more), got ${username.length}`,
    );
  if (!/\S/.test(username)) throw new UsageError('<username> must not be blank');
  return username;
}

function checkEmail(email: string): string {
  if (!/^[^\s@]+@[^\s@]+\.[^\s@.]+$/.test(email))
    throw new UsageError(`--email must be an email address like name@example.com, got '${email}'`);
  return email;
}

/** The account ids, each checked to exist. */
async function existingAccounts(store: Store, ids: number[]): Promise<number[]> {
  for (const id of ids) {
    const [row] = await store.query('SELECT id FROM accounts WHERE id = $1', [id]);
    if (!row) throw new UsageError(`--account ${id}: no such account`);
  }
  return ids;
}

function need(value: string | undefined, what: string): string {
  if (!value) throw new UsageError(`${what} is required\n\n${USAGE}`);
  return value;
}

function checkTimeZone(zone: string): string {
  if (!isTimeZone(zone))
    throw new UsageError(
      `<zone> must be an IANA time zone such as America/Denver or UTC (not an abbreviation like MST), got '${zone}'`,
    );
  return zone;
}

function checkPassword(password: string): string {
  const problem = passwordPolicyError(password);
  if (problem) throw new UsageError(problem);
  return password;
}

async function userId(store: Store, username: string): Promise<number> {
  const user = await findUserByUsername(store, username);
  if (!user) throw new UsageError(`No user '${username}' (see: npm run users -- list)`);
  return user.id;
}

async function list(store: Store): Promise<void> {
  const users = await store.query<{
    id: number;
    username: string;
    first_name: string;
    last_name: string;
    email: string;
    has_permission: boolean;
    all_account_access: boolean;
    is_active: boolean;
    time_zone: string | null;
  }>(
    'SELECT id, username, first_name, last_name, email, has_permission, all_account_access, is_active, time_zone FROM users ORDER BY id',
  );
  const accounts = await store.query<{ user_id: number; account_id: number }>(
    'SELECT user_id, account_id FROM user_accounts ORDER BY account_id',
  );
  const extra = await store.query<{ user_id: number; claim_type: string; claim_value: string }>(
    'SELECT user_id, claim_type, claim_value FROM user_claims ORDER BY claim_type',
  );
  for (const u of users) {
    const acc = u.all_account_access
      ? 'all accounts'
      : `accounts ${
          accounts
            .filter((a) => a.user_id === u.id)
            .map((a) => a.account_id)
            .join(',') || '(none)'
        }`;
    const cl = extra.filter((c) => c.user_id === u.id).map((c) => `${c.claim_type}=${c.claim_value}`);
    const flags = [!u.has_permission && 'NO PERMISSION', !u.is_active && 'INACTIVE'].filter(Boolean);
    const zone = u.time_zone ? `  time zone ${u.time_zone}` : '';
    process.stdout.write(
      `${String(u.id).padStart(4)}  ${u.username.padEnd(16)} ${`${u.first_name} ${u.last_name}`.padEnd(24)} ${u.email.padEnd(28)} ${acc}${cl.length ? `  ${cl.join(' ')}` : ''}${zone}${flags.length ? `  [${flags.join(', ')}]` : ''}\n`,
    );
  }
}

async function run(store: Store, command: string, args: string[], opts: Options): Promise<void> {
  if (ARITY[command] !== undefined && args.length > ARITY[command])
    throw new UsageError(`Unexpected argument '${args[ARITY[command]]}' after ${command}\n\n${USAGE}`);
  switch (command) {
    case 'list':
      return list(store);
    case 'add': {
      const username = checkUsername(need(args[0], '<username>'));
      if (await findUserByUsername(store, username))
        throw new UsageError(`User '${username}' already exists`);
      const id = await createUser(store, {
        username,
        password: checkPassword(need(opts.password, '--password')),
        firstName: need(opts.first, '--first'),
        lastName: need(opts.last, '--last'),
        email: checkEmail(need(opts.email, '--email')),
        allAccountAccess: opts['all-accounts'] === true,
        hasPermission: opts['no-permission'] !== true,
        accountIds: await existingAccounts(store, accountIds(opts)),
        claims: claims(opts),
      });
      process.stdout.write(`Created user '${username}' (id ${id})\n`);
      return;
    }
    case 'set-password': {
      const id = await userId(store, need(args[0], '<username>'));
      await setPassword(store, id, checkPassword(need(args[1], '<password>')));
      process.stdout.write(`Password of '${args[0]}' changed\n`);
      return;
    }
    case 'set-time-zone':
    case 'clear-time-zone': {
      const username = need(args[0], '<username>');
      const zone = command === 'set-time-zone' ? checkTimeZone(need(args[1], '<zone>')) : null;
      const id = await userId(store, username);
      await store.query('UPDATE users SET time_zone = $1 WHERE id = $2', [zone, id]);
      process.stdout.write(
        zone
          ? `Time zone of '${username}' set to ${zone}\n`
          : `Time zone of '${username}' cleared: their sites' zone applies\n`,
      );
      return;
    }
    case 'grant': {
      const id = await userId(store, need(args[0], '<username>'));
      const acc = await existingAccounts(store, accountIds(opts));
      const cl = claims(opts);
      if (!acc.length && !cl.length && !opts['all-accounts'] && !opts.permission) {
        throw new UsageError('Nothing to grant: give --account, --all-accounts, --claim or --permission');
      }
      for (const a of acc) await grantAccount(store, id, a);
      for (const c of cl) await grantClaim(store, id, c);
      if (opts['all-accounts'])
        await store.query('UPDATE users SET all_account_access = TRUE WHERE id = $1', [id]);
      if (opts.permission) await store.query('UPDATE users SET has_permission = TRUE WHERE id = $1', [id]);
      process.stdout.write(`Granted to '${args[0]}'\n`);
      return;
    }
    case 'impersonation-code': {
      const username = need(args[0], '<username>');
      const user = await findUserByUsername(store, username);
      if (!user) throw new UsageError(`No user '${username}' (see: npm run users -- list)`);
      if (!user.isActive) throw new UsageError(`'${username}' is inactive, so cannot be impersonated`);
      if (!user.hasPermission)
        throw new UsageError(
          `'${username}' may not use HawkEye, so cannot be impersonated (grant it first: npm run users -- grant ${username} --permission)`,
        );
      const id = user.id;
      const ttl = loadConfig().impersonationCodeTtlSeconds;
      const { code, expiresAt } = await createImpersonationCode(store, id, ttl);
      process.stderr.write(
        `Impersonation code for '${username}', single use, valid until ${expiresAt.toISOString()}:\n`,
      );
      // The code alone on stdout, so scripts can capture it.
      process.stdout.write(`${code}\n`);
      return;
    }
    default:
      throw new UsageError(`Unknown command '${command}'\n\n${USAGE}`);
  }
}

async function main(): Promise<number> {
  const parsed = readCommandLine(USAGE, COMMAND_LINE);
  const [command, ...args] = parsed.positionals;
  if (!command) {
    process.stdout.write(`${USAGE}\n`);
    return 2;
  }
  let store: Store;
  try {
    const config = loadConfig();
    configurePasswordHashing(config.passwordHashing);
    store = await openStore(config);
  } catch (err) {
    const message = (err as Error).message;
    process.stderr.write(
      /lock/i.test(message)
        ? `The database is in use by a running server (DuckDB allows one process): stop it and retry.\n${message}\n`
        : `Cannot open the database: ${message}\n`,
    );
    return 1;
  }
  try {
    await migrate(store);
    await run(store, command, args, parsed.values);
    return 0;
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`${err.message}\n`);
      return 2;
    }
    throw err;
  } finally {
    await store.close();
  }
}

process.exitCode = await main();
