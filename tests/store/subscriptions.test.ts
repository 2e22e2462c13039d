import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSubscription,
  deleteSubscription,
  deliveryHistory,
  getSubscription,
  listSubscriptions,
  SubscriptionInputError,
  subscriptionStartsAt,
  updateSubscription,
  webhookSecret,
} from '../../src/server/deliveries/subscriptionStore';
import { DRIVERS, openTestStore, type TestStore } from './stores';

const CREATED = new Date('2026-11-20T19:00:00Z');

describe.each(DRIVERS)('subscriptions on %s', (driver) => {
  let t: TestStore;
  beforeAll(async () => {
    t = await openTestStore(driver);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it('stores a weekly digest and an alert, and lists each user their own', async () => {
    const digest = await createSubscription(
      t.store,
      2,
      {
        kind: 'digest',
        targetId: 'weekly-portfolio',
        schedule: { frequency: 'weekly', hour: 8, weekday: 1 },
      },
      CREATED,
    );
    expect(digest).toEqual({
      id: digest.id,
      userId: 2,
      kind: 'digest',
      targetId: 'weekly-portfolio',
      schedule: { frequency: 'weekly', hour: 8, weekday: 1 },
      thresholds: null,
      quietHours: null,
      channel: { type: 'email' },
      paused: false,
      createdAt: '2026-11-20T19:00:00.000Z',
      updatedAt: '2026-11-20T19:00:00.000Z',
    });
    const alert = await createSubscription(t.store, 1, {
      kind: 'alert',
      targetId: 'missed-call-rate',
      thresholds: { rate: 0.25 },
      quietHours: { start: '22:00', end: '07:00' },
      channel: { type: 'webhook', url: 'https://hooks.example.com/T1', secret: 's3cret' },
    });
    expect(alert).toMatchObject({
      kind: 'alert',
      schedule: null,
      thresholds: { rate: 0.25 },
      quietHours: { start: '22:00', end: '07:00' },
      channel: { type: 'webhook', url: 'https://hooks.example.com/T1', hasSecret: true },
    });
    // The secret never comes back with the subscription; the sender reads it alone.
    expect(JSON.stringify(alert)).not.toContain('s3cret');
    expect(await webhookSecret(t.store, alert.id)).toBe('s3cret');
    expect((await listSubscriptions(t.store, { userId: 2 })).map((s) => s.id)).toEqual([digest.id]);
    expect((await listSubscriptions(t.store, {})).map((s) => s.id)).toEqual([digest.id, alert.id]);
  });

  it('refuses bad input with the field that is wrong, and stores nothing', async () => {
    const before = (await listSubscriptions(t.store, {})).length;
    const refusal = async (input: unknown) => {
      try {
        await createSubscription(t.store, 2, input as never);
      } catch (err) {
        if (err instanceof SubscriptionInputError) return { field: err.field, status: err.statusCode };
        throw err;
      }
      return 'stored';
    };
    expect(
      await refusal({ kind: 'digest', targetId: 'd', schedule: { frequency: 'weekly', hour: 8 } }),
    ).toEqual({
      field: '/schedule/weekday',
      status: 400,
    });
    expect(
      await refusal({ kind: 'digest', targetId: 'd', schedule: { frequency: 'daily', hour: 24 } }),
    ).toEqual({
      field: '/schedule/hour',
      status: 400,
    });
    expect(
      await refusal({
        kind: 'digest',
        targetId: 'd',
        schedule: { frequency: 'monthly', hour: 8, monthday: 31 },
      }),
    ).toMatchObject({ field: '/schedule/monthday' });
    expect(await refusal({ kind: 'digest', targetId: 'd' })).toMatchObject({ field: '/schedule' });
    expect(await refusal({ kind: 'alert', targetId: 'a', thresholds: { rate: 'high' } })).toMatchObject({
      field: '/thresholds/rate',
    });
    expect(
      await refusal({ kind: 'alert', targetId: 'a', quietHours: { start: '22:00', end: '7' } }),
    ).toMatchObject({
      field: '/quietHours/end',
    });
    expect(
      await refusal({ kind: 'alert', targetId: 'a', channel: { type: 'webhook', url: 'ftp://x.example' } }),
    ).toMatchObject({ field: '/channel/url' });
    expect(await refusal({ kind: 'report', targetId: 'a' })).toMatchObject({ field: '/kind' });
    expect((await listSubscriptions(t.store, {})).length).toBe(before);
  });

  it('updates what is named, keeps a webhook secret not named, and restarts a changed schedule', async () => {
    const s = await createSubscription(
      t.store,
      3,
      {
        kind: 'digest',
        targetId: 'yesterday',
        schedule: { frequency: 'daily', hour: 7 },
        channel: { type: 'webhook', url: 'https://hooks.example.com/a', secret: 'one' },
      },
      CREATED,
    );
    const later = new Date('2026-11-25T12:00:00Z');
    const paused = await updateSubscription(t.store, s.id, { paused: true }, later);
    expect(paused).toMatchObject({ paused: true, schedule: { frequency: 'daily', hour: 7 } });
    expect(await webhookSecret(t.store, s.id)).toBe('one');
    // Pausing keeps the start; resuming moves it, so what fell due meanwhile is not sent.
    expect((await subscriptionStartsAt(t.store, s.id))?.toISOString()).toBe(CREATED.toISOString());
    await updateSubscription(t.store, s.id, { paused: false }, later);
    expect((await subscriptionStartsAt(t.store, s.id))?.toISOString()).toBe(later.toISOString());
    const monthly = await updateSubscription(t.store, s.id, {
      schedule: { frequency: 'monthly', hour: 6, monthday: 1 },
      channel: { type: 'webhook', url: 'https://hooks.example.com/b', secret: null },
    });
    expect(monthly).toMatchObject({
      schedule: { frequency: 'monthly', hour: 6, monthday: 1 },
      channel: { type: 'webhook', url: 'https://hooks.example.com/b', hasSecret: false },
    });
    await expect(
      updateSubscription(t.store, s.id, { schedule: { frequency: 'weekly', hour: 6 } }),
    ).rejects.toThrow(SubscriptionInputError);
    expect(await updateSubscription(t.store, 999_999, { paused: true })).toBeUndefined();
  });

  it('deletes a subscription with its history', async () => {
    const s = await createSubscription(t.store, 4, {
      kind: 'digest',
      targetId: 'yesterday',
      schedule: { frequency: 'daily', hour: 7 },
    });
    await t.store.query(
      `INSERT INTO delivery_occurrences (subscription_id, occurrence_key, scheduled_at, status, attempts, reason)
       VALUES ($1, 'digest:2026-11-24T13:00:00.000Z', '2026-11-24 13:00:00'::TIMESTAMP, 'skipped', 1, 'Quiet hours (22:00-07:00)')`,
      [s.id],
    );
    expect(await deliveryHistory(t.store, s.id)).toEqual([
      {
        occurrenceKey: 'digest:2026-11-24T13:00:00.000Z',
        status: 'skipped',
        reason: 'Quiet hours (22:00-07:00)',
        at: '2026-11-24T13:00:00.000Z',
        messageId: null,
        test: false,
      },
    ]);
    expect(await deleteSubscription(t.store, s.id)).toBe(true);
    expect(await getSubscription(t.store, s.id)).toBeUndefined();
    expect(await deliveryHistory(t.store, s.id)).toEqual([]);
    expect(await deleteSubscription(t.store, s.id)).toBe(false);
  });
});
