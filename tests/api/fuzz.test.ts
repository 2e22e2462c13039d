import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient } from '../../scripts/lib/httpPost';
import { DRIVERS, signInOverHttp, startTestServer, type TestServer } from './harness';

// Every route the server has, sent malformed bodies and queries: wrong types, missing and unknown
// fields, huge arrays and strings, extreme dates, injection strings, deep nesting, broken JSON. The
// answer may be any 4xx (or a 200 where the input happens to be acceptable), never a 500.

interface Route {
  method: string;
  path: string;
}

/** The routes of a running app, from Fastify's route tree (every method but HEAD). */
function routesOf(server: TestServer): Route[] {
  const tree = server.app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const routes: Route[] = [];
  for (const line of tree.split('\n')) {
    const m = /^([│ ]*)(?:├── |└── )(\S+) \(([^)]+)\)/.exec(line);
    if (!m) continue;
    const depth = m[1].length / 4;
    stack.length = depth;
    stack.push(m[2]);
    for (const method of m[3].split(', '))
      if (method !== 'HEAD') routes.push({ method, path: stack.join('') });
  }
  return routes;
}

// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is walked by name
type OpenApi = Record<string, any>;

/** The property names a route's body schema declares, from the OpenAPI document (data routes). */
function bodyProperties(openapi: OpenApi, route: Route): string[] {
  const op = openapi.paths?.[route.path]?.[route.method.toLowerCase()];
  // A schema may name another (a totals request is its table's): follow the references to the shape.
  const shape = (schema: OpenApi | undefined): OpenApi | undefined => {
    let node = schema;
    while (typeof node?.$ref === 'string') {
      const ref: string = node.$ref;
      node = openapi;
      for (const part of ref.replace(/^#\//, '').split('/')) node = node?.[part];
    }
    return node;
  };
  const node = shape(op?.requestBody?.content?.['application/json']?.schema);
  const props = new Set<string>(Object.keys(node?.properties ?? {}));
  for (const sub of node?.allOf ?? [])
    for (const k of Object.keys(shape(sub)?.properties ?? {})) props.add(k);
  return [...props];
}

// The fields of the routes outside the OpenAPI document (auth, forms, editor, charts), as their schemas name them.
const KNOWN_FIELDS = [
  'grantType',
  'clientId',
  'username',
  'password',
  'refreshToken',
  'impersonationToken',
  'token',
  'overallSatisfaction',
  'comments',
  'email',
  'file',
  'text',
  'spec',
];

const deep = (n: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < n; i++) v = { a: v };
  return v;
};

/** Values every field of every route is sent. */
const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  -1,
  0.5,
  1e308,
  Number.MAX_SAFE_INTEGER,
  '',
  'x'.repeat(300),
  "' OR 1=1; DROP TABLE users; --",
  '"; SELECT pg_sleep(10); --',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '\u0000\u0001\u0007',
  'a\uD800b',
  101,
  '9999-12-31',
  '0000-01-01T00:00',
  '2026-02-30',
  '1970-01-01T25:61:61Z',
  [],
  Array.from({ length: 1_001 }, (_, i) => i),
  ['x', { a: 1 }, null],
  {},
  { $ref: '#/', __proto__: { admin: true } },
  deep(20),
];

/** A valid export of a table endpoint's rows, whose every part the fuzz then replaces (exportBodies). */
const EXPORT_CSV = {
  fileName: 'Export.csv',
  rows: '/values',
  total: '/totalRows',
  rowNumbers: '#',
  columns: [
    { header: 'A', field: 'site', pipe: { name: 'percent', args: [1, 'ratio'] } },
    { header: 'B', field: 'count', dashUnless: 'count', inactiveField: 'siteIsActive' },
  ],
  totalsRow: ['Total', '1'],
};

/** Where in an export's body each hostile value goes: every part of the CSV options, one at a time. */
const EXPORT_PARTS: ((body: { csv: Record<string, unknown> }, v: unknown) => void)[] = [
  ...Object.keys(EXPORT_CSV).map((k) => (b: { csv: Record<string, unknown> }, v: unknown) => {
    b.csv[k] = v;
  }),
  ...['header', 'field', 'pipe', 'dashUnless', 'inactiveField'].map(
    (k) => (b: { csv: Record<string, unknown> }, v: unknown) => {
      (b.csv.columns as Record<string, unknown>[])[0][k] = v;
    },
  ),
  ...[0, 1, 2].map((i) => (b: { csv: Record<string, unknown> }, v: unknown) => {
    const pipe = (b.csv.columns as { pipe: { args: unknown[] } }[])[0].pipe;
    pipe.args[i] = v;
  }),
  (b, v) => {
    (b.csv.columns as { pipe: { name: unknown } }[])[0].pipe.name = v;
  },
];

/**
 * The bodies an export route is sent: a valid export of one day, then with each part of its CSV
 * options replaced by each hostile value (its endpoint's own request is fuzzed at the endpoint, by
 * the same schema). `sample` picks which part gets which value.
 */
function exportBodies(token: string, sample: (part: number, value: number) => boolean): string[] {
  const base = () => ({
    request: { startDate: '2026-10-15', endDate: '2026-10-15' },
    csv: structuredClone(EXPORT_CSV) as Record<string, unknown>,
    jwtExtendedToken: token,
  });
  const bodies = [JSON.stringify(base())];
  HOSTILE_VALUES.forEach((value, v) => {
    EXPORT_PARTS.forEach((put, k) => {
      if (!sample(k, v)) return;
      const b = base();
      put(b, value);
      bodies.push(JSON.stringify(b));
    });
  });
  return bodies;
}

