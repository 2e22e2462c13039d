import { currentDataVersion } from '../analytics/versionedMemo';
import type { Store } from '../store';
import { type AlertTiming, advanceAlertStates, loadAlertStates, saveAlertStates } from './alertStates';
import { mailDomain, sendEmail, sendWebhook } from './channels';
import {
  type AlertTransition,
  type DeliveryContext,
  evaluateAlertRule,
  type RenderedMessage,
  renderAlert,
  renderDigest,
} from './compute';
import {
  claimOccurrence,
  claimOccurrences,
  doneOccurrences,
  finishOccurrence,
  finishOccurrences,
  KEEP_SILENT_EVALUATIONS_MS,
  type OccurrenceClaim,
  type Outcome,
  occurrenceMessageId,
  pruneSilentEvaluations,
  storePayload,
  unfinishedWithPayload,
} from './occurrences';
import { personalize, sharedRecipient } from './personalize';
import { loadRecipient, loadRecipients, type Recipient } from './recipient';
import {
  ALERT_EVALUATION_PATTERN,
  cronPattern,
  inQuietHours,
  instantOfWallClock,
  latestOccurrence,
} from './schedule';
import {
  activeSubscriptions,
  getSubscription,
  NOTHING_CHANGED,
  type Subscription,
  TEST_KEY_PREFIX,
  webhookSecret,
} from './subscriptionStore';

/**
 * Runs what is due: each subscription's latest occurrence at or before `at` that is not done (a
 * digest's scheduled run, an alert's hourly evaluation), and for each alert an evaluation of the
 * current data version. After downtime a digest sends only its latest missed occurrence; the
 * earlier ones are never made. Every occurrence is claimed first (occurrences.ts), so any number of
 * runs, in one process or in several instances on one PostgreSQL database, send it once.
 *
 * Quiet hours defer: a digest due during them is sent by the first run after they end (unless a
 * later occurrence has replaced it); an alert keeps evaluating, and what it would have said waits
 * for the first evaluation after them, which tells what is still so.
 */

/** What one delivery did (the API's type, schemas/api/deliveries). */
import type { DeliveryLine } from '../../shared/api/types';

export type { DeliveryLine };

export interface RunOptions {
  /** Everything due at or before this is done. */
  at: Date;
  /** Names the claims this run makes (host and process of an instance, or the command). */
  instanceId: string;
  /**
   * `at`'s UTC clock fields are a wall-clock time, read in each subscriber's own time zone
   * (`npm run deliveries -- run --at 2026-11-23T08:00`).
   */
  wallClock?: boolean;
  /** The real time, for claims (default: the system clock). */
  now?: () => Date;
  /** A claim older than this is taken over (default STALE_CLAIM_MS). */
  staleClaimMs?: number;
  /** Occurrences handled side by side (default 4). */
  concurrency?: number;
}

/** Default hold and repeat of an alert rule that names none. */
const DEFAULT_TIMING: AlertTiming = { holdFor: 1, repeatMs: 24 * 3_600_000 };

/** How a rule times its notices, from its definition: `pending` evaluations held, `repeatHours` between reminders. */
export function alertTiming(rule: { pending?: number; repeatHours?: number }): AlertTiming {
  const hold = Number(rule.pending);
  const hours = Number(rule.repeatHours);
  return {
    holdFor: Number.isInteger(hold) && hold >= 1 ? hold : DEFAULT_TIMING.holdFor,
    repeatMs: Number.isFinite(hours) && hours > 0 ? hours * 3_600_000 : DEFAULT_TIMING.repeatMs,
  };
}

/** Runs of one store in this process go one after another (the timer, a data change, a test send). */
const queues = new WeakMap<Store, Promise<unknown>>();

function serially<T>(store: Store, fn: () => Promise<T>): Promise<T> {
  const before = queues.get(store) ?? Promise.resolve();
  const result = before.then(fn, fn);
  queues.set(
    store,
    result.catch(() => undefined),
  );
  return result;
}

