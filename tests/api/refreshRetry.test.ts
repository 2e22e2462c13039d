import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/auth/users';
import { DEMO_PASSWORD } from '../../src/server/seed/demoUsers';
import { DRIVERS, startTestServer, type TestServer } from './harness';

// A refresh token sent again moments after its spending (a retry whose answer was lost, two tabs
// refreshing at once, or a copy in other hands) is answered the successor it was already given: the
// session goes on as one, never as two that each rotate on their own.

interface Session {
  accessToken: string;
  refreshToken: string;
}

describe.each(DRIVERS)('a refresh sent again (%s)', (driver) => {
  let server: TestServer;
  /** The server's clock: the system's, moved forward by the tests to pass the grace period. */
  let shift = 0;

  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false, now: () => new Date(Date.now() + shift) });
    await createUser(server.ctx.store, {
      username: 'owner',
      password: DEMO_PASSWORD,
      firstName: 'Olive',
      lastName: 'Owner',
      email: 'owner@example.com',
      hasPermission: true,
      allAccountAccess: true,
      accountIds: [],
      claims: [],
    });
  });
  afterAll(async () => server?.stop());

  async function token(body: object) {
    const res = await fetch(`${server.url}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: 'HawkEye', ...body }),
    });
    return { status: res.status, body: (await res.json()) as Session & { message?: string } };
  }
  const signIn = async () =>
    (await token({ grantType: 'password', username: 'owner', password: DEMO_PASSWORD })).body;
  const refresh = (refreshToken: string) => token({ grantType: 'refresh_token', refreshToken });
  /** The refresh tokens of the session that can still be spent: one, while it goes on as one. */
  const liveTokens = async (session: Session) =>
    (
      await server.ctx.store.query<{ n: number }>(
        'SELECT count(*) AS n FROM refresh_tokens WHERE family_id = $1 AND used_at IS NULL AND revoked_at IS NULL',
        [String(decodeJwt(session.accessToken).sid)],
      )
    )[0].n;

  it('refreshes of one token at once all get the same successor, and the session goes on as one', async () => {
    const first = await signIn();
    const answers = await Promise.all(Array.from({ length: 5 }, () => refresh(first.refreshToken)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const successors = new Set(answers.map((a) => a.body.refreshToken));
    expect(successors.size).toBe(1);
    expect(successors.has(first.refreshToken)).toBe(false);
    expect(await liveTokens(first)).toBe(1);
    // Its successor goes on; the first token, its successor now spent, is a reuse that ends the session.
    const next = await refresh(answers[0].body.refreshToken);
    expect(next.status).toBe(200);
    const reused = await refresh(first.refreshToken);
    expect(reused.status).toBe(401);
    expect(reused.body.message).toMatch(/already used/);
    expect(await liveTokens(first)).toBe(0);
  });

  it('a copied token refreshed alternately with its owner’s shares one session, which one logout ends', async () => {
    let owner = await signIn();
    let copy = { ...owner };
    for (let round = 0; round < 4; round++) {
      const byOwner = await refresh(owner.refreshToken);
      const byCopy = await refresh(copy.refreshToken);
      expect([byOwner.status, byCopy.status], `round ${round}`).toEqual([200, 200]);
      expect(byCopy.body.refreshToken, `round ${round}`).toBe(byOwner.body.refreshToken);
      expect(await liveTokens(owner), `round ${round}`).toBe(1);
      owner = byOwner.body;
      copy = byCopy.body;
    }
    const out = await fetch(`${server.url}/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: owner.refreshToken }),
    });
    expect(out.status).toBe(200);
    expect((await refresh(copy.refreshToken)).status).toBe(401);
  });

  it('past the grace period, a token sent again is a reuse that ends the session for both', async () => {
    const first = await signIn();
    const second = await refresh(first.refreshToken);
    expect(second.status).toBe(200);
    shift += (server.ctx.config.refreshReuseGraceSeconds + 1) * 1000;
    const late = await refresh(first.refreshToken);
    expect(late.status).toBe(401);
    expect(late.body.message).toMatch(/already used/);
    expect((await refresh(second.body.refreshToken)).status).toBe(401);
  });
});
