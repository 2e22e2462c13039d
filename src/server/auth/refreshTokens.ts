import { randomUUID } from 'node:crypto';
import type { Queryable } from '../store';
import { derivedSecret, newSecret, secretDigest, sqlTime } from './secrets';

/** Who a refresh token signs in, and the family (session) it belongs to. */
export interface RefreshOwner {
  userId: number;
  impersonator?: string;
  familyId: string;
}

/** Why a refresh token was refused; `reused` means the family has just been revoked. */
export type RefreshRefusal = 'unknown' | 'revoked' | 'expired' | 'reused';

/**
 * The outcome of spending a refresh token. `retry`: the token was spent moments ago and is sent
 * again; its successor, still unused, is answered again rather than a new one issued.
 */
export type SpendResult =
  | { ok: true; owner: RefreshOwner; retry?: { successor: string } }
  | { ok: false; reason: RefreshRefusal };

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
 * The token that rotation issues for `spent`: derived from it under the server's key, so a refresh
 * sent again (by a retrying client or load balancer, or by a second tab at the same moment) finds the
 * very successor the first one was given, on any instance, without the token being stored.
 */
export function successorToken(key: Uint8Array, spent: string): string {
  return derivedSecret(key, 'hawkeye refresh successor', spent);
}

/**
 * Issues a refresh token and stores only its digest: `token` when given (a rotation's successor,
 * successorToken), else a new random one. Without a family id it starts a new family (a new
 * session); rotation passes the family of the spent token.
 */
export async function issueRefreshToken(
  db: Queryable,
  ttlSeconds: number,
  owner: { userId: number; impersonator?: string; familyId?: string },
  now = new Date(),
  token = newSecret(32),
): Promise<{ token: string; familyId: string }> {
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
 * The successor of `spent` when `spent` was spent within the last `graceSeconds` and its successor
 * (successorToken) is still unused: `spent` is then being sent again because the answer carrying
 * that successor did not arrive (an instance committed the rotation and died before answering, and
 * the load balancer or the client sent the request again) or because two requests of one client
 * refreshed at once. Both get the same successor, so the session goes on as one: whoever refreshes
 * it first spends it, and anyone sending the older token after that is a reuse.
 */
async function unusedSuccessor(
  db: Queryable,
  spent: TokenRow,
  token: string,
  { key, graceSeconds, now }: { key: Uint8Array; graceSeconds: number; now: Date },
): Promise<string | undefined> {
  if (graceSeconds <= 0 || !spent.used_at) return undefined;
  if (Date.parse(spent.used_at) < now.getTime() - graceSeconds * 1000) return undefined;
  const successor = successorToken(key, token);
  const row = await findToken(db, successor);
  const live =
    row?.family_id === spent.family_id &&
    !row.used_at &&
    !row.revoked_at &&
    Date.parse(row.expires_at) > now.getTime();
  return live ? successor : undefined;
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
 * sent again within `graceSeconds` of its spending while its successor is unused, a retry, which is
 * answered that same successor (unusedSuccessor). `key` is the server's, that successors derive from.
 */
export async function spendRefreshToken(
  db: Queryable,
  token: string,
  { key, now = new Date(), graceSeconds = 0 }: { key: Uint8Array; now?: Date; graceSeconds?: number },
): Promise<SpendResult> {
  const row = await findToken(db, token);
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.revoked_at) return { ok: false, reason: 'revoked' };
  if (row.used_at) {
    const successor = await unusedSuccessor(db, row, token, { key, graceSeconds, now });
    if (successor) return { ok: true, owner: ownerOf(row), retry: { successor } };
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
