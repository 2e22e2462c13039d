// `npm run deliveries -- run [--at ...] | list | test-send <id>`: the digests and alerts.
import { hostname } from 'node:os';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import type { DeliveryContext } from '../src/server/deliveries/compute';
import { loadDeliveryDefinitions } from '../src/server/deliveries/definitions';
import { loadRecipients } from '../src/server/deliveries/recipient';
import { type DeliveryLine, runDueDeliveries, testSend } from '../src/server/deliveries/runner';
import { nextSend } from '../src/server/deliveries/schedule';
import {
  deliveryProgress,
  listSubscriptions,
  type Subscription,
} from '../src/server/deliveries/subscriptionStore';
import { parseClock } from '../src/server/ingest/values';
import { readCommandLine, usage } from './lib/args';
import { openConfiguredStoreOrExit } from './lib/openConfiguredStore';

const USAGE = `Usage: npm run deliveries -- <command>

  run [--at 2026-11-23T08:00]
      Sends every digest and alert due at or before --at (default: now) that is not done yet,
      one line each. A time without a zone is read in each subscriber's own time zone; with Z or
      an offset (2026-11-23T14:00Z) it is that instant. Run again, it sends nothing more.
  list [--json]
      Every subscription: its user, what it is, when it runs next, and its last delivery.
  test-send <subscription id>
      Sends the subscription's message now, marked as a test, and records it in its history.

The store is the server's (DATABASE_URL, or DATA_DIR/hawkeye.duckdb). An embedded DuckDB file is
locked by a running server, which sends on its own: stop it first, or use PostgreSQL.`;

const { values: options, positionals } = readCommandLine(USAGE, {
  options: { at: { type: 'string' }, json: { type: 'boolean' } },
  allowPositionals: true,
});
const [command, ...rest] = positionals;
if (!command) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(2);
}
if (command !== 'run' && command !== 'list' && command !== 'test-send')
  usage(`Unknown command '${command}'\n\n${USAGE}`);
if (options.at !== undefined && command !== 'run') usage(`--at is an option of run\n\n${USAGE}`);
if (options.json !== undefined && command !== 'list') usage(`--json is an option of list\n\n${USAGE}`);
if (command === 'test-send' ? rest.length !== 1 : rest.length > 0)
  usage(
    `${command === 'test-send' ? 'test-send takes one subscription id' : `${command} takes no argument`}\n\n${USAGE}`,
  );

/** --at: a wall-clock time (each subscriber's zone), or an instant with Z or an offset. */
function readAt(text: string | undefined): { at: Date; wallClock: boolean } {
  if (text === undefined) return { at: new Date(), wallClock: false };
  if (/(Z|[+-]\d\d:?\d\d)$/i.test(text)) {
    const at = new Date(text);
    if (Number.isNaN(at.getTime())) usage(`--at is not a date and time: '${text}'`);
    return { at, wallClock: false };
  }
  const parsed = parseClock(text);
  if ('problem' in parsed) usage(`--at ${parsed.problem} (e.g. 2026-11-23T08:00)`);
  return { at: new Date(parsed.ms), wallClock: true };
}

const at = command === 'run' ? readAt(options.at) : undefined;
const testId = command === 'test-send' ? Number(rest[0]) : undefined;
if (testId !== undefined && (!Number.isInteger(testId) || testId < 1))
  usage(`test-send takes a subscription id (a whole number), got '${rest[0]}'`);

function printLines(lines: DeliveryLine[]): void {
  for (const l of lines)
    process.stdout.write(
      `${l.status.padEnd(7)} #${l.subscriptionId} ${l.occurrenceKey} -> ${l.to}${l.reason ? `: ${l.reason}` : ''}\n`,
    );
  const count = (s: DeliveryLine['status']) => lines.filter((l) => l.status === s).length;
  process.stdout.write(
    lines.length
      ? `${count('sent')} sent, ${count('skipped')} skipped, ${count('failed')} failed\n`
      : 'Nothing due\n',
  );
  if (count('failed')) process.exitCode = 1;
}

function describe(s: Subscription): string {
  if (!s.schedule) return `alert ${s.targetId}${s.thresholds ? ` ${JSON.stringify(s.thresholds)}` : ''}`;
  const { frequency, hour, weekday, monthday } = s.schedule;
  const day =
    frequency === 'weekly' ? ` weekday ${weekday}` : frequency === 'monthly' ? ` day ${monthday}` : '';
  return `digest ${s.targetId} ${frequency}${day} ${String(hour).padStart(2, '0')}:00`;
}

async function list(ctx: DeliveryContext): Promise<void> {
  const [subscriptions, progress] = await Promise.all([
    listSubscriptions(ctx.store, {}),
    deliveryProgress(ctx.store, {}),
  ]);
  const recipients = await loadRecipients(
    ctx.store,
    subscriptions.map((s) => s.userId),
  );
  const now = new Date();
  const rows = subscriptions.map((s) => {
    const recipient = recipients.get(s.userId);
    const p = progress.get(s.id);
    return {
      subscription: s,
      user: recipient?.username ?? `user ${s.userId}`,
      timeZone: recipient?.timeZone,
      next: recipient ? (nextSend(s, recipient.timeZone, now, p?.startsAt)?.toISOString() ?? null) : null,
      last: p?.lastDelivery ?? null,
    };
  });
  if (options.json) {
    process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
    return;
  }
  for (const r of rows) {
    const s = r.subscription;
    const channel = s.channel.type === 'webhook' ? `webhook ${new URL(s.channel.url).host}` : 'email';
    const last = r.last ? `last: ${r.last.status} ${r.last.at.slice(0, 16)}Z` : 'never sent';
    const next = s.kind === 'alert' && r.next ? `${r.next} (and on new data)` : r.next;
    process.stdout.write(
      `${String(s.id).padStart(5)}  ${r.user.padEnd(12)} ${describe(s).padEnd(40)} ${channel.padEnd(8)} ${s.paused ? 'paused' : `next: ${next}`}  ${last}\n`,
    );
  }
  process.stdout.write(`${rows.length} subscription${rows.length === 1 ? '' : 's'}\n`);
}

const config = loadConfig();
const store = await openConfiguredStoreOrExit();
const app = await buildApp({ store, config }, { logger: false });
try {
  const ctx: DeliveryContext = {
    app,
    store,
    config,
    definitions: await loadDeliveryDefinitions(config.dashboardsDir),
  };
  if (at) printLines(await runDueDeliveries(ctx, { ...at, instanceId: `${hostname()}:${process.pid}:cli` }));
  else if (testId !== undefined) {
    const line = await testSend(ctx, testId);
    printLines([line]);
  } else await list(ctx);
} catch (err) {
  process.stderr.write(`${(err as Error).message.split('\n')[0]}\n`);
  process.exitCode = 1;
} finally {
  await app.close();
  await store.close();
}
