import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type Tokens } from '../fixtures/analytics/client';
import { DRIVERS, startTestServer, type TestServer } from './harness';

// Inputs that once answered 500 or a cut file: export options the CSV cannot be written with, and
// control characters in the texts the store compares. Each gets a 400 naming the field (or the
// answer an unknown user gets) before anything is written.

const LOG = '/api/data/communications/log';
const P = { startDate: '2026-10-21', endDate: '2026-11-19' };
const CSV = {
  fileName: 'Communications Log.csv',
  rows: '/values',
  total: '/totalRows',
  columns: [
    { header: 'Site', field: 'site' },
    { header: 'Duration', field: 'durationSeconds', pipe: { name: 'decimal', args: [1] } },
  ],
};

describe.each(DRIVERS)('hostile input (%s)', (driver) => {
  let server: TestServer;
  let admin: Tokens;

  beforeAll(async () => {
    server = await startTestServer({ driver });
    admin = await signIn(server, 'admin');
  });
  afterAll(async () => server?.stop());

  /** An export of the log with `csv` changed, asked with or without gzip; the whole answer read. */
  async function exportWith(csv: object, gzip: boolean) {
    const res = await fetch(`${server.url}${LOG}/export`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${admin.accessToken}`,
        'accept-encoding': gzip ? 'gzip' : 'identity',
      },
      body: JSON.stringify({
        request: P,
        csv: { ...CSV, ...csv },
        jwtExtendedToken: admin.extendedDataToken,
      }),
    });
    // fetch undoes the encoding the headers name, and fails ('incorrect header check') on a body
    // that is not what they say.
    return { status: res.status, headers: res.headers, text: await res.text() };
  }

  it('an export whose file name holds a lone surrogate is a 400 naming csv.fileName', async () => {
    for (const fileName of ['Log \uD800.csv', 'Log \uDC00 end.csv', '\uDBFF']) {
      const r = await exportWith({ fileName }, false);
      expect(r.status, fileName).toBe(400);
      expect(JSON.parse(r.text), fileName).toMatchObject({ field: '/csv/fileName' });
    }
    // A name with a whole pair (an emoji) is fine.
    const ok = await exportWith({ fileName: 'Log 📞.csv' }, false);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-disposition')).toContain("filename*=UTF-8''Log%20%F0%9F%93%9E.csv");
  });

  it('an export with a pipe digits argument out of range is a 400 naming it, with or without gzip', async () => {
    for (const digits of [-1, 21, 101, 1e308, 'x', '-0.5']) {
      for (const gzip of [false, true]) {
        const columns = [CSV.columns[0], { ...CSV.columns[1], pipe: { name: 'decimal', args: [digits] } }];
        const r = await exportWith({ columns }, gzip);
        const what = `digits ${digits}, gzip ${gzip}`;
        expect(r.status, what).toBe(400);
        expect(JSON.parse(r.text), what).toMatchObject({
          error: 'Bad Request',
          field: '/csv/columns/1/pipe/args/0',
        });
      }
    }
    for (const name of ['percent', 'currency']) {
      const columns = [{ ...CSV.columns[1], pipe: { name, args: [-1] } }];
      const r = await exportWith({ columns }, false);
      expect(r.status, name).toBe(400);
      expect(JSON.parse(r.text)).toMatchObject({ field: '/csv/columns/0/pipe/args/0' });
    }
    // In range, the file is whole: a header and a line per row.
    const columns = [CSV.columns[0], { ...CSV.columns[1], pipe: { name: 'decimal', args: [20] } }];
    const r = await exportWith({ columns }, true);
    expect(r.status).toBe(200);
    const lines = r.text.trim().split('\r\n');
    expect(lines.length - 1).toBe(Number(r.headers.get('x-export-total')));
    expect(lines.length).toBeGreaterThan(100);
  });

  /** POSTs a JSON body to an auth route. */
  async function postJson(path: string, body: object) {
    const res = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  it('a username with a control character is a 400 naming it on /token and /forgotpassword', async () => {
    for (const username of [
      'admin\u0000',
      '\u0000',
      'ad\u0007min',
      'admin\u001f',
      'admin\u007f',
      'adm\u0085in',
    ]) {
      const token = await postJson('/token', {
        grantType: 'password',
        clientId: 'HawkEye',
        username,
        password: 'Demo1234',
      });
      expect(token.status, JSON.stringify(username)).toBe(400);
      expect(token.body.field).toBe('/username');
      const forgot = await postJson('/forgotpassword', { username });
      expect(forgot.status, JSON.stringify(username)).toBe(400);
      expect(forgot.body.field).toBe('/username');
    }
  });
});
