import type { Queryable, Row } from '../store';
import { webhookUrlProblem } from './webhookTarget';

/**
 * Subscriptions to digests and alert rules, as migration 026 stores them, and their delivery
 * history. Every write checks its input first: a SubscriptionInputError (status 400) names the field.
 */

export type Frequency = 'daily' | 'weekly' | 'monthly';

/** When a digest is sent, in the user's time zone: weekday 1 = Monday .. 7 = Sunday; monthday 1-28. */
export interface Schedule {
  frequency: Frequency;
  hour: number;
  weekday?: number;
  monthday?: number;
}

/** 'HH:MM' times of the user's zone between which nothing is sent (across midnight when end < start). */
export interface QuietHours {
  start: string;
  end: string;
}

export interface Subscription {
  id: number;
  userId: number;
  kind: 'digest' | 'alert';
  targetId: string;
  schedule: Schedule | null;
  thresholds: Record<string, number> | null;
  quietHours: QuietHours | null;
  channel: { type: 'email' } | { type: 'webhook'; url: string; hasSecret: boolean };
  paused: boolean;
  createdAt: string;
  updatedAt: string;
}

/**
 * The writable fields of a subscription. A webhook's secret is write-only: given, it replaces the
 * one stored; left out on an update of the same webhook, the stored one is kept; null removes it.
 */
export interface SubscriptionInput {
  kind: 'digest' | 'alert';
  targetId: string;
  /** Digests only (required for them). */
  schedule?: Schedule | null;
  /** Alerts only: the user's thresholds by the rule's threshold keys (none: the rule's defaults). */
  thresholds?: Record<string, number> | null;
  quietHours?: QuietHours | null;
  /** Email by default. */
  channel?: { type: 'email' } | { type: 'webhook'; url: string; secret?: string | null };
  paused?: boolean;
}

/** An input that cannot be stored: the field (a JSON pointer, e.g. '/schedule/hour') and why. */
export class SubscriptionInputError extends Error {
  readonly statusCode = 400;

  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'SubscriptionInputError';
  }
}

/** One occurrence of a subscription as its history shows it (the API's type, schemas/api/deliveries). */
import type { DeliveryRecord, LastDelivery } from '../../shared/api/types';

export type { DeliveryRecord, LastDelivery };

/** The reason an alert evaluation that had nothing to tell is recorded with (left out of the history). */
export const NOTHING_CHANGED = 'Nothing changed';

/** The occurrence keys of test sends start so. */
export const TEST_KEY_PREFIX = 'test:';

const FREQUENCIES: readonly Frequency[] = ['daily', 'weekly', 'monthly'];
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
const MAX_TEXT = 2000;

type SubscriptionRow = Row & {
  id: number;
  user_id: number;
  kind: string;
  target_id: string;
  frequency: string | null;
  hour: number | null;
  weekday: number | null;
  monthday: number | null;
  thresholds: string | null;
  quiet_start: string | null;
  quiet_end: string | null;
  channel: string;
  webhook_url: string | null;
  webhook_secret: string | null;
  paused: boolean;
  created_at: string;
  updated_at: string;
};

/** A Date as the UTC clock fields a TIMESTAMP column holds. */
export const utcText = (d: Date): string => d.toISOString().replace('Z', '');

/** A TIMESTAMP as read by either driver, as ISO UTC text. */
export const isoText = (v: string | number | boolean | null): string =>
  new Date(String(v).endsWith('Z') ? String(v) : `${String(v).replace(' ', 'T')}Z`).toISOString();

