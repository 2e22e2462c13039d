import { createHmac } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/auth/users';
import { mailDomain } from '../../src/server/deliveries/channels';
import type { DeliveryContext } from '../../src/server/deliveries/compute';
import { renderDigest } from '../../src/server/deliveries/compute';
import { loadDeliveryDefinitions } from '../../src/server/deliveries/definitions';
import { DEMO_ALERT_RULE_ID } from '../../src/server/deliveries/demoSubscriptions';
import {
  claimOccurrence,
  occurrenceMessageId,
  STALE_CLAIM_MS,
} from '../../src/server/deliveries/occurrences';
import { loadRecipient } from '../../src/server/deliveries/recipient';
import {
  alertTiming,
  type DeliveryLine,
  runDueDeliveries,
  testSend,
} from '../../src/server/deliveries/runner';
import {
  createSubscription,
  deliveryHistory,
  listSubscriptions,
  type Subscription,
  type SubscriptionInput,
  updateSubscription,
} from '../../src/server/deliveries/subscriptionStore';
import { outboxDir } from '../../src/server/mail/sendMail';
import { startServer } from '../../src/server/main';
import { DEMO_PASSWORD } from '../../src/server/seed/demoUsers';
import { startTestSmtp, type TestSmtp } from '../support/smtpServer';
import { DRIVERS, startTestServer, type TestServer, testConfig } from './harness';

/** A wall-clock time, read in each subscriber's zone (as `run --at 2026-11-23T08:00`). */
const wall = (clock: string) => ({ at: new Date(`${clock}:00Z`), wallClock: true });
const MINUTE = 60_000;

