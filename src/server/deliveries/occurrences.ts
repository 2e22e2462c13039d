import { createHash, randomUUID } from 'node:crypto';
import type { Queryable, Store } from '../store';
import { isoText, utcText } from './subscriptionStore';

/**
 * Exactly once: every occurrence of a subscription is one row of delivery_occurrences, unique per
 * (subscription, occurrence key). Whoever inserts the row holds its claim; on PostgreSQL the row is
 * then read FOR UPDATE SKIP LOCKED, so of several instances one goes on and the others pass by; on
 * DuckDB the store runs its transactions one at a time in this process, the file's only writer. A
 * claim whose sender died (a crash between claim and send) is taken over once it is older than the
 * stale time; a failed send is tried again, a little later each time, up to MAX_ATTEMPTS. The
 * message id is derived from (subscription, occurrence), so a retry is the same message: the outbox
 * file is named by it and mail clients keep one copy.
 */

/** Tries of one occurrence before it stays failed. */
export const MAX_ATTEMPTS = 3;
/** A claim older than this, still not done, belongs to a sender that died: another run takes it over. */
export const STALE_CLAIM_MS = 10 * 60_000;
/** A failed send is tried again after this times the attempts so far. */
export const RETRY_DELAY_MS = 5 * 60_000;

export interface OccurrenceClaim {
  id: number;
  subscriptionId: number;
  key: string;
  scheduledAt: Date;
  token: string;
  attempts: number;
  messageId: string;
  /** An alert evaluation's decided notices (JSON), when an earlier attempt got that far. */
  payload: string | null;
}

/** The Message-ID of an occurrence: the same for every attempt at it. */
export function occurrenceMessageId(subscriptionId: number, key: string, domain: string): string {
  const hash = createHash('sha256').update(`${subscriptionId}\n${key}`).digest('hex').slice(0, 24);
  return `<hawkeye.${subscriptionId}.${hash}@${domain}>`;
}

type OccurrenceRow = {
  id: number;
  status: string;
  claimed_at: string | null;
  claim_token: string | null;
  attempts: number;
  payload: string | null;
};

export interface ClaimOptions {
  subscriptionId: number;
  key: string;
  scheduledAt: Date;
  messageId: string;
  instanceId: string;
  /** The clock of claims (the real time; `at` of a run may be another). */
  now: Date;
  staleClaimMs?: number;
}

/** Claims an occurrence for this run: the claim, or undefined when it is done or someone else holds it. */
export async function claimOccurrence(store: Store, o: ClaimOptions): Promise<OccurrenceClaim | undefined> {
  return (await claimOccurrences(store, [o]))[0];
}

/**
 * Claims several occurrences in one transaction (one commit, not one each), in the order of
 * (subscription, key): instances claiming overlapping sets at once on PostgreSQL then wait for
 * each other instead of deadlocking. On DuckDB, the file's only writer, the batch is claimed in a
 * few statements whatever its size (a look, one insert of the new, a look back). Each answer as
 * claimOccurrence's.
 */
export function claimOccurrences(
  store: Store,
  list: readonly ClaimOptions[],
): Promise<(OccurrenceClaim | undefined)[]> {
  const order = [...list.keys()].sort((a, b) => byOccurrence(list[a], list[b]));
  return store.transaction(async (tx) => {
    const out: (OccurrenceClaim | undefined)[] = new Array(list.length);
    if (store.kind === 'duckdb') {
      const tokens = list.map(() => randomUUID());
      const seen = await occurrenceRows(tx, list);
      const fresh = order.filter((i) => !seen.has(pairKey(list[i])));
      if (fresh.length) {
        await tx.query(
          `INSERT INTO delivery_occurrences (subscription_id, occurrence_key, scheduled_at, status,
             claimed_at, claimed_by, claim_token, attempts, message_id)
           SELECT unnest($1::INTEGER[]), unnest($2::VARCHAR[]), CAST(unnest($3::VARCHAR[]) AS TIMESTAMP),
             'claimed', CAST(unnest($4::VARCHAR[]) AS TIMESTAMP), unnest($5::VARCHAR[]),
             unnest($6::VARCHAR[]), 1, unnest($7::VARCHAR[])`,
          [
            fresh.map((i) => list[i].subscriptionId),
            fresh.map((i) => list[i].key),
            fresh.map((i) => utcText(list[i].scheduledAt)),
            fresh.map((i) => utcText(list[i].now)),
            fresh.map((i) => list[i].instanceId),
            fresh.map((i) => tokens[i]),
            fresh.map((i) => list[i].messageId),
          ],
        );
        for (const [k, row] of await occurrenceRows(
          tx,
          fresh.map((i) => list[i]),
        ))
          seen.set(k, row);
      }
      for (const i of order) {
        const row = seen.get(pairKey(list[i]));
        out[i] = row && (await claimRow(tx, list[i], row, tokens[i]));
      }
      return out;
    }
    for (const i of order) out[i] = await claimOnPostgres(tx, list[i]);
    return out;
  });
}