function toSubscription(r: SubscriptionRow): Subscription {
  const schedule: Schedule | null =
    r.kind === 'digest' && r.frequency
      ? {
          frequency: r.frequency as Frequency,
          hour: Number(r.hour),
          ...(r.frequency === 'weekly' ? { weekday: Number(r.weekday) } : {}),
          ...(r.frequency === 'monthly' ? { monthday: Number(r.monthday) } : {}),
        }
      : null;
  return {
    id: Number(r.id),
    userId: Number(r.user_id),
    kind: r.kind as Subscription['kind'],
    targetId: r.target_id,
    schedule,
    thresholds: r.thresholds ? (JSON.parse(r.thresholds) as Record<string, number>) : null,
    quietHours: r.quiet_start && r.quiet_end ? { start: r.quiet_start, end: r.quiet_end } : null,
    channel:
      r.channel === 'webhook'
        ? { type: 'webhook', url: r.webhook_url ?? '', hasSecret: Boolean(r.webhook_secret) }
        : { type: 'email' },
    paused: Boolean(r.paused),
    createdAt: isoText(r.created_at),
    updatedAt: isoText(r.updated_at),
  };
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function wholeNumber(v: unknown, field: string, min: number, max: number): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max)
    throw new SubscriptionInputError(field, `${field} must be a whole number from ${min} to ${max}`);
  return v;
}

function checkSchedule(v: unknown): Schedule {
  if (!isObject(v))
    throw new SubscriptionInputError(
      '/schedule',
      '/schedule is required for a digest: how often, and at what hour',
    );
  if (!FREQUENCIES.includes(v.frequency as Frequency))
    throw new SubscriptionInputError(
      '/schedule/frequency',
      '/schedule/frequency must be daily, weekly or monthly',
    );
  const frequency = v.frequency as Frequency;
  const hour = wholeNumber(v.hour, '/schedule/hour', 0, 23);
  if (frequency === 'weekly')
    return { frequency, hour, weekday: wholeNumber(v.weekday, '/schedule/weekday', 1, 7) };
  if (frequency === 'monthly')
    return { frequency, hour, monthday: wholeNumber(v.monthday, '/schedule/monthday', 1, 28) };
  return { frequency, hour };
}

function checkThresholds(v: unknown): Record<string, number> | null {
  if (v === null || v === undefined) return null;
  if (!isObject(v))
    throw new SubscriptionInputError('/thresholds', '/thresholds must be an object of numbers');
  const out: Record<string, number> = {};
  for (const [key, n] of Object.entries(v)) {
    if (typeof n !== 'number' || !Number.isFinite(n))
      throw new SubscriptionInputError(`/thresholds/${key}`, `/thresholds/${key} must be a number`);
    out[key] = n;
  }
  return out;
}

function checkQuietHours(v: unknown): QuietHours | null {
  if (v === null || v === undefined) return null;
  if (!isObject(v))
    throw new SubscriptionInputError(
      '/quietHours',
      "/quietHours must be {start, end} of 'HH:MM' times, or null",
    );
  for (const k of ['start', 'end'] as const)
    if (typeof v[k] !== 'string' || !CLOCK.test(v[k] as string))
      throw new SubscriptionInputError(`/quietHours/${k}`, `/quietHours/${k} must be a time like 22:00`);
  if (v.start === v.end)
    throw new SubscriptionInputError('/quietHours/end', '/quietHours/end must differ from /quietHours/start');
  return { start: v.start as string, end: v.end as string };
}

/** The channel columns of an input; `previous` keeps a webhook's secret when none is given. */
function checkChannel(
  v: unknown,
  previous?: SubscriptionRow,
): { channel: string; webhook_url: string | null; webhook_secret: string | null } {
  if (v === undefined || v === null) return { channel: 'email', webhook_url: null, webhook_secret: null };
  if (!isObject(v) || (v.type !== 'email' && v.type !== 'webhook'))
    throw new SubscriptionInputError('/channel/type', '/channel/type must be email or webhook');
  if (v.type === 'email') return { channel: 'email', webhook_url: null, webhook_secret: null };
  const urlProblem =
    typeof v.url === 'string' && v.url.length > MAX_TEXT
      ? `/channel/url must be at most ${MAX_TEXT} characters`
      : webhookUrlProblem(v.url);
  if (urlProblem) throw new SubscriptionInputError('/channel/url', urlProblem);
  const url = new URL(v.url as string);
  let secret: string | null;
  if (v.secret === undefined) secret = previous?.channel === 'webhook' ? previous.webhook_secret : null;
  else if (v.secret === null || v.secret === '') secret = null;
  else if (typeof v.secret !== 'string' || v.secret.length > MAX_TEXT)
    throw new SubscriptionInputError(
      '/channel/secret',
      `/channel/secret must be text of at most ${MAX_TEXT} characters`,
    );
  else secret = v.secret;
  return { channel: 'webhook', webhook_url: url.toString(), webhook_secret: secret };
}

