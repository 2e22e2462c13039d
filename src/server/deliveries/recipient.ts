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
 * go to the name that sorts first, and a user who sees no site gets DEFAULT_TIME_ZONE. For several
 * users at once: two queries, whatever their number.
 */
async function sitesTimeZones(
  db: Queryable,
  users: readonly { id: number; all_account_access: boolean }[],
): Promise<Map<number, string>> {
  const zone = 'COALESCE(s.time_zone, a.time_zone)';
  const counted = 'CAST(count(*) AS INTEGER) AS n';
  const some = users.filter((u) => !u.all_account_access).map((u) => u.id);
  const [everything, perUser] = await Promise.all([
    users.some((u) => u.all_account_access)
      ? db.query<{ zone: string | null; n: number }>(
          `SELECT ${zone} AS zone, ${counted} FROM sites s JOIN accounts a ON a.id = s.account_id
            WHERE s.is_active GROUP BY ${zone}`,
        )
      : [],
    some.length
      ? db.query<{ user_id: number; zone: string | null; n: number }>(
          `SELECT ua.user_id, ${zone} AS zone, ${counted}
             FROM user_accounts ua JOIN sites s ON s.account_id = ua.account_id
             JOIN accounts a ON a.id = s.account_id
            WHERE s.is_active AND ua.user_id IN (SELECT unnest($1::INTEGER[]))
            GROUP BY ua.user_id, ${zone}`,
          [some],
        )
      : [],
  ]);
  const mostCommon = (rows: readonly { zone: string | null; n: number }[]) =>
    rows
      .filter((r): r is { zone: string; n: number } => isTimeZone(r.zone))
      .sort((x, y) => Number(y.n) - Number(x.n) || (x.zone < y.zone ? -1 : x.zone > y.zone ? 1 : 0))[0]
      ?.zone ?? DEFAULT_TIME_ZONE;
  const byUser = new Map<number, { zone: string | null; n: number }[]>();
  for (const r of perUser) byUser.set(Number(r.user_id), [...(byUser.get(Number(r.user_id)) ?? []), r]);
  const all = mostCommon(everything);
  return new Map(users.map((u) => [u.id, u.all_account_access ? all : mostCommon(byUser.get(u.id) ?? [])]));
}

/**
 * The recipients `userIds` are, by id; a user missing from the answer is no such user or may not use
 * the product now (inactive, or without permission): what they could not see signed in, they are
 * not sent. Three queries, whatever the number of users.
 */
export async function loadRecipients(
  db: Queryable,
  userIds: readonly number[],
): Promise<Map<number, Recipient>> {
  if (!userIds.length) return new Map();
  const users = await db.query<UserRow>(
    `SELECT id, username, email, first_name, last_name, all_account_access, time_zone
       FROM users WHERE id IN (SELECT unnest($1::INTEGER[])) AND is_active AND has_permission`,
    [[...new Set(userIds)]],
  );
  const zones = await sitesTimeZones(
    db,
    users.filter((u) => !isTimeZone(u.time_zone)).map((u) => ({ ...u, id: Number(u.id) })),
  );
  return new Map(
    users.map((user) => [
      Number(user.id),
      {
        userId: Number(user.id),
        username: user.username,
        email: user.email,
        displayName: [user.first_name, user.last_name].filter(Boolean).join(' ') || user.username,
        timeZone: isTimeZone(user.time_zone)
          ? user.time_zone
          : (zones.get(Number(user.id)) ?? DEFAULT_TIME_ZONE),
      },
    ]),
  );
}

/** The recipient `userId` is, or undefined (see loadRecipients). */
export async function loadRecipient(db: Queryable, userId: number): Promise<Recipient | undefined> {
  return (await loadRecipients(db, [userId])).get(userId);
}
