import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chartSpec } from '../../engine/widgets/chart/chartSpec';
import { signInOverHttp, startTestServer, type TestServer } from './harness';

// POST /api/charts/compile: a chart's Vega-Lite spec compiled to Vega on the server, so a browser
// draws a page of charts without loading Vega-Lite's compiler. The server's database plays no part:
// DuckDB only.

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
      body: JSON.stringify(body),
    });

  it('answers the Vega spec that Vega-Lite compiles in the browser, the same again from memory', async () => {
    const { compile } = await import('vega-lite');
    const local = compile(spec as Parameters<typeof compile>[0]).spec;
    const first = await compileCall({ spec });
    expect(first.status).toBe(200);
    const answer = (await first.json()) as { spec: Record<string, unknown> };
    expect(answer.spec).toEqual(JSON.parse(JSON.stringify(local)));
    // The rows go into the named dataset in the browser: the answer has it, empty.
    expect(answer.spec.data).toContainEqual(expect.objectContaining({ name: 'rows' }));
    const again = await compileCall({ spec });
    expect(await again.json()).toEqual(answer);
  });

  it('asks who is calling before anything else', async () => {
    const anonymous = await compileCall({ spec }, '');
    expect(anonymous.status).toBe(401);
    const forged = await compileCall({ spec }, `${token.slice(0, -4)}AAAA`);
    expect(forged.status).toBe(401);
  });

  it("refuses a spec the compiler refuses with the compiler's reason, naming the field", async () => {
    const res = await compileCall({
      spec: { mark: 'bar', encoding: { x: { field: 'a', type: 'nominal' } }, layer: 3 },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; field?: string };
    expect(body.field).toBe('spec');
    expect(body.message).toMatch(/^spec: /);
  });

  it('answers a malformed body with a 400 that names the field, and an oversized one with a 413', async () => {
    const missing = await compileCall({});
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { message: string }).message).toContain('spec');
    const notObject = await compileCall({ spec: 'bar' });
    expect(notObject.status).toBe(400);
    expect(((await notObject.json()) as { message: string }).message).toContain('spec');
    const extra = await compileCall({ spec, rows: [] });
    expect(extra.status).toBe(400);
    expect(((await extra.json()) as { message: string }).message).toContain('rows');
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
      { mark: 'bar', transform: Array.from({ length: 5_000 }, () => ({ calculate: '1', as: 'a' })) },
      { __proto__: { mark: 'bar' } },
      deep,
    ];
    for (const h of hostile) {
      const res = await compileCall({ spec: h });
      expect(res.status, JSON.stringify(h).slice(0, 80)).toBeLessThan(500);
    }
  });
});