/** The columns an input sets, checked; `previous` is the stored row of an update. */
function columnsOf(input: SubscriptionInput, previous?: SubscriptionRow) {
  if (!isObject(input)) throw new SubscriptionInputError('/', 'The subscription must be an object');
  if (input.kind !== 'digest' && input.kind !== 'alert')
    throw new SubscriptionInputError('/kind', '/kind must be digest or alert');
  if (typeof input.targetId !== 'string' || !input.targetId.trim() || input.targetId.length > 200)
    throw new SubscriptionInputError(
      '/targetId',
      `/targetId must name the ${input.kind === 'digest' ? 'digest' : 'alert rule'}`,
    );
  if (input.paused !== undefined && typeof input.paused !== 'boolean')
    throw new SubscriptionInputError('/paused', '/paused must be true or false');
  const digest = input.kind === 'digest';
  if (!digest && input.schedule != null)
    throw new SubscriptionInputError(
      '/schedule',
      '/schedule is for digests: an alert follows its rule and the data',
    );
  if (digest && input.thresholds != null)
    throw new SubscriptionInputError('/thresholds', '/thresholds are for alert rules');
  const schedule = digest ? checkSchedule(input.schedule) : null;
  const thresholds = digest ? null : checkThresholds(input.thresholds);
  const quiet = checkQuietHours(input.quietHours);
  return {
    kind: input.kind,
    target_id: input.targetId,
    frequency: schedule?.frequency ?? null,
    hour: schedule?.hour ?? null,
    weekday: schedule?.weekday ?? null,
    monthday: schedule?.monthday ?? null,
    thresholds: thresholds ? JSON.stringify(thresholds) : null,
    quiet_start: quiet?.start ?? null,
    quiet_end: quiet?.end ?? null,
    ...checkChannel(input.channel, previous),
    paused: input.paused ?? false,
  };
}

/** The values of the columns an input writes, in the order of the INSERT and UPDATE below ($2 to $14). */
function writtenValues(c: ReturnType<typeof columnsOf>) {
  return [
    c.kind,
    c.target_id,
    c.frequency,
    c.hour,
    c.weekday,
    c.monthday,
    c.thresholds,
    c.quiet_start,
    c.quiet_end,
    c.channel,
    c.webhook_url,
    c.webhook_secret,
    c.paused,
  ];
}

const SELECT = `SELECT id, user_id, kind, target_id, frequency, hour, weekday, monthday, thresholds,
  quiet_start, quiet_end, channel, webhook_url, webhook_secret, paused, created_at, updated_at
  FROM subscriptions`;

/** Subscriptions, of one user or of everyone, oldest first. */
export async function listSubscriptions(db: Queryable, filter: { userId?: number }): Promise<Subscription[]> {
  const rows =
    filter.userId === undefined
      ? await db.query<SubscriptionRow>(`${SELECT} ORDER BY id`)
      : await db.query<SubscriptionRow>(`${SELECT} WHERE user_id = $1::INTEGER ORDER BY id`, [filter.userId]);
  return rows.map(toSubscription);
}

async function rowOf(db: Queryable, id: number): Promise<SubscriptionRow | undefined> {
  if (!Number.isInteger(id) || id < 1 || id >= 2 ** 31) return undefined;
  const [row] = await db.query<SubscriptionRow>(`${SELECT} WHERE id = $1::INTEGER`, [id]);
  return row;
}

export async function getSubscription(db: Queryable, id: number): Promise<Subscription | undefined> {
  const row = await rowOf(db, id);
  return row ? toSubscription(row) : undefined;
}

/** A webhook's secret, for signing (never part of a Subscription). */
export async function webhookSecret(db: Queryable, id: number): Promise<string | null> {
  return (await rowOf(db, id))?.webhook_secret ?? null;
}

