// `npm run forms -- <command>`: the stored Share Feedback and Request Support submissions.
import { loadConfig } from '../src/server/config';
import type { FormKind } from '../src/server/forms/formBodies';
import { emailForStored, submissionSummary } from '../src/server/forms/submissionEmail';
import { listSubmissions, markMailed, markMailFailed } from '../src/server/forms/submissions';
import { sendMail } from '../src/server/mail/sendMail';
import type { Store } from '../src/server/store';
import { readCommandLine, usage } from './lib/args';
import { openConfiguredStore } from './lib/openConfiguredStore';

const USAGE = `Usage: npm run forms -- <command>

  list [--kind feedback|support] [--unmailed] [--limit N] [--json]
      Stored submissions, oldest first: id, form, received time (UTC), user, whether the copy
      was mailed to the support inbox, and what it is about. --json prints every field.
  resend
      Mails again the copies that never left (mail failures, or a server stopped first).

The store is the server's (DATABASE_URL, or DATA_DIR/hawkeye.duckdb). An embedded DuckDB file is
locked by a running server: stop it first, or use PostgreSQL.`;

const { values: options, positionals: positional } = readCommandLine(USAGE, {
  options: {
    kind: { type: 'string' },
    unmailed: { type: 'boolean' },
    limit: { type: 'string' },
    json: { type: 'boolean' },
  },
  allowPositionals: true,
});
const [command] = positional;
if (!command) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(2);
}
const kindOption = options.kind;
if (kindOption !== undefined && kindOption !== 'feedback' && kindOption !== 'support')
  usage(`--kind must be feedback or support, got '${String(kindOption)}'`);
const kind = kindOption as FormKind | undefined;
const limit = options.limit === undefined ? undefined : Number(options.limit);
if (limit !== undefined && (!Number.isInteger(limit) || limit <= 0))
  usage(`--limit must be a positive whole number, got '${String(options.limit)}'`);

async function list(store: Store): Promise<void> {
  const rows = await listSubmissions(store, { kind, unmailed: options.unmailed === true, limit });
  if (options.json) {
    process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
    return;
  }
  for (const r of rows) {
    const mail = r.mailedAt ? 'mailed' : r.mailError ? 'MAIL FAILED' : 'not mailed';
    const who = r.impersonator ? `${r.username} (by ${r.impersonator})` : r.username;
    process.stdout.write(
      `${String(r.id).padStart(5)}  ${r.kind.padEnd(8)} ${r.receivedAt.slice(0, 19).replace('T', ' ')}  ${who.padEnd(16)} ${mail.padEnd(11)} ${submissionSummary(r.kind, r.payload)}\n`,
    );
  }
  process.stdout.write(`${rows.length} submission${rows.length === 1 ? '' : 's'}\n`);
}

async function resend(store: Store): Promise<void> {
  const config = loadConfig();
  const rows = await listSubmissions(store, { unmailed: true });
  let failed = 0;
  for (const r of rows) {
    try {
      const d = await sendMail({ config }, emailForStored(r, config.supportInbox));
      await markMailed(store, r.id);
      process.stdout.write(`#${r.id} mailed (${d.via === 'outbox' ? d.file : 'SMTP'})\n`);
    } catch (err) {
      failed++;
      const message = err instanceof Error ? err.message : String(err);
      await markMailFailed(store, r.id, message);
      process.stderr.write(`#${r.id} could not be mailed: ${message}\n`);
    }
  }
  process.stdout.write(`${rows.length - failed} of ${rows.length} unmailed copies sent\n`);
  if (failed) process.exitCode = 1;
}

if (command !== 'list' && command !== 'resend') usage(`Unknown command '${command}'\n\n${USAGE}`);
let store: Store;
try {
  store = await openConfiguredStore();
} catch (err) {
  const message = (err as Error).message;
  process.stderr.write(
    /lock/i.test(message)
      ? `The database is in use by a running server (DuckDB allows one process): stop it and retry.\n${message}\n`
      : `Cannot open the database: ${message}\n`,
  );
  process.exit(1);
}
try {
  await (command === 'list' ? list(store) : resend(store));
} finally {
  await store.close();
}
