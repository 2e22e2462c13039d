import argon2 from 'argon2';
import type { Queryable } from '../store';

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

/** Hashes a password with argon2id (the library's defaults: 64 MiB, 3 passes). */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
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
  for (const a of u.accountIds) {
    await db.query('INSERT INTO user_accounts (user_id, account_id) VALUES ($1, $2)', [row.id, a]);
  }
  for (const c of u.claims) {
    await db.query('INSERT INTO user_claims (user_id, claim_type, claim_value) VALUES ($1, $2, $3)', [
      row.id,
      c.type,
      c.value,
    ]);
  }
  return row.id;
}
