import type { Queryable } from '../store';
import { newSecret, secretDigest, sqlTime } from './secrets';

/**
 * Creates a single-use password reset token for the user and withdraws the user's earlier unused
 * ones, so only the newest emailed link works.
 */
export async function createResetToken(
  db: Queryable,
  userId: number,
  ttlSeconds: number,
  now = new Date(),
): Promise<string> {
  const token = newSecret(32);
  await db.query(
    'UPDATE password_reset_tokens SET used_at = $2::TIMESTAMP WHERE user_id = $1 AND used_at IS NULL',
    [userId, sqlTime(now)],
  );
  await db.query(
    `INSERT INTO password_reset_tokens (token_hash, user_id, created_at, expires_at)
     VALUES ($1, $2, $3::TIMESTAMP, $4::TIMESTAMP)`,
    [secretDigest(token), userId, sqlTime(now), sqlTime(new Date(now.getTime() + ttlSeconds * 1000))],
  );
  return token;
}

/** Spends a reset token; answers its user's id, or undefined when it is unknown, used or expired. */
export async function spendResetToken(
  db: Queryable,
  token: string,
  now = new Date(),
): Promise<number | undefined> {
  const rows = await db.query<{ user_id: number }>(
    `UPDATE password_reset_tokens SET used_at = $2::TIMESTAMP
     WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2::TIMESTAMP
     RETURNING user_id`,
    [secretDigest(token), sqlTime(now)],
  );
  return rows[0]?.user_id;
}
