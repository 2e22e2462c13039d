import type { Queryable } from '../store';
import { newSecret, secretDigest, sqlTime } from './secrets';

/** Creates a single-use code that lets an all-account user sign in as `targetUserId`; only its digest is kept. */
export async function createImpersonationCode(
  db: Queryable,
  targetUserId: number,
  ttlSeconds: number,
  now = new Date(),
): Promise<{ code: string; expiresAt: Date }> {
  // 18 random bytes: 24 characters, short enough to paste, far too many to guess.
  const code = newSecret(18);
  const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
  await db.query(
    `INSERT INTO impersonation_codes (code_hash, target_user_id, created_at, expires_at)
     VALUES ($1, $2, $3::TIMESTAMP, $4::TIMESTAMP)`,
    [secretDigest(code), targetUserId, sqlTime(now), sqlTime(expiresAt)],
  );
  return { code, expiresAt };
}

/**
 * Spends a code for `byUserId`; answers the target user's id, or undefined when the code does not
 * exist, was used or has expired (one answer for all three, so nothing is learnt by probing).
 */
export async function spendImpersonationCode(
  db: Queryable,
  code: string,
  byUserId: number,
  now = new Date(),
): Promise<number | undefined> {
  const rows = await db.query<{ target_user_id: number }>(
    `UPDATE impersonation_codes SET used_at = $2::TIMESTAMP, used_by_user_id = $3
     WHERE code_hash = $1 AND used_at IS NULL AND expires_at > $2::TIMESTAMP
     RETURNING target_user_id`,
    [secretDigest(code), sqlTime(now), byUserId],
  );
  return rows[0]?.target_user_id;
}

/** One row of the impersonation audit trail. */
export interface ImpersonationEvent {
  impersonatorUserId: number;
  impersonatorUsername: string;
  targetUserId: number;
  targetUsername: string;
  clientAddress?: string;
}

/** Writes who impersonated whom, and when. */
export async function recordImpersonation(
  db: Queryable,
  e: ImpersonationEvent,
  now = new Date(),
): Promise<void> {
  await db.query(
    `INSERT INTO impersonation_audit
       (impersonator_user_id, impersonator_username, target_user_id, target_username, client_address, started_at)
     VALUES ($1, $2, $3, $4, $5, $6::TIMESTAMP)`,
    [
      e.impersonatorUserId,
      e.impersonatorUsername,
      e.targetUserId,
      e.targetUsername,
      e.clientAddress ?? null,
      sqlTime(now),
    ],
  );
}