/** The time from which a subscription's occurrences are due (occurrences before it are never sent). */
export async function subscriptionStartsAt(db: Queryable, id: number): Promise<Date | undefined> {
  const [row] = await db.query<{ starts_at: string }>(
    'SELECT starts_at FROM subscriptions WHERE id = $1::INTEGER',
    [id],
  );
  return row ? new Date(isoText(row.starts_at)) : undefined;
}

/** The subscriptions not paused, each with the time its occurrences are due from. */
export async function activeSubscriptions(
  db: Queryable,
): Promise<{ subscription: Subscription; startsAt: Date }[]> {
  const rows = await db.query<SubscriptionRow & { starts_at: string }>(
    `${SELECT.replace(' FROM subscriptions', ', starts_at FROM subscriptions')} WHERE NOT paused ORDER BY id`,
  );
  return rows.map((r) => ({ subscription: toSubscription(r), startsAt: new Date(isoText(r.starts_at)) }));
}

/** Stores a new subscription for `userId`; `now` is its creation time (occurrences before it are not sent). */
export async function createSubscription(
  db: Queryable,
  userId: number,
  input: SubscriptionInput,
  now = new Date(),
): Promise<Subscription> {
  const c = columnsOf(input);
  const t = utcText(now);
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO subscriptions (user_id, kind, target_id, frequency, hour, weekday, monthday, thresholds,
       quiet_start, quiet_end, channel, webhook_url, webhook_secret, paused, starts_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15::TIMESTAMP, $15::TIMESTAMP, $15::TIMESTAMP)
     RETURNING id`,
    [userId, ...writtenValues(c), t],
  );
  return (await getSubscription(db, Number(row.id))) as Subscription;
}

/** The input a stored row was made from (the secret left out: kept unless the update names one). */
function inputOf(s: Subscription): SubscriptionInput {
  return {
    kind: s.kind,
    targetId: s.targetId,
    schedule: s.schedule,
    thresholds: s.thresholds,
    quietHours: s.quietHours,
    channel: s.channel.type === 'webhook' ? { type: 'webhook', url: s.channel.url } : { type: 'email' },
    paused: s.paused,
  };
}

/**
 * Changes the fields `input` names; undefined when there is no such subscription. A changed
 * schedule, or a resume, starts the subscription afresh: what fell due before is not sent.
 */
export async function updateSubscription(
  db: Queryable,
  id: number,
  input: Partial<SubscriptionInput>,
  now = new Date(),
): Promise<Subscription | undefined> {
  const previous = await rowOf(db, id);
  if (!previous) return undefined;
  if (!isObject(input)) throw new SubscriptionInputError('/', 'The changes must be an object');
  const before = toSubscription(previous);
  const merged: SubscriptionInput = { ...inputOf(before), ...input };
  // A kind changed without its own schedule or thresholds does not inherit the other kind's.
  if (input.kind !== undefined && input.kind !== before.kind) {
    if (!('schedule' in input)) merged.schedule = null;
    if (!('thresholds' in input)) merged.thresholds = null;
  }
  const c = columnsOf(merged, previous);
  const restart =
    c.frequency !== previous.frequency ||
    c.hour !== previous.hour ||
    c.weekday !== previous.weekday ||
    c.monthday !== previous.monthday ||
    c.kind !== previous.kind ||
    c.target_id !== previous.target_id ||
    (previous.paused && !c.paused);
  const t = utcText(now);
  await db.query(
    `UPDATE subscriptions SET kind = $2, target_id = $3, frequency = $4, hour = $5, weekday = $6, monthday = $7,
       thresholds = $8, quiet_start = $9, quiet_end = $10, channel = $11, webhook_url = $12, webhook_secret = $13,
       paused = $14, updated_at = $15::TIMESTAMP${restart ? ', starts_at = $15::TIMESTAMP' : ''}
     WHERE id = $1`,
    [id, ...writtenValues(c), t],
  );
  // Another rule or kind: the states of the old one mean nothing now.
  if (c.kind !== previous.kind || c.target_id !== previous.target_id)
    await db.query('DELETE FROM alert_states WHERE subscription_id = $1', [id]);
  return getSubscription(db, id);
}

/** Removes a subscription with its history and alert states; false when there was none. */
export async function deleteSubscription(db: Queryable, id: number): Promise<boolean> {
  if (!(await rowOf(db, id))) return false;
  await db.query('DELETE FROM alert_states WHERE subscription_id = $1', [id]);
  await db.query('DELETE FROM delivery_occurrences WHERE subscription_id = $1', [id]);
  await db.query('DELETE FROM subscriptions WHERE id = $1', [id]);
  return true;
}

/**
 * The latest occurrences of a subscription, newest first (default 50): sent, skipped and failed
 * with their reasons, test sends marked. An alert's evaluations that had nothing to tell are left out.
 */
export async function deliveryHistory(
  db: Queryable,
  subscriptionId: number,
  limit = 50,
): Promise<DeliveryRecord[]> {
  const rows = await db.query<{
    occurrence_key: string;
    status: string;
    reason: string | null;
    scheduled_at: string;
    claimed_at: string | null;
    sent_at: string | null;
    message_id: string | null;
  }>(
    `SELECT occurrence_key, status, reason, scheduled_at, claimed_at, sent_at, message_id
     FROM delivery_occurrences
     WHERE subscription_id = $1 AND NOT (status = 'skipped' AND reason IS NOT NULL AND reason = $2)
     ORDER BY COALESCE(sent_at, claimed_at, scheduled_at) DESC, id DESC
     LIMIT ${Math.max(1, Math.min(1000, Math.floor(limit)))}`,
    [subscriptionId, NOTHING_CHANGED],
  );
  return rows.map((r) => ({
    occurrenceKey: r.occurrence_key,
    status: r.status as DeliveryRecord['status'],
    reason: r.reason,
    at: isoText(r.sent_at ?? r.claimed_at ?? r.scheduled_at),
    messageId: r.message_id,
    test: r.occurrence_key.startsWith(TEST_KEY_PREFIX),
  }));
}

/** When a subscription's occurrences are due from, and how its last delivery went (null: none yet). */
export interface DeliveryProgress {
  startsAt: Date;
  lastDelivery: LastDelivery | null;
}

/**
 * Each subscription's start and last delivery (of one user, or of everyone), by subscription id,
 * in one query. The last delivery is its newest occurrence sent, skipped or failed; test sends and
 * the alert evaluations that had nothing to tell are left out.
 */
export async function deliveryProgress(
  db: Queryable,
  filter: { userId?: number },
): Promise<Map<number, DeliveryProgress>> {
  const rows = await db.query<{
    id: number;
    starts_at: string;
    status: string | null;
    reason: string | null;
    at: string | null;
  }>(
    `SELECT s.id, s.starts_at, last.status, last.reason, last.at
     FROM subscriptions s LEFT JOIN (
       SELECT subscription_id, status, reason, COALESCE(sent_at, claimed_at, scheduled_at) AS at,
         ROW_NUMBER() OVER (
           PARTITION BY subscription_id
           ORDER BY COALESCE(sent_at, claimed_at, scheduled_at) DESC, id DESC
         ) AS n
       FROM delivery_occurrences
       WHERE status IN ('sent', 'skipped', 'failed')
         AND occurrence_key NOT LIKE '${TEST_KEY_PREFIX}%'
         AND NOT (status = 'skipped' AND reason IS NOT NULL AND reason = $1)
     ) last ON last.subscription_id = s.id AND last.n = 1
     ${filter.userId === undefined ? '' : 'WHERE s.user_id = $2::INTEGER'}`,
    filter.userId === undefined ? [NOTHING_CHANGED] : [NOTHING_CHANGED, filter.userId],
  );
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        startsAt: new Date(isoText(r.starts_at)),
        lastDelivery:
          r.status && r.at
            ? {
                status: r.status as LastDelivery['status'],
                at: isoText(r.at),
                ...(r.reason ? { reason: r.reason } : {}),
              }
            : null,
      },
    ]),
  );
}
