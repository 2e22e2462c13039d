import argon2 from 'argon2';
import { DEFAULT_PASSWORD_HASHING, type PasswordHashing } from '../config';
import type { Queryable } from '../store';

/** What creating a user takes (the demo seed and `npm run users -- add`). */
export interface NewUser {
  username: string;
  password: string;
  firstName: string;
  lastName: string;
  email: string;
  allAccountAccess: boolean;
  hasPermission: boolean;
  accountIds: number[];
  claims: { type: string; value: string }[];
}

let hashing: PasswordHashing = DEFAULT_PASSWORD_HASHING;
let decoyHash: Promise<string> | undefined;

/**
 * The cost of the hashes made from now on (config.passwordHashing, set where a process opens its
 * store). A stored hash keeps the cost it was made with: changing it never locks anyone out.
 */
export function configurePasswordHashing(cost: PasswordHashing): void {
  if (cost === hashing) return;
  hashing = cost;
  decoyHash = undefined;
}

/** Hashes a password with argon2id at the configured cost (64 MiB, 3 passes, 4 lanes by default). */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, {
    type: argon2.argon2id,
    memoryCost: hashing.memoryKib,
    timeCost: hashing.passes,
    parallelism: hashing.parallelism,
  });
}

/**
 * Checks a password against a stored hash. With no hash (unknown user) it still verifies against a
 * decoy so that the answer takes as long, and response times do not reveal which usernames exist.
 */
export async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  if (!hash) {
    decoyHash ??= hashPassword('decoy password that matches nothing');
    await argon2.verify(await decoyHash, password).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    // A malformed stored hash is a refusal, not a server error.
    return false;
  }
}

/** Replaces a user's password hash. */
export async function setPassword(db: Queryable, userId: number, password: string): Promise<void> {
  await db.query('UPDATE users SET password_hash = $1 WHERE id = $2', [await hashPassword(password), userId]);
}

/** Creates a user with its accounts and claims; returns the new id. */
export async function createUser(db: Queryable, u: NewUser): Promise<number> {
  const hash = await hashPassword(u.password);
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO users (username, password_hash, first_name, last_name, email, has_permission, all_account_access, is_active, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, TRUE, $8::TIMESTAMP) RETURNING id`,
    [
      u.username,
      hash,
      u.firstName,
      u.lastName,
      u.email,
      u.hasPermission,
      u.allAccountAccess,
      new Date().toISOString().replace('Z', ''),
    ],
  );
  for (const a of u.accountIds) await grantAccount(db, row.id, a);
  for (const c of u.claims) await grantClaim(db, row.id, c);
  return row.id;
}

/** Lets a user read one more account (no-op when already granted). */
export async function grantAccount(db: Queryable, userId: number, accountId: number): Promise<void> {
  await db.query(
    'INSERT INTO user_accounts (user_id, account_id) VALUES ($1, $2) ON CONFLICT (user_id, account_id) DO NOTHING',
    [userId, accountId],
  );
}

/** Adds a claim to a user (no-op when already there). */
export async function grantClaim(
  db: Queryable,
  userId: number,
  claim: { type: string; value: string },
): Promise<void> {
  await db.query(
    `INSERT INTO user_claims (user_id, claim_type, claim_value) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, claim_type, claim_value) DO NOTHING`,
    [userId, claim.type, claim.value],
  );
}
