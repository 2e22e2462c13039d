import { DEFAULT_TIME_ZONE, isTimeZone } from '../../shared/timeZones';
import type { Queryable } from '../store';

/** Whom a digest or an alert is for: computed as this user, sent to their address. */
export interface Recipient {
  userId: number;
  username: string;
  email: string;
  displayName: string;
  /** The user's IANA zone: their own, else the one most of the sites they may see are in. */
  timeZone: string;
}

type UserRow = {
  id: number;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  all_account_access: boolean;
  time_zone: string | null;
};

/**
 * The zone most of the active sites a user may see are in (a site's own, else its account's); ties
 * go to the name that sorts first, and a user who sees no site gets DEFAULT_TIME_ZONE.
 */
export async function sitesTimeZone(db: Queryable, userId: number, allAccounts: boolean): Promise<string> {
  const rows = await db.query<{ zone: string | null }>(
    `SELECT COALESCE(s.time_zone, a.time_zone) AS zone, CAST(count(*) AS INTEGER) AS n
       FROM sites s JOIN accounts a ON a.id = s.account_id
      WHERE s.is_active${allAccounts ? '' : ' AND s.account_id IN (SELECT account_id FROM user_accounts WHERE user_id = $1)'}
      GROUP BY COALESCE(s.time_zone, a.time_zone)
      ORDER BY n DESC, zone`,
    allAccounts ? [] : [userId],
  );
  return rows.map((r) => r.zone).find(isTimeZone) ?? DEFAULT_TIME_ZONE;
}

/**
 * The recipient `userId` is, or undefined when there is no such user or they may not use the
 * product now (inactive, or without permission): what they could not see signed in, they are not sent.
 */
export async function loadRecipient(db: Queryable, userId: number): Promise<Recipient | undefined> {
  const [user] = await db.query<UserRow>(
    `SELECT id, username, email, first_name, last_name, all_account_access, time_zone
       FROM users WHERE id = $1 AND is_active AND has_permission`,
    [userId],
  );
  if (!user) return undefined;
  return {
    userId: user.id,
    username: user.username,
    email: user.email,
    displayName: [user.first_name, user.last_name].filter(Boolean).join(' ') || user.username,
    timeZone: isTimeZone(user.time_zone)
      ? user.time_zone
      : await sitesTimeZone(db, user.id, user.all_account_access),
  };
}
