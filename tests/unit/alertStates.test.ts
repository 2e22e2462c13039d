import { describe, expect, it } from 'vitest';
import {
  type AlertTiming,
  advanceAlertStates,
  type EntityState,
} from '../../src/server/deliveries/alertStates';
import type { AlertObservation } from '../../src/server/deliveries/compute';

const HOUR = 3_600_000;
const timing: AlertTiming = { holdFor: 2, repeatMs: 4 * HOUR };
const site = (breached: boolean, value = 0.4): AlertObservation => ({
  entityKind: 'site',
  entityId: 7,
  entityName: 'Maple Court',
  value,
  volume: 120,
  breached,
});

/** Evaluations one after another: each returns what the user is told, and keeps the states. */
function evaluator(t: AlertTiming = timing) {
  let states: EntityState[] = [];
  return (hour: number, observations: AlertObservation[], o: { version?: string; quiet?: boolean } = {}) => {
    const result = advanceAlertStates(states, observations, {
      timing: t,
      at: new Date(Date.UTC(2026, 10, 23, hour)),
      version: o.version ?? `v${hour}`,
      quiet: o.quiet ?? false,
    });
    const byKey = new Map(states.map((s) => [`${s.entityKind}:${s.entityId}`, s]));
    for (const s of result.changed) byKey.set(`${s.entityKind}:${s.entityId}`, s);
    states = [...byKey.values()];
    return {
      told: result.notices.map((n) => `${n.from}->${n.to}${n.repeat ? ' (repeat)' : ''}`),
      state: states[0]?.state ?? 'ok',
      withheld: result.withheld,
    };
  };
}

describe('alert states per entity', () => {
  it('holds a breach pending, fires once, repeats on the interval only, and resolves once', () => {
    const run = evaluator();
    expect(run(8, [site(true)])).toMatchObject({ told: [], state: 'pending' });
    expect(run(9, [site(true)])).toMatchObject({ told: ['pending->firing'], state: 'firing' });
    expect(run(10, [site(true)])).toMatchObject({ told: [], state: 'firing' });
    expect(run(12, [site(true)])).toMatchObject({ told: [], state: 'firing' });
    expect(run(13, [site(true)])).toMatchObject({ told: ['firing->firing (repeat)'] });
    expect(run(14, [site(true)])).toMatchObject({ told: [] });
    expect(run(15, [site(false)])).toMatchObject({ told: ['firing->resolved'], state: 'resolved' });
    expect(run(16, [site(false)])).toMatchObject({ told: [], state: 'resolved' });
  });

  it('counts evaluations of the same data once toward the hold', () => {
    const run = evaluator();
    expect(run(8, [site(true)], { version: 'v1' })).toMatchObject({ state: 'pending' });
    expect(run(9, [site(true)], { version: 'v1' })).toMatchObject({ told: [], state: 'pending' });
    expect(run(10, [site(true)], { version: 'v2' })).toMatchObject({ told: ['pending->firing'] });
  });

  it('drops a pending breach that does not hold, silently', () => {
    const run = evaluator();
    run(8, [site(true)]);
    expect(run(9, [site(false)])).toMatchObject({ told: [], state: 'ok' });
    expect(run(10, [site(true)])).toMatchObject({ told: [], state: 'pending' });
  });

  it('fires at once with a hold of 1, and an entity that disappears counts as recovered', () => {
    const run = evaluator({ holdFor: 1, repeatMs: null });
    expect(run(8, [site(true)])).toMatchObject({ told: ['ok->firing'], state: 'firing' });
    expect(run(30, [site(true)])).toMatchObject({ told: [] });
    expect(run(31, [])).toMatchObject({ told: ['firing->resolved'] });
  });

  it('keeps quiet hours: what fires meanwhile is told after them, a breach over by then is not', () => {
    const run = evaluator({ holdFor: 1, repeatMs: 4 * HOUR });
    expect(run(2, [site(true)], { quiet: true })).toMatchObject({ told: [], state: 'firing', withheld: 1 });
    expect(run(3, [site(true)], { quiet: true })).toMatchObject({ told: [], withheld: 1 });
    expect(run(7, [site(true)])).toMatchObject({ told: ['ok->firing'], state: 'firing' });

    const other = evaluator({ holdFor: 1, repeatMs: null });
    other(2, [site(true)], { quiet: true });
    expect(other(3, [site(false)], { quiet: true })).toMatchObject({ told: [], state: 'ok', withheld: 0 });
    expect(other(7, [site(false)])).toMatchObject({ told: [], state: 'ok' });
  });

  it('tells a resolve that happened during quiet hours after them, if the firing was told', () => {
    const run = evaluator({ holdFor: 1, repeatMs: null });
    run(20, [site(true)]);
    expect(run(23, [site(false)], { quiet: true })).toMatchObject({
      told: [],
      state: 'resolved',
      withheld: 1,
    });
    expect(run(7, [site(false)])).toMatchObject({ told: ['firing->resolved'] });
  });
});
