import type { Queryable } from '../store';
import type { AlertObservation, AlertState, AlertTransition } from './compute';
import { isoText, utcText } from './subscriptionStore';

/**
 * An alert subscription's state per entity (a site, an employee): ok → pending (breached, held for
 * the rule's count of evaluations) → firing → resolved (no longer breached) → pending again if it
 * breaches again. The user hears of a change to firing, of a resolve (of what they were told was
 * firing), and again every repeat interval while it keeps firing; never on every evaluation.
 * Notices due during quiet hours wait: the first evaluation after them tells what is still so.
 */

export interface EntityState {
  entityKind: 'site' | 'employee';
  entityId: number;
  entityName: string;
  state: AlertState;
  /** ISO time the state began. */
  since: string;
  heldCount: number;
  /** The data version the held count last counted. */
  countedVersion: string | null;
  /** The state the user was last told of, and when (ISO). */
  notifiedState: AlertState | null;
  lastNotifiedAt: string | null;
  lastValue: number | null;
}

/** How a rule times its notices. */
export interface AlertTiming {
  /** Evaluations (of distinct data) a breach must hold before it fires; 1 fires at once. */
  holdFor: number;
  /** Milliseconds between reminders while firing; null: none. */
  repeatMs: number | null;
}

export interface Evaluation {
  /** The states to store (only those that changed). */
  changed: EntityState[];
  /** What to tell the user now (empty during quiet hours). */
  notices: AlertTransition[];
  /** Notices held back by quiet hours. */
  withheld: number;
}

const key = (kind: string, id: number) => `${kind}:${id}`;

/**
 * The next states of an evaluation at `at` of data version `version`, from the stored states and
 * the rule's observations (an entity no longer observed counts as not breached).
 */
export function advanceAlertStates(
  stored: readonly EntityState[],
  observations: readonly AlertObservation[],
  o: { timing: AlertTiming; at: Date; version: string | null; quiet: boolean },
): Evaluation {
  const atIso = o.at.toISOString();
  const byKey = new Map(stored.map((s) => [key(s.entityKind, s.entityId), s]));
  const seen = new Set<string>();
  const changed: EntityState[] = [];
  const notices: AlertTransition[] = [];
  let withheld = 0;
  const visit = (before: EntityState | undefined, obs: AlertObservation | undefined) => {
    const kind = (obs?.entityKind ?? before?.entityKind) as EntityState['entityKind'];
    const id = (obs?.entityId ?? before?.entityId) as number;
    const prev: EntityState = before ?? {
      entityKind: kind,
      entityId: id,
      entityName: obs?.entityName ?? '',
      state: 'ok',
      since: atIso,
      heldCount: 0,
      countedVersion: null,
      notifiedState: null,
      lastNotifiedAt: null,
      lastValue: null,
    };
    const next: EntityState = {
      ...prev,
      entityName: obs?.entityName ?? prev.entityName,
      lastValue: obs?.value ?? null,
    };
    const breached = obs?.breached === true;
    const newData = o.version === null || o.version !== prev.countedVersion;
    if (breached) {
      if (prev.state === 'ok' || prev.state === 'resolved') {
        next.heldCount = 1;
        next.countedVersion = o.version;
        next.state = o.timing.holdFor <= 1 ? 'firing' : 'pending';
        next.since = atIso;
      } else if (prev.state === 'pending' && newData) {
        next.heldCount = prev.heldCount + 1;
        next.countedVersion = o.version;
        if (next.heldCount >= o.timing.holdFor) {
          next.state = 'firing';
          next.since = atIso;
        }
      }
    } else if (prev.state === 'firing') {
      Object.assign(next, { state: 'resolved', since: atIso, heldCount: 0, countedVersion: null });
    } else if (prev.state === 'pending') {
      Object.assign(next, { state: 'ok', since: atIso, heldCount: 0, countedVersion: null });
    }
    // What the user should hear of now.
    let notice: AlertTransition | undefined;
    const base = {
      entityKind: next.entityKind,
      entityId: next.entityId,
      entityName: next.entityName,
      value: next.lastValue,
    };
    if (next.state === 'firing' && next.notifiedState !== 'firing')
      notice = {
        ...base,
        from: prev.state === 'firing' ? (prev.notifiedState ?? 'ok') : prev.state,
        to: 'firing',
      };
    else if (next.state === 'resolved' && next.notifiedState === 'firing')
      notice = { ...base, from: 'firing', to: 'resolved' };
    else if (
      next.state === 'firing' &&
      o.timing.repeatMs !== null &&
      next.lastNotifiedAt !== null &&
      o.at.getTime() - new Date(next.lastNotifiedAt).getTime() >= o.timing.repeatMs
    )
      notice = { ...base, from: 'firing', to: 'firing', repeat: true };
    if (notice && o.quiet) withheld++;
    else if (notice) {
      notices.push(notice);
      next.notifiedState = next.state;
      next.lastNotifiedAt = atIso;
    }
    // A resolve the user never heard the firing of is simply over.
    if (next.state === 'resolved' && next.notifiedState !== 'firing' && next.notifiedState !== 'resolved')
      next.state = 'ok';
    const same =
      before &&
      before.state === next.state &&
      before.heldCount === next.heldCount &&
      before.countedVersion === next.countedVersion &&
      before.notifiedState === next.notifiedState &&
      before.lastNotifiedAt === next.lastNotifiedAt &&
      before.lastValue === next.lastValue &&
      before.entityName === next.entityName;
    if (!same && (before || next.state !== 'ok')) changed.push(next);
  };
  for (const obs of observations) {
    const k = key(obs.entityKind, obs.entityId);
    seen.add(k);
    visit(byKey.get(k), obs);
  }
  for (const s of stored) if (!seen.has(key(s.entityKind, s.entityId))) visit(s, undefined);
  return { changed, notices, withheld };
}