describe.each(DRIVERS)('digests and alerts on %s', (driver) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let ctx: DeliveryContext;
  let managerId: number;
  const created = new Date('2026-11-22T00:00:00Z');

  beforeAll(async () => {
    // The webhook test's receiver is on loopback, which webhooks reach only when allowed.
    server = await startTestServer({ driver, env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' } });
    smtp = await startTestSmtp();
    ctx = {
      app: server.app,
      store: server.ctx.store,
      config: { ...server.ctx.config, smtpUrl: smtp.url },
      definitions: await loadDeliveryDefinitions(server.ctx.config.dashboardsDir),
    };
    const [m] = await ctx.store.query<{ id: number }>("SELECT id FROM users WHERE username = 'manager'");
    managerId = m.id;
    // The demo's alert for admin waits until the alert test: each test counts its own messages.
    for (const s of await listSubscriptions(ctx.store, {}))
      if (s.kind === 'alert') await updateSubscription(ctx.store, s.id, { paused: true });
  });
  afterAll(async () => {
    await smtp?.close();
    await server?.stop();
  });

  const run = (
    at: { at: Date; wallClock: boolean },
    extra: Partial<Parameters<typeof runDueDeliveries>[1]> = {},
  ) => runDueDeliveries(ctx, { ...at, instanceId: 'test', ...extra });
  const linesOf = (lines: DeliveryLine[], id: number) => lines.filter((l) => l.subscriptionId === id);
  const mailsWith = (messageId: string) => smtp.messages.filter((m) => m.mail.messageId === messageId);
  const subscribe = (input: SubscriptionInput, at = created) =>
    createSubscription(ctx.store, managerId, input, at);
  async function occurrence(id: number, key: string) {
    const [row] = await ctx.store.query<{
      status: string;
      attempts: number;
      message_id: string;
      claimed_by: string;
    }>(
      'SELECT status, attempts, message_id, claimed_by FROM delivery_occurrences WHERE subscription_id = $1 AND occurrence_key = $2',
      [id, key],
    );
    return row;
  }

  it("sends manager's Monday digest once over SMTP: HTML, the text part's figures, charts by cid", async () => {
    const [digest] = (await listSubscriptions(ctx.store, { userId: managerId })).filter(
      (s) => s.kind === 'digest',
    );
    expect(digest.schedule).toEqual({ frequency: 'weekly', hour: 8, weekday: 1 });
    const lines = await run(wall('2026-11-23T08:00'));
    expect(linesOf(lines, digest.id)).toEqual([
      {
        subscriptionId: digest.id,
        occurrenceKey: 'digest:2026-11-23T14:00:00.000Z',
        status: 'sent',
        to: 'manager@example.com',
      },
    ]);
    const row = await occurrence(digest.id, 'digest:2026-11-23T14:00:00.000Z');
    const [received] = mailsWith(row.message_id);
    expect(received.to).toEqual(['manager@example.com']);
    const recipient = await loadRecipient(ctx.store, managerId);
    if (!recipient) throw new Error('manager cannot receive messages');
    const expected = await renderDigest(ctx, {
      digestId: digest.targetId,
      recipient,
      at: new Date('2026-11-23T14:00:00Z'),
    });
    expect(received.mail.subject).toBe(expected.subject);
    for (const f of expected.figures) expect(received.mail.text).toContain(`${f.title}: ${f.value}`);
    expect(received.mail.html).toEqual(expect.any(String));
    expect(received.mail.attachments.length).toBe(expected.attachments.length);
    for (const a of received.mail.attachments) {
      expect(a.contentType).toBe('image/png');
      expect(received.mail.html).toContain(`cid:${a.cid}`);
    }
    // A second run, and a run a minute later, send nothing more.
    expect(linesOf(await run(wall('2026-11-23T08:00')), digest.id)).toEqual([]);
    expect(linesOf(await run(wall('2026-11-23T08:01')), digest.id)).toEqual([]);
    expect(mailsWith(row.message_id)).toHaveLength(1);
  });

  it('renders once for a scope and addresses each subscriber by their own name only', async () => {
    const otherId = await createUser(ctx.store, {
      username: 'leasing-two',
      password: DEMO_PASSWORD,
      firstName: 'Casey',
      lastName: "O'Neil <Leasing>",
      email: 'casey@example.com',
      allAccountAccess: false,
      hasPermission: true,
      accountIds: [1],
      claims: [],
    });
    const input: SubscriptionInput = {
      kind: 'digest',
      targetId: 'weekly-portfolio',
      schedule: { frequency: 'weekly', hour: 7, weekday: 1 },
    };
    const mine = await subscribe(input);
    const theirs = await createSubscription(ctx.store, otherId, input, created);
    const lines = (await run(wall('2026-11-30T07:00'))).filter((l) =>
      [mine.id, theirs.id].includes(l.subscriptionId),
    );
    expect(lines.map((l) => [l.status, l.to])).toEqual([
      ['sent', 'manager@example.com'],
      ['sent', 'casey@example.com'],
    ]);
    const mail = async (id: number) =>
      mailsWith((await occurrence(id, 'digest:2026-11-30T13:00:00.000Z')).message_id)[0].mail;
    const [m, c] = [await mail(mine.id), await mail(theirs.id)];
    expect(m.text).toContain('Morgan Manager');
    expect(m.text).not.toContain('Casey');
    expect(c.text).toContain("Casey O'Neil <Leasing>");
    expect(c.text).toContain('casey@example.com');
    expect(`${c.text}${c.html}`).not.toMatch(/Morgan|manager@example\.com|HawkEyeRecipient/);
    expect(c.html).toContain('Casey O&#39;Neil &lt;Leasing&gt;');
    expect(c.subject).toBe(m.subject);
  });

  it('after downtime sends only the latest missed occurrence of a digest', async () => {
    const s = await subscribe({
      kind: 'digest',
      targetId: 'daily-yesterday',
      schedule: { frequency: 'daily', hour: 6 },
    });
    const lines = linesOf(await run(wall('2026-11-26T12:00')), s.id);
    expect(lines.map((l) => l.occurrenceKey)).toEqual(['digest:2026-11-26T12:00:00.000Z']);
  });

  it('defers a digest due in quiet hours to their end', async () => {
    const s = await subscribe({
      kind: 'digest',
      targetId: 'daily-yesterday',
      schedule: { frequency: 'daily', hour: 7 },
      quietHours: { start: '06:30', end: '07:30' },
    });
    expect(linesOf(await run(wall('2026-11-24T07:00')), s.id)).toEqual([]);
    expect(linesOf(await run(wall('2026-11-24T07:29')), s.id)).toEqual([]);
    expect(linesOf(await run(wall('2026-11-24T07:30')), s.id)).toEqual([
      expect.objectContaining({ occurrenceKey: 'digest:2026-11-24T13:00:00.000Z', status: 'sent' }),
    ]);
  });

  it('retries a claim whose sender died before sending, once, as the same message', async () => {
    const s = await subscribe({
      kind: 'digest',
      targetId: 'daily-yesterday',
      schedule: { frequency: 'daily', hour: 9 },
    });
    const key = 'digest:2026-11-24T15:00:00.000Z';
    // An instance claims the occurrence and dies before sending.
    const dead = await claimOccurrence(ctx.store, {
      subscriptionId: s.id,
      key,
      scheduledAt: new Date('2026-11-24T15:00:00Z'),
      messageId: occurrenceMessageId(s.id, key, mailDomain(ctx.config)),
      instanceId: 'crashed',
      now: new Date(),
    });
    expect(dead).toBeDefined();
    // While its claim is fresh, nobody else sends it.
    expect(linesOf(await run(wall('2026-11-24T09:00')), s.id)).toEqual([]);
    expect(await occurrence(s.id, key)).toMatchObject({ status: 'claimed', claimed_by: 'crashed' });
    // Once stale, the next run takes it over and sends it, once.
    const later = () => new Date(Date.now() + STALE_CLAIM_MS + MINUTE);
    expect(
      linesOf(await run(wall('2026-11-24T09:00'), { now: later, instanceId: 'survivor' }), s.id),
    ).toEqual([expect.objectContaining({ occurrenceKey: key, status: 'sent' })]);
    const row = await occurrence(s.id, key);
    expect(row).toMatchObject({ status: 'sent', attempts: 2, claimed_by: 'survivor' });
    expect(mailsWith(row.message_id)).toHaveLength(1);
    expect(linesOf(await run(wall('2026-11-24T09:00'), { now: later }), s.id)).toEqual([]);
  });

  it('writes an occurrence sent again after a crash over its outbox file: one message', async () => {
    const outboxCtx: DeliveryContext = { ...ctx, config: { ...ctx.config, smtpUrl: undefined } };
    const s = await subscribe({
      kind: 'digest',
      targetId: 'daily-yesterday',
      schedule: { frequency: 'daily', hour: 10 },
    });
    const key = 'digest:2026-11-24T16:00:00.000Z';
    const at = { ...wall('2026-11-24T10:00'), instanceId: 'one' };
    expect(linesOf(await runDueDeliveries(outboxCtx, at), s.id)).toHaveLength(1);
    const { message_id } = await occurrence(s.id, key);
    const file = `${message_id.replace(/^<|>$/g, '')}.eml`;
    expect(readdirSync(outboxDir(server.dataDir))).toContain(file);
    // The sender died after the message left and before it was recorded: sent again, same id.
    await ctx.store.query(
      "UPDATE delivery_occurrences SET status = 'claimed', sent_at = NULL WHERE subscription_id = $1 AND occurrence_key = $2",
      [s.id, key],
    );
    const later = () => new Date(Date.now() + STALE_CLAIM_MS + MINUTE);
    expect(linesOf(await runDueDeliveries(outboxCtx, { ...at, now: later }), s.id)).toHaveLength(1);
    expect(readdirSync(outboxDir(server.dataDir)).filter((f) => f === file)).toHaveLength(1);
    expect(readdirSync(outboxDir(server.dataDir)).filter((f) => f.includes(`hawkeye.${s.id}.`))).toHaveLength(
      1,
    );
  });

  it('sends each occurrence once however many runs race for it', async () => {
    const subs: Subscription[] = [];
    for (let i = 0; i < 6; i++)
      subs.push(
        await subscribe({
          kind: 'digest',
          targetId: 'weekly-portfolio',
          schedule: { frequency: 'weekly', hour: 10, weekday: 1 },
        }),
      );
    // On PostgreSQL a second instance on the same database; on DuckDB, runs side by side in its one process.
    let other: { ctx: DeliveryContext; close(): Promise<void> } | undefined;
    if (server.pg) {
      const dataDir = mkdtempSync(join(tmpdir(), 'hawkeye-second-'));
      const second = await startServer({
        config: testConfig(dataDir, server.pg),
        seedWhenEmpty: false,
        logger: false,
      });
      other = {
        ctx: { ...ctx, app: second.app, store: second.ctx.store },
        async close() {
          await second.app.close();
          rmSync(dataDir, { recursive: true, force: true });
        },
      };
    }
    try {
      const contexts = [ctx, other?.ctx ?? ctx, ctx, other?.ctx ?? ctx];
      const runs = await Promise.all(
        contexts.map((c, i) =>
          runDueDeliveries(c, { ...wall('2026-11-30T10:00'), instanceId: `instance-${i % 2}` }),
        ),
      );
      const sent = runs.flat().filter((l) => subs.some((s) => s.id === l.subscriptionId));
      expect(sent.map((l) => l.subscriptionId).sort()).toEqual(subs.map((s) => s.id).sort());
      for (const s of subs) {
        const row = await occurrence(s.id, 'digest:2026-11-30T16:00:00.000Z');
        expect(row).toMatchObject({ status: 'sent', attempts: 1 });
        expect(mailsWith(row.message_id)).toHaveLength(1);
      }
    } finally {
      await other?.close();
    }
  });

  it('posts to a webhook with a signature the receiver can check, and records a refusal', async () => {
    const received: { headers: IncomingHttpHeaders; body: string; url?: string }[] = [];
    let status = 200;
    const hook = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        received.push({ headers: req.headers, body, url: req.url });
        // A redirect is answered on the first path only: following it would arrive.
        const moved = status >= 300 && status < 400 && req.url === '/hooks/leasing';
        res.writeHead(moved ? status : status >= 300 && status < 400 ? 200 : status, {
          ...(moved ? { location: '/hooks/moved' } : {}),
        });
        res.end();
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hooks/leasing`;
    try {
      const secret = 'whsec-test-4f1b';
      const s = await subscribe({
        kind: 'digest',
        targetId: 'daily-yesterday',
        schedule: { frequency: 'daily', hour: 11 },
        channel: { type: 'webhook', url, secret },
      });
      const lines = linesOf(await run(wall('2026-11-25T11:00')), s.id);
      expect(lines).toEqual([expect.objectContaining({ status: 'sent', to: new URL(url).host })]);
      const [req] = received;
      const timestamp = String(req.headers['x-hawkeye-timestamp']);
      const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${req.body}`).digest('hex')}`;
      expect(req.headers['x-hawkeye-signature']).toBe(expected);
      expect(req.headers['content-type']).toBe('application/json');
      const body = JSON.parse(req.body) as { text: string; blocks: { type: string }[] };
      expect(body.text).toEqual(expect.any(String));
      expect(body.blocks.map((b) => b.type)).toContain('header');
      expect(req.headers['x-hawkeye-delivery']).toBe(
        (await occurrence(s.id, 'digest:2026-11-25T17:00:00.000Z')).message_id,
      );
      // A body changed on the way fails the check.
      const tampered = createHmac('sha256', secret).update(`${timestamp}.${req.body} `).digest('hex');
      expect(req.headers['x-hawkeye-signature']).not.toBe(`sha256=${tampered}`);

      status = 500;
      const failed = linesOf(await run(wall('2026-11-26T11:00')), s.id);
      expect(failed).toEqual([
        expect.objectContaining({ status: 'failed', reason: expect.stringMatching(/answered 500/) }),
      ]);
      expect((await deliveryHistory(ctx.store, s.id))[0]).toMatchObject({
        status: 'failed',
        reason: expect.stringMatching(/answered 500/),
      });

      // A redirect is not followed: the delivery fails with its status.
      status = 302;
      const before = received.length;
      expect(linesOf(await run(wall('2026-11-27T11:00')), s.id)).toEqual([
        expect.objectContaining({
          status: 'failed',
          reason: expect.stringMatching(/answered 302, a redirect/),
        }),
      ]);
      expect(received.slice(before).map((r) => r.url)).toEqual(['/hooks/leasing']);

      // Without WEBHOOK_ALLOWED_HOSTS, loopback is refused before anything is posted.
      status = 200;
      const unallowed = { ...ctx, config: { ...ctx.config, webhookAllowedHosts: [] } };
      const refused = linesOf(
        await runDueDeliveries(unallowed, { ...wall('2026-11-28T11:00'), instanceId: 'test' }),
        s.id,
      );
      expect(refused).toEqual([
        expect.objectContaining({
          status: 'failed',
          reason: expect.stringMatching(/127\.0\.0\.1 is an internal address/),
        }),
      ]);
      expect(received).toHaveLength(before + 1);
    } finally {
      await new Promise((resolve) => hook.close(resolve));
    }
  });

  it('an alert holds, fires once, repeats on its interval, and resolves once', async () => {
    const ruleId = DEMO_ALERT_RULE_ID;
    const rule = ctx.definitions.alertRules.get(ruleId);
    if (!rule) throw new Error('no alert rule');
    const timing = alertTiming(rule);
    const keys = Object.keys(rule.thresholds);
    const all = (n: number) => Object.fromEntries(keys.map((k) => [k, n]));
    const s = await subscribe(
      { kind: 'alert', targetId: ruleId, thresholds: all(-1e9) },
      new Date('2026-12-01T00:00:00Z'),
    );
    /** A new data version, as an import makes. */
    const newData = () =>
      ctx.store.transaction(async (tx) => {
        await tx.exec('UPDATE data_status SET data_version = data_version + 1');
        await tx.exec('UPDATE rollup_status SET data_version = data_version + 1');
      });
    const told = async (clock: string) =>
      linesOf(await run(wall(clock)), s.id).map((l) => `${l.status}${l.reason ? ` ${l.reason}` : ''}`);
    let hour = 8;
    const clock = () => `2026-12-01T${String(hour).padStart(2, '0')}:00`;
    for (let held = 1; held < timing.holdFor; held++) {
      expect(await told(clock())).toEqual([]);
      await newData();
      hour++;
    }
    // The evaluation that completes the hold fires: one message.
    expect(await told(clock())).toEqual(['sent']);
    hour++;
    expect(await told(clock())).toEqual([]);
    const states = await ctx.store.query<{ state: string }>(
      'SELECT state FROM alert_states WHERE subscription_id = $1',
      [s.id],
    );
    expect(states.length).toBeGreaterThan(0);
    expect(new Set(states.map((r) => r.state))).toEqual(new Set(['firing']));
    // The repeat interval later: told again, once.
    const repeatHours = Math.ceil((timing.repeatMs ?? 0) / 3_600_000);
    const repeatAt = new Date(Date.UTC(2026, 11, 1, hour - 1 + repeatHours, 0));
    const repeatClock = repeatAt.toISOString().slice(0, 16);
    expect(await told(repeatClock)).toEqual(['sent']);
    expect(await told(repeatClock)).toEqual([]);
    // Thresholds no site crosses: resolved, told once.
    await updateSubscription(ctx.store, s.id, { thresholds: all(1e12) });
    const after = new Date(repeatAt.getTime() + 3_600_000).toISOString().slice(0, 16);
    expect(await told(after)).toEqual(['sent']);
    const next = new Date(repeatAt.getTime() + 2 * 3_600_000).toISOString().slice(0, 16);
    expect(await told(next)).toEqual([]);
  });

  it('test-sends now, marked as a test in the subject and the history', async () => {
    const s = await subscribe({
      kind: 'digest',
      targetId: 'daily-yesterday',
      schedule: { frequency: 'daily', hour: 12 },
    });
    const line = await testSend(ctx, s.id);
    expect(line).toMatchObject({ subscriptionId: s.id, status: 'sent', to: 'manager@example.com' });
    const [record] = await deliveryHistory(ctx.store, s.id);
    expect(record).toMatchObject({ status: 'sent', test: true });
    expect(mailsWith(record.messageId ?? '')[0].mail.subject).toMatch(/^\[Test\] /);
  });
});

describe('the server’s own timer', () => {
  it('sends what is due by itself, and evaluates alerts when the data version moves', async () => {
    const smtp = await startTestSmtp();
    const server = await startTestServer({
      driver: 'duckdb',
      env: { DELIVERY_INTERVAL_SECONDS: '1', SMTP_URL: smtp.url },
    });
    const store = server.ctx.store;
    /** Polls `check` until it holds (each tick is a second; a busy machine gets a minute). */
    const eventually = async <T>(check: () => Promise<T | undefined>): Promise<T> => {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const found = await check();
        if (found !== undefined) return found;
        if (Date.now() > deadline) throw new Error('not within a minute');
        await new Promise((r) => setTimeout(r, 200));
      }
    };
    try {
      // The demo's Monday digest for manager (subscribed as of the seed's last update) is due.
      const mail = await eventually(async () =>
        smtp.messages.find((m) => m.to.includes('manager@example.com')),
      );
      expect(mail.mail.subject).toEqual(expect.any(String));
      const dataKeys = async () =>
        (
          await store.query<{ occurrence_key: string }>(
            "SELECT occurrence_key FROM delivery_occurrences WHERE occurrence_key LIKE 'data:%' ORDER BY id",
          )
        ).map((r) => r.occurrence_key);
      const before = await eventually(async () => ((await dataKeys()).length ? dataKeys() : undefined));
      // An import moves the data version: admin's alert evaluates the new data.
      await store.transaction(async (tx) => {
        await tx.exec('UPDATE data_status SET data_version = data_version + 1');
        await tx.exec('UPDATE rollup_status SET data_version = data_version + 1');
      });
      const after = await eventually(async () => {
        const keys = await dataKeys();
        return keys.length > before.length ? keys : undefined;
      });
      expect(after.slice(0, before.length)).toEqual(before);
      expect(smtp.messages.filter((m) => m.to.includes('manager@example.com'))).toHaveLength(1);
    } finally {
      await server.stop();
      await smtp.close();
    }
  });
});