/** Caches of one run: scopes, and shared digests by (digest, scope, zone, occurrence). */
interface RunCache {
  scopes: Map<'all', Promise<Map<number, string>>>;
  digests: Map<string, Promise<RenderedMessage>>;
}

const newCache = (): RunCache => ({ scopes: new Map(), digests: new Map() });

function cached<K, V>(map: Map<K, Promise<V>>, key: K, make: () => Promise<V>): Promise<V> {
  let p = map.get(key);
  if (!p) {
    p = make();
    map.set(key, p);
    // A failure is not kept: the next occurrence asks again.
    p.catch(() => map.delete(key));
  }
  return p;
}

/**
 * What each user may see, as a key: users of one scope (all accounts, or the same accounts; the
 * same extra claims) get the same figures. Read for every user at once, three queries a run.
 */
async function scopeKeys(store: Store): Promise<Map<number, string>> {
  const [users, accounts, claims] = await Promise.all([
    store.query<{ id: number; all_account_access: boolean }>('SELECT id, all_account_access FROM users'),
    store.query<{ user_id: number; account_id: number }>(
      'SELECT user_id, account_id FROM user_accounts ORDER BY user_id, account_id',
    ),
    store.query<{ user_id: number; claim_type: string; claim_value: string }>(
      'SELECT user_id, claim_type, claim_value FROM user_claims ORDER BY user_id, claim_type, claim_value',
    ),
  ]);
  const list = (rows: { user_id: number }[], text: (r: never) => string) => {
    const by = new Map<number, string[]>();
    for (const r of rows) by.set(r.user_id, [...(by.get(r.user_id) ?? []), text(r as never)]);
    return by;
  };
  const accountsOf = list(accounts, (r: { account_id: number }) => String(r.account_id));
  const claimsOf = list(
    claims,
    (r: { claim_type: string; claim_value: string }) => `${r.claim_type}=${r.claim_value}`,
  );
  return new Map(
    users.map((u) => [
      u.id,
      `${u.all_account_access ? 'all' : (accountsOf.get(u.id) ?? []).join(',')}|${(claimsOf.get(u.id) ?? []).join(',')}`,
    ]),
  );
}

/** One occurrence to try: its subscription, key and instant. */
interface Due {
  subscription: Subscription;
  recipient: Recipient;
  key: string;
  scheduledAt: Date;
  /** When the run happens, in real terms (`at`, as the subscriber's instant): quiet hours are read at it. */
  runAt: Date;
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).split('\n')[0];

/** Does every due occurrence not yet done; a line for each that was sent, skipped or failed. */
export function runDueDeliveries(ctx: DeliveryContext, o: RunOptions): Promise<DeliveryLine[]> {
  return serially(ctx.store, async () => {
    const lines = await runOnce(ctx, o);
    await pruneNowAndThen(ctx.store, nowOf(o));
    return lines;
  });
}

/** When this process last pruned each store's silent evaluations. */
const pruned = new WeakMap<Store, number>();
const PRUNE_EVERY_MS = 3_600_000;

async function pruneNowAndThen(store: Store, now: Date): Promise<void> {
  if (now.getTime() - (pruned.get(store) ?? 0) < PRUNE_EVERY_MS) return;
  pruned.set(store, now.getTime());
  await pruneSilentEvaluations(store, new Date(now.getTime() - KEEP_SILENT_EVALUATIONS_MS), NOTHING_CHANGED);
}

