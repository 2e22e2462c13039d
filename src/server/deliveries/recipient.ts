// PLACEHOLDER until h61defs merges: the real module reads users.time_zone (migration 025, default
// their sites'). This stand-in gives every user America/Chicago; the coordinator replaces it.
import type { Queryable } from '../store';

export interface Recipient {
  userId: number;
  username: string;
  email: string;
  displayName: string;
  timeZone: string;
}

/** PLACEHOLDER: an active user as a recipient, in America/Chicago. */
export async function loadRecipient(db: Queryable, userId: number): Promise<Recipient | undefined> {
  const [u] = await db.query<{
    id: number;
    username: string;
    email: string;
    first_name: string;
    last_name: string;
  }>('SELECT id, username, email, first_name, last_name FROM users WHERE id = $1 AND is_active', [userId]);
  if (!u) return undefined;
  return {
    userId: u.id,
    username: u.username,
    email: u.email,
    displayName: `${u.first_name} ${u.last_name}`,
    timeZone: 'America/Chicago',
  };
}
