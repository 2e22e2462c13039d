import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chartSpec } from '../../engine/tools';
import { createUser } from '../../src/server/auth/users';
import { DEMO_PASSWORD } from '../../src/server/seed/demoUsers';
import { signInOverHttp, startTestServer, type TestServer } from './harness';

// POST /api/charts/compile: a chart's Vega-Lite spec compiled to Vega on the server, so a browser
// draws a page of charts without loading Vega-Lite's compiler. The server's database plays no part
// beyond sign-in: DuckDB only.

const author = {
  mark: { type: 'bar', tooltip: true },
  encoding: {
    x: { field: 'type', type: 'nominal', title: 'Type' },
    y: { field: 'count', type: 'quantitative', title: 'Communications' },
    color: { field: 'type', type: 'nominal' },
  },
};
/** The spec a chart of this definition sends, as the engine builds it. */
const spec = chartSpec(author, 'rows', { legendToggle: true, height: 240, width: 900 });

describe('POST /api/charts/compile', () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ driver: 'duckdb' });
    token = (await signInOverHttp(server)).accessToken;
  });
  afterAll(() => server?.stop());

  const compileCall = (body: unknown, bearer: string | undefined = token) =>
    fetch(`${server.url}/api/charts/compile`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  it("answers the Vega spec that Vega-Lite compiles in the browser, from memory the user's next time", async () => {
    const { compile } = await import('vega-lite');
    const local = compile(spec as unknown as Parameters<typeof compile>[0]).spec;
    const first = await compileCall({ spec });
    expect(first.status).toBe(200);
    expect(first.headers.get('x-chart-cache')).toBe('miss');
    const answer = (await first.json()) as { spec: Record<string, unknown> };
    expect(answer.spec).toEqual(JSON.parse(JSON.stringify(local)));
    // The rows go into the named dataset in the browser: the answer has it, empty.
    expect(answer.spec.data).toContainEqual(expect.objectContaining({ name: 'rows' }));
    const again = await compileCall({ spec });
    expect(again.headers.get('x-chart-cache')).toBe('hit');
    expect(await again.json()).toEqual(answer);
    // Another user's answers are their own (a pie's spec holds its slices' labels).
    const manager = (await signInOverHttp(server, 'manager')).accessToken;
    const theirs = await compileCall({ spec }, manager);
    expect(theirs.headers.get('x-chart-cache')).toBe('miss');
    expect(await theirs.json()).toEqual(answer);
  });

  it('asks who is calling before it reads the body', async () => {
    expect((await compileCall({ spec }, '')).status).toBe(401);
    expect((await compileCall({ spec }, `${token.slice(0, -4)}AAAA`)).status).toBe(401);
    // A body that would be refused, or is over the size limit, still meets the 401 first.
    expect((await compileCall({ spec: 3 }, '')).status).toBe(401);
    expect((await compileCall({ spec: { description: 'x'.repeat(300_000) } }, '')).status).toBe(401);
  });

  it("refuses a spec the compiler refuses with the compiler's reason, naming the field", async () => {
    // A spec without a mark or a layer: nothing to draw.
    const res = await compileCall({ spec: { data: { name: 'rows' }, encoding: {} } });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; field?: string };
    expect(body).toMatchObject({ error: 'Bad Request', field: '/spec' });
    expect(body.message).toMatch(/^spec: Invalid specification .*"mark", "layer"/);
  });

  it('leaves the views that multiply the compiler’s work to the browser, with the reason', async () => {
    const unit = { mark: 'bar', encoding: { x: { field: 'a', type: 'nominal' } } };
    const refused: [unknown, RegExp][] = [
      [{ repeat: { row: ['a', 'b'], column: ['a', 'b'] }, spec: unit }, /'repeat'/],
      [{ facet: { row: { field: 'a' } }, spec: unit }, /'facet'/],
      [{ hconcat: [unit, unit] }, /'hconcat'/],
      [{ ...unit, encoding: { ...unit.encoding, row: { field: 'b' } } }, /'row'/],
      [{ layer: [{ layer: [unit, { repeat: ['a'], spec: unit }] }] }, /'repeat'/],
      [{ layer: Array.from({ length: 9 }, () => unit) }, /8 layers/],
      [{ ...unit, transform: Array.from({ length: 101 }, () => ({ calculate: '1', as: 'a' })) }, /100/],
    ];
    for (const [body, reason] of refused) {
      const res = await compileCall({ spec: body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(reason);
    }
    // Layers as the engine's charts make them are compiled.
    expect((await compileCall({ spec: { layer: [unit, { ...unit, mark: 'point' }] } })).status).toBe(200);
  });

  it("compiles at most 120 new specs a minute for one user, then leaves them to that user's browser", async () => {
    // A user of their own: no compile of theirs counted yet.
    await createUser(server.ctx.store, {
      username: 'charts',
      password: DEMO_PASSWORD,
      firstName: 'Chart',
      lastName: 'Maker',
      email: 'charts@hawkeye.local',
      allAccountAccess: false,
      hasPermission: true,
      accountIds: [1],
      claims: [],
    });
    const { accessToken } = await signInOverHttp(server, 'charts');
    const statuses: number[] = [];
    for (let i = 0; i < 121; i++) {
      const res = await compileCall({ spec: { ...spec, description: `chart ${i}` } }, accessToken);
      statuses.push(res.status);
      if (res.status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses.slice(0, 120).every((s) => s === 200)).toBe(true);
    expect(statuses[120]).toBe(429);
    // What was compiled is still answered, and other users are not held back.
    expect((await compileCall({ spec: { ...spec, description: 'chart 0' } }, accessToken)).status).toBe(200);
    expect((await compileCall({ spec: { ...spec, description: 'chart 120' } })).status).toBe(200);
  });

  it('answers a malformed body with a 400 that names the field, and an oversized one with a 413', async () => {
    const missing = await compileCall({});
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ field: '/spec' });
    const notObject = await compileCall({ spec: 'bar' });
    expect(notObject.status).toBe(400);
    expect(await notObject.json()).toMatchObject({ field: '/spec' });
    const extra = await compileCall({ spec, rows: [] });
    expect(extra.status).toBe(400);
    expect(await extra.json()).toMatchObject({ field: '/rows' });
    const polluting = await compileCall('{"spec":{"__proto__":{"mark":"bar"}}}');
    expect(polluting.status).toBe(400);
    const huge = await compileCall({ spec: { ...spec, description: 'x'.repeat(300_000) } });
    expect(huge.status).toBe(413);
  });

  it('answers no hostile spec with a 500', async () => {
    let deep: unknown = { mark: 'bar' };
    for (let i = 0; i < 2_000; i++) deep = { layer: [deep] };
    const hostile: unknown[] = [
      {},
      { mark: null },
      { mark: 'bar', encoding: { x: { field: { $ref: '#/' }, type: 'nominal' } } },
      { mark: 'bar', data: { url: 'file:///etc/passwd' } },
      { mark: 'bar', encoding: { x: { field: 'a'.repeat(100_000), type: 'nominal' } } },
      deep,
    ];
    for (const h of hostile) {
      const res = await compileCall({ spec: h });
      expect(res.status, JSON.stringify(h).slice(0, 80)).toBeLessThan(500);
    }
  });
});
