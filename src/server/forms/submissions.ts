import type { Queryable, Store } from '../store';
import type { FormKind } from './formBodies';

/** A submission as stored: who sent which form, what it said and whether its copy was mailed. */
export interface StoredSubmission {
  id: number;
  kind: FormKind;
  userId: number;
  username: string;
  impersonator: string | null;
  payload: unknown;
  /** ISO time, UTC. */
  receivedAt: string;
  mailedAt: string | null;
  mailError: string | null;
}

/** What storing a submission takes. */
export interface NewSubmission {
  kind: FormKind;
  userId: number;
  username: string;
  impersonator?: string;
  payload: unknown;
  receivedAt?: Date;
}

type SubmissionRow = {
  id: number;
  kind: string;
  user_id: number;
  username: string;
  impersonator: string | null;
  payload: string;
  received_at: string;
  mailed_at: string | null;
  mail_error: string | null;
};

/** A Date as the UTC clock fields a TIMESTAMP column holds. */
const utc = (d: Date): string => d.toISOString().replace('Z', '');

/** A TIMESTAMP cast to text, as an ISO UTC time. */
function iso(v: string | null): string | null {
  if (v === null) return null;
  // Both drivers cast a TIMESTAMP to 'YYYY-MM-DD HH:MM:SS[.ffffff]', UTC clock fields.
  return new Date(`${String(v).replace(' ', 'T')}Z`).toISOString();
}

/**
 * Stores a submission in its own transaction and returns its id once the transaction has committed,
 * so that a caller answering 200 afterwards never acknowledges what a crash could lose.
 */
export async function storeSubmission(store: Store, s: NewSubmission): Promise<number> {
  return store.transaction(async (tx) => {
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO form_submissions (kind, user_id, username, impersonator, payload, received_at)
       VALUES ($1, $2, $3, $4, $5, $6::TIMESTAMP) RETURNING id`,
      [
        s.kind,
        s.userId,
        s.username,
        s.impersonator ?? null,
        JSON.stringify(s.payload),
        utc(s.receivedAt ?? new Date()),
      ],
    );
    return Number(row.id);
  });
}

/** Notes that the emailed copy left (through SMTP or into the outbox). */
export async function markMailed(db: Queryable, id: number, at = new Date()): Promise<void> {
  await db.query('UPDATE form_submissions SET mailed_at = $1::TIMESTAMP, mail_error = NULL WHERE id = $2', [
    utc(at),
    id,
  ]);
}

/** Notes why the emailed copy failed, so it can be found and resent. */
export async function markMailFailed(db: Queryable, id: number, reason: string): Promise<void> {
  await db.query('UPDATE form_submissions SET mail_error = $1 WHERE id = $2', [reason.slice(0, 1000), id]);
}

/** Which submissions to list. */
export interface SubmissionFilter {
  kind?: FormKind;
  /** Only those whose copy has not been mailed. */
  unmailed?: boolean;
  /** At most this many, newest first (default all, oldest first). */
  limit?: number;
}

/** Stored submissions, oldest first (or the newest `limit`, still printed oldest first). */
export async function listSubmissions(db: Queryable, f: SubmissionFilter = {}): Promise<StoredSubmission[]> {
  const where: string[] = [];
  const params: (string | number)[] = [];
  if (f.kind) {
    params.push(f.kind);
    where.push(`kind = $${params.length}`);
  }
  if (f.unmailed) where.push('mailed_at IS NULL');
  const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
  let sql = `SELECT id, kind, user_id, username, impersonator, payload, CAST(received_at AS VARCHAR) AS received_at,
       CAST(mailed_at AS VARCHAR) AS mailed_at, mail_error FROM form_submissions ${clause} ORDER BY id`;
  if (f.limit !== undefined) {
    params.push(f.limit);
    sql = `SELECT * FROM (${sql} DESC LIMIT $${params.length}) AS newest ORDER BY id`;
  }
  const rows = await db.query<SubmissionRow>(sql, params);
  return rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind as FormKind,
    userId: Number(r.user_id),
    username: r.username,
    impersonator: r.impersonator,
    payload: JSON.parse(r.payload),
    receivedAt: iso(r.received_at)!,
    mailedAt: iso(r.mailed_at),
    mailError: r.mail_error,
  }));
}