type StateRow = {
  entity_kind: string;
  entity_id: number;
  entity_name: string | null;
  state: string;
  since: string;
  held_count: number;
  counted_version: string | null;
  notified_state: string | null;
  last_notified_at: string | null;
  last_value: number | null;
};

/** The stored states of a subscription. */
export async function loadAlertStates(db: Queryable, subscriptionId: number): Promise<EntityState[]> {
  const rows = await db.query<StateRow>(
    `SELECT entity_kind, entity_id, entity_name, state, since, held_count, counted_version, notified_state,
       last_notified_at, last_value
     FROM alert_states WHERE subscription_id = $1 ORDER BY entity_kind, entity_id`,
    [subscriptionId],
  );
  return rows.map((r) => ({
    entityKind: r.entity_kind as EntityState['entityKind'],
    entityId: Number(r.entity_id),
    entityName: r.entity_name ?? '',
    state: r.state as AlertState,
    since: isoText(r.since),
    heldCount: Number(r.held_count),
    countedVersion: r.counted_version,
    notifiedState: r.notified_state as AlertState | null,
    lastNotifiedAt: r.last_notified_at === null ? null : isoText(r.last_notified_at),
    lastValue: r.last_value === null ? null : Number(r.last_value),
  }));
}

/** Stores changed states (an upsert each). */
export async function saveAlertStates(db: Queryable, subscriptionId: number, states: readonly EntityState[]) {
  for (const s of states)
    await db.query(
      `INSERT INTO alert_states (subscription_id, entity_kind, entity_id, entity_name, state, since, held_count,
         counted_version, notified_state, last_notified_at, last_value)
       VALUES ($1, $2, $3, $4, $5, $6::TIMESTAMP, $7, $8, $9, $10::TIMESTAMP, $11)
       ON CONFLICT (subscription_id, entity_kind, entity_id) DO UPDATE SET entity_name = excluded.entity_name,
         state = excluded.state, since = excluded.since, held_count = excluded.held_count,
         counted_version = excluded.counted_version, notified_state = excluded.notified_state,
         last_notified_at = excluded.last_notified_at, last_value = excluded.last_value`,
      [
        subscriptionId,
        s.entityKind,
        s.entityId,
        s.entityName,
        s.state,
        utcText(new Date(s.since)),
        s.heldCount,
        s.countedVersion,
        s.notifiedState,
        s.lastNotifiedAt === null ? null : utcText(new Date(s.lastNotifiedAt)),
        s.lastValue,
      ],
    );
}
