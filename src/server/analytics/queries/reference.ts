import type { Queryable } from '../../store';
import { SqlParams } from './sqlParams';

/** Sites by id, sorted case-insensitively by name. */
export async function sitesOf(db: Queryable, siteIds: readonly number[]) {
  const p = new SqlParams();
  return db.query(
    `SELECT id AS "id", name AS "name", account_id AS "accountId", is_active AS "siteIsActive"
     FROM sites WHERE id IN ${p.ints(siteIds)} ORDER BY lower(name), id`,
    p.values,
  );
}

/** Accounts owning the given sites, or every account in scope. */
export async function accountsOf(db: Queryable, allAccounts: boolean, accountIds: readonly number[]) {
  const p = new SqlParams();
  const where = allAccounts ? '' : `WHERE id IN ${p.ints(accountIds)}`;
  return db.query(
    `SELECT id AS "accountId", name AS "accountName", is_active AS "isActive" FROM accounts ${where}
     ORDER BY lower(name), id`,
    p.values,
  );
}

/** The relationship options in the spec's sort order, without Lost (pages that need it append it). */
export async function relationshipOptions(db: Queryable) {
  return db.query(
    `SELECT id AS "id", name AS "name" FROM relationships WHERE name <> 'Lost' ORDER BY sort_order, id`,
  );
}
