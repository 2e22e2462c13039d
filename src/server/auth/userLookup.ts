import type { Claim } from '../../shared/api/types';
import type { Queryable } from '../store';

/** A user as sign-in and /claims need it. */
export interface UserRecord {
  id: number;
  username: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  email: string;
  hasPermission: boolean;
  allAccountAccess: boolean;
  isActive: boolean;
}

/**
 * The key a username is counted and found under: Unicode NFKC, then lower case, so every spelling
 * that finds a user ('Admin', a full-width 'ａｄｍｉｎ') counts against the same budget.
 */
export function usernameKey(username: string): string {
  return username.trim().normalize('NFKC').toLowerCase().normalize('NFKC');
}

type UserRow = {
  id: number;
  username: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  email: string;
  has_permission: boolean;
  all_account_access: boolean;
  is_active: boolean;
};

const COLUMNS =
  'id, username, password_hash, first_name, last_name, email, has_permission, all_account_access, is_active';

function toRecord(r: UserRow): UserRecord {
  return {
    id: r.id,
    username: r.username,
    passwordHash: r.password_hash,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    hasPermission: r.has_permission,
    allAccountAccess: r.all_account_access,
    isActive: r.is_active,
  };
}

/**
 * The user signing in as `username`. Usernames match by usernameKey (Unicode NFKC, lower case), the
 * key the sign-in limits count under, so a name that finds a user is always counted as that user:
 * SQL's lower() narrows the candidates, and the key decides (SQL and JavaScript lower some
 * non-ASCII letters differently, e.g. the dotted capital I).
 */
export async function findUserByUsername(db: Queryable, username: string): Promise<UserRecord | undefined> {
  const key = usernameKey(username);
  const rows = await db.query<UserRow>(
    `SELECT ${COLUMNS} FROM users WHERE lower(username) = $1 ORDER BY id`,
    [key],
  );
  const row = rows.find((r) => usernameKey(r.username) === key);
  return row ? toRecord(row) : undefined;
}

/** The user with this id. */
export async function findUserById(db: Queryable, id: number): Promise<UserRecord | undefined> {
  const rows = await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]);
  return rows[0] ? toRecord(rows[0]) : undefined;
}

/** Accounts granted to the user one by one (empty for all-account users, who need none). */
export async function userAccountIds(db: Queryable, userId: number): Promise<number[]> {
  const rows = await db.query<{ account_id: number }>(
    'SELECT account_id FROM user_accounts WHERE user_id = $1 ORDER BY account_id',
    [userId],
  );
  return rows.map((r) => r.account_id);
}

/** The user's extra claims (user_claims rows), e.g. HawkEyeDashboardILS = Read. */
export async function userExtraClaims(db: Queryable, userId: number): Promise<Claim[]> {
  const rows = await db.query<{ claim_type: string; claim_value: string }>(
    'SELECT claim_type, claim_value FROM user_claims WHERE user_id = $1 ORDER BY claim_type, claim_value',
    [userId],
  );
  return rows.map((r) => ({ type: r.claim_type, value: r.claim_value }));
}

/** Whether the user holds the extra claim `type` = `value`. */
export async function userHasClaim(db: Queryable, userId: number, claim: Claim): Promise<boolean> {
  const rows = await db.query(
    'SELECT 1 AS held FROM user_claims WHERE user_id = $1 AND claim_type = $2 AND claim_value = $3 LIMIT 1',
    [userId, claim.type, claim.value],
  );
  return rows.length > 0;
}
