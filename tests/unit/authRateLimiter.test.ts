import { describe, expect, it } from 'vitest';
import { authLimitsFromEnv, reserveAll, tooManyMessage } from '../../src/server/auth/authLimits';
import { describeWait, SlidingWindowLimiter } from '../../src/server/auth/rateLimiter';
import { usernameKey } from '../../src/server/auth/userLookup';

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('SlidingWindowLimiter', () => {
  it('allows max events in the window, then refuses with the time until the oldest leaves', () => {
    const c = clock();
    const l = new SlidingWindowLimiter({ max: 3, windowMs: 60_000 }, c.now);
    for (let i = 0; i < 3; i++) {
      expect(l.check('u')).toEqual({ allowed: true });
      l.hit('u');
      c.advance(10_000);
    }
    // Oldest event at t0, now t0 + 30 s: 30 s to wait.
    expect(l.check('u')).toEqual({ allowed: false, retryAfterSeconds: 30 });
    c.advance(29_000);
    expect(l.check('u').allowed).toBe(false);
    c.advance(1_000);
    expect(l.check('u')).toEqual({ allowed: true });
  });

  it('slides: events leave one by one rather than all at once', () => {
    const c = clock();
    const l = new SlidingWindowLimiter({ max: 2, windowMs: 10_000 }, c.now);
    l.hit('k');
    c.advance(5_000);
    l.hit('k');
    c.advance(5_000);
    // The first event has left; the second is still counted.
    expect(l.check('k')).toEqual({ allowed: true });
    l.hit('k');
    expect(l.check('k')).toEqual({ allowed: false, retryAfterSeconds: 5 });
  });

  it('keeps keys apart, forgets a key on reset and never rounds a wait down to 0', () => {
    const c = clock();
    const l = new SlidingWindowLimiter({ max: 1, windowMs: 1_000 }, c.now);
    l.hit('a');
    expect(l.check('b')).toEqual({ allowed: true });
    c.advance(999);
    expect(l.check('a')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    l.reset('a');
    expect(l.check('a')).toEqual({ allowed: true });
  });

  it('bounds memory: a key keeps at most max times and idle keys are swept', () => {
    const c = clock();
    const l = new SlidingWindowLimiter({ max: 2, windowMs: 1_000 }, c.now);
    for (let i = 0; i < 100; i++) l.hit('busy');
    expect(l.check('busy').allowed).toBe(false);
    for (let i = 0; i < 899; i++) l.hit(`k${i}`);
    c.advance(2_000);
    // The 1000th operation sweeps every key whose events have all left the window.
    l.hit('last');
    expect(l.size).toBe(1);
  });

  it('refuses nonsensical limits', () => {
    expect(() => new SlidingWindowLimiter({ max: 0, windowMs: 1 })).toThrow(/max > 0/);
  });
});

describe('auth limits', () => {
  it('reads the limits from the environment, with defaults', () => {
    const d = authLimitsFromEnv({});
    expect(d.loginPerUsername.limit).toEqual({ max: 10, windowMs: 900_000 });
    expect(d.loginPerAddress.limit.max).toBe(50);
    expect(d.forgotPerUsername.limit.max).toBe(5);
    expect(d.impersonationPerUser.limit).toEqual({ max: 10, windowMs: 900_000 });
    const e = authLimitsFromEnv({ LOGIN_FAILURES_PER_USERNAME: '2', LOGIN_FAILURE_WINDOW_SECONDS: '5' });
    expect(e.loginPerUsername.limit).toEqual({ max: 2, windowMs: 5_000 });
    expect(() => authLimitsFromEnv({ FORGOT_PASSWORD_PER_ADDRESS: 'lots' })).toThrow(
      "FORGOT_PASSWORD_PER_ADDRESS must be a positive whole number, got 'lots'",
    );
  });

  it('reserves in every limiter, or in none, answering the longest wait among the refusals', async () => {
    const c = clock();
    const short = new SlidingWindowLimiter({ max: 1, windowMs: 10_000 }, c.now);
    const long = new SlidingWindowLimiter({ max: 1, windowMs: 60_000 }, c.now);
    const both = reserveAll([
      [short, 'x'],
      [long, 'y'],
    ]);
    expect((await both).allowed).toBe(true);
    expect(
      await reserveAll([
        [short, 'x'],
        [long, 'y'],
      ]),
    ).toEqual({ allowed: false, retryAfterSeconds: 60 });
    // A refusal by one limiter gives back what the other had reserved.
    const other = await reserveAll([
      [short, 'x2'],
      [long, 'y'],
    ]);
    expect(other.allowed).toBe(false);
    expect(short.check('x2')).toEqual({ allowed: true });
    // Released attempts no longer count.
    const granted = await both;
    if (granted.allowed) await granted.release();
    expect(short.check('x')).toEqual({ allowed: true });
    expect(long.check('y')).toEqual({ allowed: true });
  });

  it('counts attempts made at once as separate attempts: never more than max get through', async () => {
    const l = new SlidingWindowLimiter({ max: 10, windowMs: 60_000 });
    const outcomes = await Promise.all(Array.from({ length: 120 }, () => l.reserve('admin')));
    expect(outcomes.filter((o) => o.allowed)).toHaveLength(10);
  });

  it('counts every spelling of a username under one key', () => {
    expect(usernameKey('Admin')).toBe('admin');
    expect(usernameKey(' ADMIN ')).toBe('admin');
    expect(usernameKey('\uff41\uff44\uff4d\uff49\uff4e')).toBe('admin');
    // The dotted capital I lowers to 'i' + a combining dot: not 'admin', so it cannot find admin.
    expect(usernameKey('adm\u0130n')).not.toBe('admin');
  });

  it('says how long to wait in words', () => {
    expect(describeWait(1)).toBe('1 second');
    expect(describeWait(45)).toBe('45 seconds');
    expect(describeWait(60)).toBe('1 minute');
    expect(describeWait(61)).toBe('2 minutes');
    expect(tooManyMessage('failed sign-in attempts', 900)).toBe(
      'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
    );
  });
});
