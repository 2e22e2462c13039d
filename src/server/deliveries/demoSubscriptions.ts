import type { Queryable } from '../store';
import { createSubscription, listSubscriptions } from './subscriptionStore';

/** The digest and the alert rule the demo subscribes to (dashboards/digests, dashboards/alerts). */
export const DEMO_DIGEST_ID = 'weekly-portfolio';
export const DEMO_ALERT_RULE_ID = 'missed-call-rate';

/**
 * The demo's subscriptions, so `npm start` shows the feature: manager gets the weekly portfolio
 * digest on Mondays at 08:00, admin the missed-call alert, both by email. Each is created once (a
 * seed again keeps what the users changed), as of the data's last update, so the first Monday
 * after it is due.
 */
export async function seedDemoSubscriptions(db: Queryable, asOf: Date): Promise<void> {
  const demo = [
    {
      username: 'manager',
      input: {
        kind: 'digest' as const,
        targetId: DEMO_DIGEST_ID,
        schedule: { frequency: 'weekly' as const, hour: 8, weekday: 1 },
      },
    },
    { username: 'admin', input: { kind: 'alert' as const, targetId: DEMO_ALERT_RULE_ID } },
  ];
  for (const d of demo) {
    const [user] = await db.query<{ id: number }>('SELECT id FROM users WHERE username = $1', [d.username]);
    if (!user) continue;
    const mine = await listSubscriptions(db, { userId: user.id });
    if (!mine.some((s) => s.kind === d.input.kind && s.targetId === d.input.targetId))
      await createSubscription(db, user.id, d.input, asOf);
  }
}