type OccurrenceKey = Pick<ClaimOptions, 'subscriptionId' | 'key'>;

const pairKey = (o: OccurrenceKey) => `${o.subscriptionId} ${o.key}`;

/**
 * The one order in which every transaction takes the rows of occurrences (claims, finishes), by
 * (subscription, key): on PostgreSQL an instance's claims and another's finishes then wait for each
 * other instead of deadlocking.
 */
const byOccurrence = (a: OccurrenceKey, b: OccurrenceKey) =>
  a.subscriptionId - b.subscriptionId || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/** The rows of some occurrences, by pairKey. */
async function occurrenceRows(
  tx: Queryable,
  list: readonly ClaimOptions[],
): Promise<Map<string, OccurrenceRow>> {
  const rows = await tx.query<OccurrenceRow & { subscription_id: number; occurrence_key: string }>(
    `SELECT o.id, o.subscription_id, o.occurrence_key, o.status, o.claimed_at, o.claim_token, o.attempts,
            o.payload
       FROM delivery_occurrences o
       JOIN (SELECT unnest($1::INTEGER[]) AS subscription_id, unnest($2::VARCHAR[]) AS occurrence_key) p
         ON o.subscription_id = p.subscription_id AND o.occurrence_key = p.occurrence_key`,
    [list.map((o) => o.subscriptionId), list.map((o) => o.key)],
  );
  return new Map(
    rows.map((r) => [pairKey({ subscriptionId: Number(r.subscription_id), key: r.occurrence_key }), r]),
  );
}

/**
 * Claims one occurrence on PostgreSQL: of instances inserting at once, one inserts; the others wait
 * for its commit and insert nothing, and its row, locked, is passed by (SKIP LOCKED).
 */
async function claimOnPostgres(tx: Queryable, o: ClaimOptions): Promise<OccurrenceClaim | undefined> {
  const token = randomUUID();
  await tx.query(
    `INSERT INTO delivery_occurrences (subscription_id, occurrence_key, scheduled_at, status,
       claimed_at, claimed_by, claim_token, attempts, message_id)
     VALUES ($1, $2, $3::TIMESTAMP, 'claimed', $4::TIMESTAMP, $5, $6, 1, $7)
     ON CONFLICT (subscription_id, occurrence_key) DO NOTHING`,
    [o.subscriptionId, o.key, utcText(o.scheduledAt), utcText(o.now), o.instanceId, token, o.messageId],
  );
  const [row] = await tx.query<OccurrenceRow>(
    `SELECT id, status, claimed_at, claim_token, attempts, payload FROM delivery_occurrences
      WHERE subscription_id = $1 AND occurrence_key = $2 FOR UPDATE SKIP LOCKED`,
    [o.subscriptionId, o.key],
  );
  // Locked: another instance is claiming it this moment.
  return row && claimRow(tx, o, row, token);
}

/**
 * The claim of an occurrence whose row is `row`: this run's when it inserted the row (its token),
 * or when the row may be tried again (a stale claim, a failed send waited out), taken over here;
 * else undefined.
 */
async function claimRow(
  tx: Queryable,
  o: ClaimOptions,
  row: OccurrenceRow,
  token: string,
): Promise<OccurrenceClaim | undefined> {
  const claim = (attempts: number): OccurrenceClaim => ({
    id: Number(row.id),
    subscriptionId: o.subscriptionId,
    key: o.key,
    scheduledAt: o.scheduledAt,
    token,
    attempts,
    messageId: o.messageId,
    payload: row.payload,
  });
  if (row.claim_token === token) return claim(1);
  if (!retryable(row, o.now, o.staleClaimMs ?? STALE_CLAIM_MS)) return undefined;
  await tx.query(
    `UPDATE delivery_occurrences SET status = 'claimed', claimed_at = $1::TIMESTAMP, claimed_by = $2,
         claim_token = $3, attempts = attempts + 1
       WHERE id = $4 AND claim_token = $5`,
    [utcText(o.now), o.instanceId, token, row.id, row.claim_token],
  );
  return claim(Number(row.attempts) + 1);
}

function retryable(row: OccurrenceRow, now: Date, staleMs: number): boolean {
  if (Number(row.attempts) >= MAX_ATTEMPTS) return false;
  const since =
    row.claimed_at === null ? Number.POSITIVE_INFINITY : now.getTime() - Date.parse(isoText(row.claimed_at));
  if (row.status === 'claimed') return since >= staleMs;
  if (row.status === 'failed') return since >= RETRY_DELAY_MS * Number(row.attempts);
  return false;
}

/** How an occurrence ended. */
export interface Outcome {
  status: 'sent' | 'skipped' | 'failed';
  reason?: string;
  /** Where it went: the address, or the webhook's host. */
  recipient?: string;
}

