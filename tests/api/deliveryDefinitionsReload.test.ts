import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/auth/users';
import { DEMO_USERS } from '../../src/server/seed/demoUsers';
import { apiCaller, signInOverHttp, startTestServer, type TestServer } from './harness';

// The server reads a temporary copy of dashboards/, whose digest and alert-rule files the test edits
// as an analyst would, by hand, while the server runs. The definitions do not depend on the store:
// one driver is enough.
const dir = mkdtempSync(join(tmpdir(), 'delivery-definitions-reload-'));
cpSync(join(process.cwd(), 'dashboards'), dir, { recursive: true });
const weekly = join(dir, 'digests', 'weekly-portfolio.json');
const original = readFileSync(weekly, 'utf8');
/** How long a change may take to be seen: the watcher's delay on a busy machine. */
const WITHIN_MS = 30_000;

type Choice = { id: string; title: string };

describe('digest and alert-rule definitions follow their files without a restart', () => {
  let server: TestServer;
  let call: ReturnType<typeof apiCaller>;
  const logLines: string[] = [];

  beforeAll(async () => {
    server = await startTestServer({
      driver: 'duckdb',
      seed: false,
      env: { DASHBOARDS_DIR: dir },
      log: (line) => logLines.push(line),
    });
    for (const u of DEMO_USERS) await createUser(server.ctx.store, u);
    call = apiCaller(server, (await signInOverHttp(server, 'manager')).accessToken);
  });

  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  async function digestChoices(): Promise<Choice[]> {
    const r = await call('GET', '/api/deliveries');
    expect(r.status).toBe(200);
    return r.body.digests as Choice[];
  }

  /** Asks again until `seen` holds of the answer (a change is picked up a moment after the write). */
  async function eventually<T>(ask: () => Promise<T>, seen: (value: T) => boolean): Promise<T> {
    const until = Date.now() + WITHIN_MS;
    for (;;) {
      const value = await ask();
      if (seen(value) || Date.now() > until) return value;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  const titleOf = (choices: Choice[], id: string) => choices.find((c) => c.id === id)?.title;

  it("shows an edited digest's new title in the choices", async () => {
    expect(titleOf(await digestChoices(), 'weekly-portfolio')).toBe('Weekly portfolio digest');
    writeFileSync(weekly, original.replace('"Weekly portfolio digest"', '"Weekly portfolio summary"'));
    const choices = await eventually(
      digestChoices,
      (c) => titleOf(c, 'weekly-portfolio') !== 'Weekly portfolio digest',
    );
    expect(titleOf(choices, 'weekly-portfolio')).toBe('Weekly portfolio summary');
  });

  it('takes a new digest file: offered, subscribed to, and in the set the scheduler runs by', async () => {
    const added = original
      .replace('"id": "weekly-portfolio"', '"id": "weekly-leasing"')
      .replace('"Weekly portfolio digest"', '"Weekly leasing digest"');
    writeFileSync(join(dir, 'digests', 'weekly-leasing.json'), added);
    const choices = await eventually(digestChoices, (c) => titleOf(c, 'weekly-leasing') !== undefined);
    expect(titleOf(choices, 'weekly-leasing')).toBe('Weekly leasing digest');
    const created = await call('POST', '/api/deliveries/subscriptions', {
      kind: 'digest',
      targetId: 'weekly-leasing',
      schedule: { frequency: 'weekly', hour: 8, weekday: 1 },
      channel: { type: 'email' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // The scheduler's DeliveryContext holds this same object (main.ts).
    expect(server.app.deliveryDefinitions?.digests.get('weekly-leasing')?.title).toBe(
      'Weekly leasing digest',
    );
  });

  it('keeps the last good set when a file does not load, and logs the file at its line', async () => {
    const broken = original
      .replace('"Weekly portfolio digest"', '"Weekly portfolio summary"')
      .replace('"period": "Prior Week"', '"period": "Prior Fortnight"');
    const line = broken.split('\n').findIndex((l) => l.includes('Prior Fortnight')) + 1;
    const name = relative(process.cwd(), weekly);
    logLines.length = 0;
    writeFileSync(weekly, broken.replace('"Weekly portfolio summary"', '"Broken title"'));
    const logged = await eventually(
      async () => logLines.join('\n'),
      (text) => text.includes(`${name}:${line}:`),
    );
    expect(logged).toContain(`${name}:${line}:`);
    expect(logged).toContain('/period');
    expect(logged).toContain('the last good set is kept');
    const choices = await digestChoices();
    expect(titleOf(choices, 'weekly-portfolio')).toBe('Weekly portfolio summary');
    expect(titleOf(choices, 'weekly-leasing')).toBe('Weekly leasing digest');

    // Mended, the file is taken again.
    writeFileSync(weekly, original);
    const mended = await eventually(
      digestChoices,
      (c) => titleOf(c, 'weekly-portfolio') === 'Weekly portfolio digest',
    );
    expect(titleOf(mended, 'weekly-portfolio')).toBe('Weekly portfolio digest');
  });
});
