import { describe, expect, it } from 'vitest';
import { CLAIM_CHECK_TTL_MS, ClaimChecks } from '../../src/server/auth/claimChecks';
import { SESSION_CHECK_TTL_MS, SessionRevocations } from '../../src/server/auth/revokedSessions';
import type { Queryable } from '../../src/server/store';

/**
 * A database that answers 'held' or 'revoked' while `state.yes` is true, and counts the queries. Its
 * answers can be held back (`state.gate`), to ask twice while the first answer is on its way.
 */
function fakeDb() {
  const state = { yes: false, queries: 0, fail: false, gate: undefined as Promise<void> | undefined };
  const db = {
    async query() {
      state.queries++;
      await state.gate;
      if (state.fail) throw new Error('database gone');
      return state.yes ? [{ held: 1 }] : [];
    },
  } as unknown as Queryable;
  return { db, state };
}

/** A clock the test moves by hand. */
function fakeClock() {
  const clock = { now: 1_000_000 };
  return { clock, now: () => clock.now };
}

const ILS = { type: 'HawkEyeDashboardILS', value: 'Read' };
const EDITOR = { type: 'HawkEyeDashboardEditor', value: 'Write' };

describe('ClaimChecks', () => {
  it('asks the database once for the panels of a page that ask together, and once per user and claim', async () => {
    const { db, state } = fakeDb();
    state.yes = true;
    let open = () => {};
    state.gate = new Promise((r) => {
      open = r;
    });
    const claims = new ClaimChecks(db, fakeClock().now);
    const four = [1, 2, 3, 4].map(() => claims.holds(7, ILS));
    open();
    expect(await Promise.all(four)).toEqual([true, true, true, true]);
    expect(state.queries).toBe(1);
    await claims.holds(8, ILS);
    await claims.holds(7, EDITOR);
    expect(state.queries).toBe(3);
  });

  it('sees a claim granted or taken away by another process within CLAIM_CHECK_TTL_MS, not later', async () => {
    const { db, state } = fakeDb();
    const { clock, now } = fakeClock();
    const claims = new ClaimChecks(db, now);
    expect(await claims.holds(7, ILS)).toBe(false);
    state.yes = true; // `npm run users -- grant` elsewhere
    clock.now += CLAIM_CHECK_TTL_MS - 1;
    expect(await claims.holds(7, ILS)).toBe(false);
    clock.now += 1;
    expect(await claims.holds(7, ILS)).toBe(true);
    state.yes = false; // taken away elsewhere: a held claim is not kept for good either
    clock.now += CLAIM_CHECK_TTL_MS;
    expect(await claims.holds(7, ILS)).toBe(false);
  });

  it('keeps no failed lookup: the next request asks again', async () => {
    const { db, state } = fakeDb();
    const claims = new ClaimChecks(db, fakeClock().now);
    state.fail = true;
    await expect(claims.holds(7, ILS)).rejects.toThrow('database gone');
    state.fail = false;
    state.yes = true;
    expect(await claims.holds(7, ILS)).toBe(true);
    expect(state.queries).toBe(2);
  });
});

describe('SessionRevocations', () => {
  it('ends a session this process ended at once, and one ended elsewhere within SESSION_CHECK_TTL_MS', async () => {
    const { db, state } = fakeDb();
    const { clock, now } = fakeClock();
    const sessions = new SessionRevocations(db, now);
    expect(await sessions.isRevoked('a')).toBe(false);
    sessions.ended('a');
    expect(await sessions.isRevoked('a')).toBe(true);
    expect(await sessions.isRevoked('b')).toBe(false);
    state.yes = true; // a logout through another instance
    clock.now += SESSION_CHECK_TTL_MS - 1;
    expect(await sessions.isRevoked('b')).toBe(false);
    clock.now += 1;
    expect(await sessions.isRevoked('b')).toBe(true);
  });

  it('keeps an ended session ended without asking again', async () => {
    const { db, state } = fakeDb();
    const { clock, now } = fakeClock();
    const sessions = new SessionRevocations(db, now);
    state.yes = true;
    expect(await sessions.isRevoked('a')).toBe(true);
    state.yes = false;
    clock.now += 100 * SESSION_CHECK_TTL_MS;
    expect(await sessions.isRevoked('a')).toBe(true);
    expect(state.queries).toBe(1);
  });
});