async function runOnce(ctx: DeliveryContext, o: RunOptions): Promise<DeliveryLine[]> {
  const cache = newCache();
  const version = (await currentDataVersion(ctx.store)).version;
  const due: Due[] = [];
  const active = await activeSubscriptions(ctx.store);
  const recipients = await loadRecipients(
    ctx.store,
    active.map((a) => a.subscription.userId),
  );
  for (const { subscription: s, startsAt } of active) {
    const recipient = recipients.get(s.userId);
    if (!recipient) continue;
    const runAt = o.wallClock ? instantOfWallClock(o.at, recipient.timeZone) : o.at;
    const base = { subscription: s, recipient, runAt };
    if (s.kind === 'digest' && s.schedule) {
      const occ = latestOccurrence(cronPattern(s.schedule), recipient.timeZone, runAt, startsAt);
      // Deferred by quiet hours: the first run after them sends it.
      if (occ && !inQuietHours(s.quietHours, runAt, recipient.timeZone))
        due.push({ ...base, key: `digest:${occ.toISOString()}`, scheduledAt: occ });
    } else if (s.kind === 'alert') {
      if (version !== null && startsAt.getTime() <= runAt.getTime())
        due.push({ ...base, key: `data:${version}`, scheduledAt: runAt });
      const occ = latestOccurrence(ALERT_EVALUATION_PATTERN, recipient.timeZone, runAt, startsAt);
      if (occ) due.push({ ...base, key: `eval:${occ.toISOString()}`, scheduledAt: occ });
    }
  }
  // Alert notices decided but not delivered (a failed send, a sender that died) are tried again.
  const bySubscription = new Map(active.map((a) => [a.subscription.id, a.subscription]));
  for (const u of await unfinishedWithPayload(ctx.store)) {
    const s = bySubscription.get(u.subscriptionId);
    const recipient = s && recipients.get(s.userId);
    if (s && recipient && !due.some((d) => d.subscription.id === s.id && d.key === u.key))
      due.unshift({
        subscription: s,
        recipient,
        key: u.key,
        scheduledAt: u.scheduledAt,
        runAt: u.scheduledAt,
      });
  }
  const done = await doneOccurrences(
    ctx.store,
    due.map((d) => d.key),
  );
  const todo = due
    .filter((d) => !done.has(`${d.subscription.id} ${d.key}`))
    .sort((a, b) => a.subscription.id - b.subscription.id || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const lines: DeliveryLine[] = [];
  for (let i = 0; i < todo.length; i += CLAIM_BATCH)
    lines.push(...(await runBatch(ctx, o, cache, todo.slice(i, i + CLAIM_BATCH))));
  return lines;
}

/** Occurrences claimed together (one commit on the store), then delivered, then recorded together. */
const CLAIM_BATCH = 100;

const nowOf = (o: Pick<RunOptions, 'now'>) => (o.now ? o.now() : new Date());

/**
 * Claims a batch of occurrences, delivers those this run holds (one subscription's in order, an
 * alert's evaluations building on each other; the subscriptions side by side), and records how
 * each ended; a line for each, but for the claims of others and the evaluations that told nothing.
 */
async function runBatch(ctx: DeliveryContext, o: RunOptions, cache: RunCache, batch: Due[]) {
  const claims = await claimOccurrences(
    ctx.store,
    batch.map((d) => ({
      subscriptionId: d.subscription.id,
      key: d.key,
      scheduledAt: d.scheduledAt,
      messageId: occurrenceMessageId(d.subscription.id, d.key, mailDomain(ctx.config)),
      instanceId: o.instanceId,
      now: nowOf(o),
      staleClaimMs: o.staleClaimMs,
    })),
  );
  const groups = new Map<number, { d: Due; claim: OccurrenceClaim }[]>();
  batch.forEach((d, i) => {
    const claim = claims[i];
    if (claim) groups.set(d.subscription.id, [...(groups.get(d.subscription.id) ?? []), { d, claim }]);
  });
  const ended: { d: Due; claim: OccurrenceClaim; outcome: Outcome }[] = [];
  const queue = [...groups.values()];
  const worker = async () => {
    for (let g = queue.shift(); g; g = queue.shift())
      for (const { d, claim } of g) {
        let outcome: Outcome;
        try {
          outcome =
            d.subscription.kind === 'digest'
              ? await deliverDigest(ctx, cache, d, claim)
              : await deliverAlert(ctx, d, claim);
        } catch (err) {
          outcome = { status: 'failed', reason: errorText(err) };
        }
        ended.push({ d, claim, outcome });
      }
  };
  await Promise.all(Array.from({ length: o.concurrency ?? 4 }, worker));
  await finishOccurrences(ctx.store, ended, nowOf(o));
  return ended
    .filter(({ outcome }) => !(outcome.status === 'skipped' && outcome.reason === NOTHING_CHANGED))
    .sort((a, b) => a.d.subscription.id - b.d.subscription.id || (a.d.key < b.d.key ? -1 : 1))
    .map(
      ({ d, outcome }): DeliveryLine => ({
        subscriptionId: d.subscription.id,
        occurrenceKey: d.key,
        status: outcome.status,
        to: outcome.recipient ?? destination(d.subscription, d.recipient),
        ...(outcome.reason ? { reason: outcome.reason } : {}),
      }),
    );
}

/** Where a subscription's messages go: the address, or the webhook's host. */
function destination(s: Subscription, r: Recipient): string {
  return s.channel.type === 'webhook' ? new URL(s.channel.url).host : r.email;
}

/** Sends a rendered message through the subscription's channel; answers where it went. */
async function send(
  ctx: DeliveryContext,
  s: Subscription,
  r: Recipient,
  msg: RenderedMessage,
  messageId: string,
) {
  if (s.channel.type === 'webhook')
    return sendWebhook(ctx.config, s.channel.url, await webhookSecret(ctx.store, s.id), msg, messageId);
  return sendEmail({ config: ctx.config, log: ctx.app.log }, r.email, msg, messageId);
}

async function deliverDigest(
  ctx: DeliveryContext,
  cache: RunCache,
  d: Due,
  claim: OccurrenceClaim,
): Promise<Outcome> {
  const s = d.subscription;
  if (!ctx.definitions.digests.has(s.targetId))
    return { status: 'failed', reason: `The digest '${s.targetId}' no longer exists` };
  // Rendered once for everyone who sees the same figures, then addressed to each (personalize.ts).
  const scope = (await cached(cache.scopes, 'all', () => scopeKeys(ctx.store))).get(s.userId);
  const shared = await cached(
    cache.digests,
    `${s.targetId}|${scope}|${d.recipient.timeZone}|${d.scheduledAt.toISOString()}`,
    () =>
      renderDigest(ctx, { digestId: s.targetId, recipient: sharedRecipient(d.recipient), at: d.scheduledAt }),
  );
  const msg = personalize(shared, d.recipient);
  return { status: 'sent', recipient: await send(ctx, s, d.recipient, msg, claim.messageId) };
}

async function deliverAlert(ctx: DeliveryContext, d: Due, claim: OccurrenceClaim): Promise<Outcome> {
  const s = d.subscription;
  const rule = ctx.definitions.alertRules.get(s.targetId);
  if (!rule) return { status: 'failed', reason: `The alert rule '${s.targetId}' no longer exists` };
  let payload = claim.payload;
  let withheld = 0;
  if (payload === null) {
    const observations = await evaluateAlertRule(ctx, {
      ruleId: s.targetId,
      recipient: d.recipient,
      thresholds: s.thresholds ?? undefined,
      at: d.scheduledAt,
    });
    const version = (await currentDataVersion(ctx.store)).version;
    const quiet = inQuietHours(s.quietHours, d.runAt, d.recipient.timeZone);
    // The states and the notices they call for are stored together, under a lock per subscription
    // (an instance evaluating another occurrence of it waits), so a retry sends what was decided.
    payload = await ctx.store.transaction(
      async (tx) => {
        const result = advanceAlertStates(await loadAlertStates(tx, s.id), observations, {
          timing: alertTiming(rule),
          at: d.scheduledAt,
          version,
          quiet,
        });
        const json = JSON.stringify(result.notices);
        await storePayload(tx, claim, json);
        await saveAlertStates(tx, s.id, result.changed);
        withheld = result.withheld;
        return json;
      },
      { lock: `alert-states:${s.id}` },
    );
  }
  const notices = JSON.parse(payload) as AlertTransition[];
  if (!notices.length)
    return {
      status: 'skipped',
      reason: withheld
        ? `Quiet hours (${s.quietHours?.start}-${s.quietHours?.end}): told after them`
        : NOTHING_CHANGED,
    };
  const msg = await renderAlert(ctx, {
    ruleId: s.targetId,
    recipient: d.recipient,
    transitions: notices,
    at: d.scheduledAt,
  });
  return { status: 'sent', recipient: await send(ctx, s, d.recipient, msg, claim.messageId) };
}

/**
 * Sends a subscription's message now, whatever its schedule, pause or quiet hours: a digest for
 * the latest period, an alert with what is breached now (its states untouched). Recorded in the
 * history as a test; the subject says so.
 */
export async function testSend(
  ctx: DeliveryContext,
  subscriptionId: number,
  o: { now?: () => Date } = {},
): Promise<DeliveryLine> {
  const s = await getSubscription(ctx.store, subscriptionId);
  if (!s) throw new Error(`There is no subscription ${subscriptionId}`);
  const recipient = await loadRecipient(ctx.store, s.userId);
  if (!recipient) throw new Error(`The user of subscription ${subscriptionId} cannot receive messages`);
  const now = nowOf(o);
  const key = `${TEST_KEY_PREFIX}${now.toISOString()}`;
  const line = { subscriptionId, occurrenceKey: key, to: destination(s, recipient) };
  const claim = await claimOccurrence(ctx.store, {
    subscriptionId,
    key,
    scheduledAt: now,
    messageId: occurrenceMessageId(subscriptionId, key, mailDomain(ctx.config)),
    instanceId: 'test-send',
    now,
  });
  if (!claim) return { ...line, status: 'skipped', reason: 'A test was sent this very moment' };
  let outcome: Outcome;
  try {
    const msg = await testMessage(ctx, s, recipient, now);
    outcome = {
      status: 'sent',
      recipient: await send(ctx, s, recipient, { ...msg, subject: `[Test] ${msg.subject}` }, claim.messageId),
    };
  } catch (err) {
    outcome = { status: 'failed', reason: errorText(err) };
  }
  await finishOccurrence(ctx.store, claim, outcome, now);
  return { ...line, status: outcome.status, ...(outcome.reason ? { reason: outcome.reason } : {}) };
}

async function testMessage(ctx: DeliveryContext, s: Subscription, recipient: Recipient, now: Date) {
  if (s.kind === 'digest') {
    if (!ctx.definitions.digests.has(s.targetId))
      throw new Error(`The digest '${s.targetId}' no longer exists`);
    const at = (s.schedule && latestOccurrence(cronPattern(s.schedule), recipient.timeZone, now)) ?? now;
    return renderDigest(ctx, { digestId: s.targetId, recipient, at });
  }
  if (!ctx.definitions.alertRules.has(s.targetId))
    throw new Error(`The alert rule '${s.targetId}' no longer exists`);
  const observations = await evaluateAlertRule(ctx, {
    ruleId: s.targetId,
    recipient,
    thresholds: s.thresholds ?? undefined,
    at: now,
  });
  const transitions: AlertTransition[] = observations
    .filter((x) => x.breached)
    .map((x) => ({
      entityKind: x.entityKind,
      entityId: x.entityId,
      entityName: x.entityName,
      value: x.value,
      from: 'ok',
      to: 'firing',
    }));
  return renderAlert(ctx, { ruleId: s.targetId, recipient, transitions, at: now });
}
