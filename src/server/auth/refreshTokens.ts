import { randomUUID } from 'node:crypto';
import type { Queryable } from '../store';
import { newSecret, secretDigest, sqlTime } from './secrets';

/** Who a refresh token signs in, and the family (session) it belongs to. */
export interface RefreshOwner {
  userId: number;
  impersonator?: string;
  familyId: string;
}

/** Why a refresh token was refused; `reused` means the family has just been revoked. */
export type RefreshRefusal = 'unknown' | 'revoked' | 'expired' | 'reused';

/** The outcome of spending a refresh token. */
export type SpendResult = { ok: true; owner: RefreshOwner } | { ok: false; reason: RefreshRefusal };

type TokenRow = {
  id: number;
  family_id: string;
  user_id: number;
  impersonator: string | null;
  expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
};

/**
 * Issues a refresh token and stores only its digest. Without a family id it starts a new family
 * (a new session); rotation passes the family of the spent token.
 */
export async function issueRefreshToken(
  db: Queryable,
  ttlSeconds: number,
  owner: { userId: number; impersonator?: string; familyId?: string },
  now = new Date(),
): Promise<{ token: string; familyId: string }> {
  const token = newSecret(32);
  const familyId = owner.familyId ?? randomUUID();
  await db.query(
    `INSERT INTO refresh_tokens (token_hash, family_id, user_id, impersonator, issued_at, expires_at)
     VALUES ($1, $2, $3, $4, $5::TIMESTAMP, $6::TIMESTAMP)`,
    [
      secretDigest(token),
      familyId,
      owner.userId,
      owner.impersonator ?? null,
      sqlTime(now),
      sqlTime(new Date(now.getTime() + ttlSeconds * 1000)),
    ],
  );
  return { token, familyId };
}

/** Revokes every token of a family: the session ends everywhere it was rotated to. */
export async function revokeFamily(db: Queryable, familyId: string, now = new Date()): Promise<void> {
  await db.query(
    'UPDATE refresh_tokens SET revoked_at = $2::TIMESTAMP WHERE family_id = $1 AND revoked_at IS NULL',
    [familyId, sqlTime(now)],
  );
}

/** Revokes every session of a user (after a password reset). */
export async function revokeUserSessions(db: Queryable, userId: number, now = new Date()): Promise<void> {
  await db.query(
    'UPDATE refresh_tokens SET revoked_at = $2::TIMESTAMP WHERE user_id = $1 AND revoked_at IS NULL',
    [userId, sqlTime(now)],
  );
}

async function findToken(db: Queryable, token: string): Promise<TokenRow | undefined> {
  const rows = await db.query<TokenRow>(
    `SELECT id, family_id, user_id, impersonator, expires_at, used_at, revoked_at
     FROM refresh_tokens WHERE token_hash = $1`,
    [secretDigest(token)],
  );
  return rows[0];
}

/**
 * Spends the token issued when `spent` was spent (the family's next by id: one session's rotations
 * run one after another, sessionLock) if it was never used and `spent` was spent within the grace
 * period. `spent` is then being sent again because the answer carrying its successor was lost: an
 * instance committed the rotation and died before answering, and the load balancer or the client
 * sent the request again. Nobody holds that successor, so it is spent in the retry's place and the
 * retry gets a new one. A second retry finds the successor spent; a copy of the token in other hands
 * is caught when its owner's next refresh shows the successor this marked used.
 */
async function spendLostSuccessor(
  db: Queryable,
  spent: TokenRow,
  graceSeconds: number,
  now: Date,
): Promise<boolean> {
  if (graceSeconds <= 0) return false;
  const rows = await db.query<{ id: number }>(
    `UPDATE refresh_tokens SET used_at = $3::TIMESTAMP
     WHERE id = (SELECT id FROM refresh_tokens WHERE family_id = $1 AND id > $2 ORDER BY id LIMIT 1)
       AND used_at IS NULL AND revoked_at IS NULL
       AND (SELECT used_at FROM refresh_tokens WHERE id = $2) >= $4::TIMESTAMP
     RETURNING id`,
    [spent.family_id, spent.id, sqlTime(now), sqlTime(new Date(now.getTime() - graceSeconds * 1000))],
  );
  return rows.length > 0;
}

function ownerOf(row: TokenRow): RefreshOwner {
  return {
    userId: row.user_id,
    familyId: row.family_id,
    ...(row.impersonator ? { impersonator: row.impersonator } : {}),
  };
}

/**
 * Spends a refresh token: valid once. A token that was already spent is the sign of a copy in
 * other hands, so its whole family is revoked and both holders must sign in again; except a token
 * sent again within `graceSeconds` of its spending while its successor is unused, the retry of an
 * answer that was lost (spendLostSuccessor).
 */
export async function spendRefreshToken(
  db: Queryable,
  token: string,
  { now = new Date(), graceSeconds = 0 }: { now?: Date; graceSeconds?: number } = {},
): Promise<SpendResult & { retry?: boolean }> {
  const row = await findToken(db, token);
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.revoked_at) return { ok: false, reason: 'revoked' };
  if (row.used_at) {
    if (await spendLostSuccessor(db, row, graceSeconds, now))
      return { ok: true, owner: ownerOf(row), retry: true };
    await revokeFamily(db, row.family_id, now);
    return { ok: false, reason: 'reused' };
  }
  if (Date.parse(row.expires_at) <= now.getTime()) return { ok: false, reason: 'expired' };
  // The guard on used_at makes two simultaneous spends of one token yield a single winner.
  const spent = await db.query<{ id: number }>(
    'UPDATE refresh_tokens SET used_at = $2::TIMESTAMP WHERE id = $1 AND used_at IS NULL AND revoked_at IS NULL RETURNING id',
    [row.id, sqlTime(now)],
  );
  if (spent.length === 0) {
    await revokeFamily(db, row.family_id, now);
    return { ok: false, reason: 'reused' };
  }
  return { ok: true, owner: ownerOf(row) };
}

/** The session (family) a refresh token belongs to, whatever its state; undefined for unknown tokens. */
export async function sessionOfRefreshToken(db: Queryable, token: string): Promise<string | undefined> {
  return (await findToken(db, token))?.family_id;
}

/**
 * The lock name that serializes one session's refresh and logout (Store.transaction's `lock`):
 * a logout waits for a refresh in flight and then revokes the token it issued too, and a refresh
 * that waited for a logout finds its token revoked.
 */
export function sessionLock(familyId: string): string {
  return `session:${familyId}`;
}