/** Records how a claimed occurrence ended (nothing, when another run has taken the claim over meanwhile). */
export async function finishOccurrence(
  db: Queryable,
  claim: OccurrenceClaim,
  out: Outcome,
  now: Date,
): Promise<void> {
  await db.query(
    `UPDATE delivery_occurrences SET status = $1, reason = $2, recipient = $3, sent_at = $4::TIMESTAMP
     WHERE id = $5 AND claim_token = $6`,
    [
      out.status,
      out.reason ?? null,
      out.recipient ?? null,
      out.status === 'sent' ? utcText(now) : null,
      claim.id,
      claim.token,
    ],
  );
}

/** Records how several claimed occurrences ended, in one transaction (one statement on DuckDB), in claim order. */
export function finishOccurrences(
  store: Store,
  list: readonly { claim: OccurrenceClaim; outcome: Outcome }[],
  now: Date,
): Promise<void> {
  return store.transaction(async (tx) => {
    if (store.kind !== 'duckdb' || list.length < 2) {
      for (const f of [...list].sort((a, b) => byOccurrence(a.claim, b.claim)))
        await finishOccurrence(tx, f.claim, f.outcome, now);
      return;
    }
    // Lists hold no null: '' stands for none (a reason, an address and a time are never empty).
    await tx.query(
      `UPDATE delivery_occurrences SET status = f.status, reason = NULLIF(f.reason, ''),
         recipient = NULLIF(f.recipient, ''), sent_at = CAST(NULLIF(f.sent_at, '') AS TIMESTAMP)
       FROM (SELECT unnest($1::INTEGER[]) AS id, unnest($2::VARCHAR[]) AS token, unnest($3::VARCHAR[]) AS status,
                    unnest($4::VARCHAR[]) AS reason, unnest($5::VARCHAR[]) AS recipient,
                    unnest($6::VARCHAR[]) AS sent_at) f
       WHERE delivery_occurrences.id = f.id AND delivery_occurrences.claim_token = f.token`,
      [
        list.map((f) => f.claim.id),
        list.map((f) => f.claim.token),
        list.map((f) => f.outcome.status),
        list.map((f) => f.outcome.reason ?? ''),
        list.map((f) => f.outcome.recipient ?? ''),
        list.map((f) => (f.outcome.status === 'sent' ? utcText(now) : '')),
      ],
    );
  });
}

/**
 * Keeps an alert evaluation's notices with its claim, so a retry sends what was decided. Throws
 * when the claim is no longer this run's (taken over as stale meanwhile): the caller's transaction,
 * which moved the alert's states, is then rolled back.
 */
export async function storePayload(db: Queryable, claim: OccurrenceClaim, payload: string): Promise<void> {
  const [mine] = await db.query(
    'SELECT 1 AS mine FROM delivery_occurrences WHERE id = $1 AND claim_token = $2',
    [claim.id, claim.token],
  );
  if (!mine) throw new Error('Another run took this evaluation over');
  await db.query('UPDATE delivery_occurrences SET payload = $1 WHERE id = $2 AND claim_token = $3', [
    payload,
    claim.id,
    claim.token,
  ]);
}

/** The occurrences already done (sent or skipped) among `keys`, as 'subscription key' strings. */
export async function doneOccurrences(db: Queryable, keys: readonly string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const rows = await db.query<{ subscription_id: number; occurrence_key: string }>(
    `SELECT subscription_id, occurrence_key FROM delivery_occurrences
     WHERE status IN ('sent', 'skipped') AND occurrence_key IN (SELECT unnest($1::VARCHAR[]))`,
    [[...new Set(keys)]],
  );
  return new Set(rows.map((r) => `${r.subscription_id} ${r.occurrence_key}`));
}

/** Occurrences left unfinished with decided notices (alerts whose send failed or whose sender died). */
export async function unfinishedWithPayload(
  db: Queryable,
): Promise<{ subscriptionId: number; key: string; scheduledAt: Date }[]> {
  const rows = await db.query<{ subscription_id: number; occurrence_key: string; scheduled_at: string }>(
    `SELECT subscription_id, occurrence_key, scheduled_at FROM delivery_occurrences
     WHERE status IN ('claimed', 'failed') AND payload IS NOT NULL AND attempts < ${MAX_ATTEMPTS}
     ORDER BY id`,
  );
  return rows.map((r) => ({
    subscriptionId: Number(r.subscription_id),
    key: r.occurrence_key,
    scheduledAt: new Date(isoText(r.scheduled_at)),
  }));
}

/** How long an alert evaluation that told nothing is kept (it is never due again). */
export const KEEP_SILENT_EVALUATIONS_MS = 7 * 24 * 3_600_000;

/**
 * Removes the alert evaluations that told nothing, scheduled before `before`: an hourly evaluation
 * leaves a row each hour, which only the claim needed.
 */
export async function pruneSilentEvaluations(db: Queryable, before: Date, reason: string): Promise<void> {
  await db.query(
    "DELETE FROM delivery_occurrences WHERE status = 'skipped' AND reason = $1 AND scheduled_at < $2::TIMESTAMP",
    [reason, utcText(before)],
  );
}