/** Values too large to send for every field: each route gets them in each of its first two fields. */
const HUGE_VALUES: unknown[] = [
  'x'.repeat(200_000),
  Array.from({ length: 50_000 }, (_, i) => i),
  deep(2_000),
];

/** Raw texts that are not a JSON object at all. */
const RAW_BODIES = [
  '',
  'null',
  '[]',
  '"text"',
  '42',
  '{',
  '{"a":',
  '{"a": 1,}',
  `${'['.repeat(20_000)}`,
  '\u0000',
];

// node:http with kept-alive sockets, not fetch: the same 30,000 requests for about a quarter less CPU
// time (fetch's own work per request; alone, 31 CPU-seconds and 19 s of tests against 23 and 12).
const client = httpClient(8);
/** Sends one request and answers its status once the whole answer has arrived. */
async function send(server: TestServer, route: Route, auth: Record<string, string>, body?: string) {
  const payload = route.method === 'GET' ? undefined : body;
  const res = await client.send(`${server.url}${route.path.replace(/:file/, 'volume.json')}`, {
    method: route.method,
    headers: { ...auth, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    body: payload,
  });
  return res.status;
}

describe.each(DRIVERS)('fuzzing every route on %s', (driver) => {
  let server: TestServer;
  const work = mkdtempSync(join(tmpdir(), 'hawkeye-fuzz-'));

  beforeAll(async () => {
    const dashboards = join(work, 'dashboards');
    cpSync(join(process.cwd(), 'dashboards'), dashboards, { recursive: true });
    server = await startTestServer({
      driver,
      env: {
        DASHBOARDS_DIR: dashboards,
        DASHBOARDS_WRITABLE: '1',
        LOGIN_FAILURES_PER_USERNAME: '100000',
        LOGIN_FAILURES_PER_ADDRESS: '100000',
        // Eight requests at a time from one user: each export is answered, none refused for the bound.
        EXPORTS_PER_USER: '100',
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('answers no malformed request with a 500', async () => {
    const tokens = await signInOverHttp(server);
    const auth = {
      authorization: `Bearer ${tokens.accessToken}`,
      'x-extended-data-token': tokens.extendedDataToken,
    };
    const openapi = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as OpenApi;
    const routes = routesOf(server);
    expect(routes.length).toBeGreaterThan(40);
    // The export routes are in the list the server registers, each fuzzed by its parts below.
    const exports = routes.filter((r) => r.path.endsWith('/export'));
    expect(exports.length).toBeGreaterThan(10);

    const statuses = new Map<number, number>();
    const failures: string[] = [];
    let total = 0;
    for (const route of routes) {
      const declared = bodyProperties(openapi, route);
      const fields = declared.length ? declared : KNOWN_FIELDS;
      const bodies: string[] = [...RAW_BODIES];
      bodies.push(JSON.stringify({}), JSON.stringify({ jwtExtendedToken: tokens.extendedDataToken }));
      // Every field with every value on DuckDB. The request checks come before the store and are
      // the same on PostgreSQL, so there a route of four fields or more sends each field every
      // fourth value: each value still reaches each route through some field, at a quarter of the cost.
      fields.forEach((field, f) => {
        HOSTILE_VALUES.forEach((value, v) => {
          if (driver === 'duckdb' || fields.length < 4 || (f + v) % 4 === 0)
            bodies.push(JSON.stringify({ jwtExtendedToken: tokens.extendedDataToken, [field]: value }));
        });
      });
      // The huge values cost their parsing, the same on both drivers: on DuckDB only (the body of
      // extremes below reaches the store on both).
      for (const field of driver === 'duckdb' ? fields.slice(0, 2) : [])
        for (const value of HUGE_VALUES)
          bodies.push(JSON.stringify({ jwtExtendedToken: tokens.extendedDataToken, [field]: value }));
      // A whole body of extremes at once.
      bodies.push(
        JSON.stringify({
          jwtExtendedToken: tokens.extendedDataToken,
          startDate: '9999-12-31',
          endDate: '9999-12-31T23:59:59.999999',
          siteIds: Array.from({ length: 50_000 }, (_, i) => i),
          limit: 1e9,
          skip: -5,
          sort: [{ column: 'x; DROP TABLE sites', direction: 'sideways' }],
          requestedData: 999,
        }),
      );
      // An export takes its endpoint's request and the CSV's options: each part of them is fuzzed.
      // On PostgreSQL each part gets every fourth value, as the fields above.
      if (route.path.endsWith('/export'))
        bodies.push(
          ...exportBodies(tokens.extendedDataToken, (k, v) => driver === 'duckdb' || (k + v) % 4 === 0),
        );
      const queue = route.method === 'GET' ? RAW_BODIES.map(() => undefined) : bodies;
      // Eight at a time: a busy server, not a serial trickle.
      for (let i = 0; i < queue.length; i += 8) {
        const batch = queue.slice(i, i + 8);
        const answers = await Promise.all(batch.map((b) => send(server, route, auth, b)));
        answers.forEach((status, k) => {
          total++;
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (status >= 500)
            failures.push(`${route.method} ${route.path} ${status} ${String(batch[k]).slice(0, 120)}`);
        });
      }
    }
    console.log(
      `fuzz (${driver}): ${total} requests over ${routes.length} routes; answers by status ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`,
    );
    expect(failures).toEqual([]);
  }, 600_000);
});
