import { isConnectionFailure } from './errors';
import { PostgresStore } from './postgres';
import type { BulkColumn, Param, Queryable, Row, Store, TransactionOptions } from './Store';

/** How the read pool is kept. */
export interface ReplicaOptions {
  /** A replica further behind the primary than this is out of the read pool (REPLICA_MAX_LAG_MS). */
  maxLagMs: number;
  /** How often each replica's lag is measured (REPLICA_CHECK_INTERVAL_MS). */
  checkIntervalMs: number;
  /** Connections per replica (default 8, as the primary). */
  poolSize?: number;
  /** Told whenever a replica enters or leaves the read pool (the server logs it). */
  onChange?: (replica: ReplicaState) => void;
}

/** What the store knows of one replica. */
export interface ReplicaState {
  /** host:port of the replica (never its credentials). */
  name: string;
  /** Whether reads may go to it now. */
  inPool: boolean;
  /** How far behind the primary it was at the last check; null when unknown. */
  lagMs: number | null;
  /** Why it is out of the pool; empty when in. */
  reason: string;
}

/** Errors of a query on a replica that the primary answers instead: out of reach, or cancelled by recovery. */
function replicaCannotAnswer(err: unknown): boolean {
  if (isConnectionFailure(err)) return true;
  // 40001: 'canceling statement due to conflict with recovery' (the standby replayed a change the
  // query's snapshot still needed); the same statement on the primary has no such conflict.
  const code = (err as { code?: unknown })?.code;
  if (code === '40001' || code === '40P01') return true;
  // The replica pool's own time limit (a replica that stopped answering without closing).
  return /Query read timeout/.test(String((err as { message?: unknown })?.message));
}

/** A replica that holds a query this long is taken as gone; the primary runs it. */
const REPLICA_QUERY_TIMEOUT_MS = 30_000;

/** `promise`, or a rejection after `ms` (a server that stopped answering without closing). */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took more than ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** An LSN ('16/B374D848') as a number of bytes, for comparing two positions in the WAL. */
function lsnBytes(lsn: string): bigint {
  const [hi, lo] = lsn.split('/');
  return (BigInt(`0x${hi}`) << 32n) + BigInt(`0x${lo}`);
}

/** The host:port of a URL, for logs; never the user or password. */
function hostOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || '5432'}`;
  } catch {
    return 'replica';
  }
}

const NOT_CHECKED = 'not checked yet';

class Replica implements ReplicaState {
  inPool = false;
  lagMs: number | null = null;
  reason = NOT_CHECKED;
  /** The consistency marker (the data version) this replica is known to have replayed. */
  confirmed?: string;
  /** What reads on it run through: the replica, or the primary for a statement it cannot answer. */
  readonly reader: Queryable;

  constructor(
    readonly name: string,
    /** The pool the reads use. */
    readonly store: PostgresStore,
    /** One connection of its own for the lag checks, which must not wait behind the reads. */
    readonly checks: PostgresStore,
    fallBack: (replica: Replica, err: unknown) => Queryable,
  ) {
    const replica = this;
    const readOnly = () => Promise.reject(new Error(`A replica reader is for reads only (${name})`));
    this.reader = {
      async query<T extends Row = Row>(sql: string, params?: readonly Param[]): Promise<T[]> {
        try {
          return await store.query<T>(sql, params);
        } catch (err) {
          // Reads are safe to run again: the primary answers the statement the replica could not.
          return fallBack(replica, err).query<T>(sql, params);
        }
      },
      exec: readOnly,
      bulkInsert: readOnly,
    };
  }
}

/**
 * PostgreSQL with streaming replicas: every statement, transaction and write goes to the primary,
 * as with PostgresStore; `reader()` hands out a replica for reads that may be served from one (the
 * analytics queries). A replica is in the read pool while it answers and is no further behind the
 * primary than `maxLagMs`, measured every `checkIntervalMs`: the primary's WAL position is sampled
 * at each check, and a replica's lag is the time since the primary first wrote past what the
 * replica has replayed (so a long import transaction does not count as lag while the replica keeps
 * up with it). A replica that fails a statement is taken out at once and the primary runs the
 * statement; it comes back at the next check that finds it answering and caught up.
 */
export class ReplicatedStore implements Store {
  readonly kind = 'postgres' as const;
  private readonly list: Replica[];
  private next = 0;
  /** The primary's WAL position at recent checks, oldest first. */
  private samples: { at: number; lsn: bigint }[] = [];
  private timer?: NodeJS.Timeout;
  private checking?: Promise<void>;
  private closed = false;

  /** One connection to the primary for the lag checks, apart from the requests' pool. */
  private readonly primaryChecks: PostgresStore;

  private constructor(
    private readonly primary: PostgresStore,
    primaryUrl: string,
    replicaUrls: readonly string[],
    private readonly opts: ReplicaOptions,
  ) {
    this.primaryChecks = PostgresStore.connect(primaryUrl, { poolSize: 1, connectTimeoutMs: 2_000 });
    this.list = replicaUrls.map(
      (url) =>
        new Replica(
          hostOf(url),
          // As the primary's pool: a request waits up to 10 s for a connection (a busy pool's queue
          // included: a shorter wait would take a busy replica for a gone one). A replica that
          // holds a query past the limit is taken as gone.
          PostgresStore.connect(url, { poolSize: opts.poolSize, queryTimeoutMs: REPLICA_QUERY_TIMEOUT_MS }),
          PostgresStore.connect(url, { poolSize: 1, connectTimeoutMs: 2_000 }),
          (replica, err) => {
            if (!replicaCannotAnswer(err)) throw err;
            this.takeOut(replica, `a query failed: ${(err as Error).message}`);
            return this.primary;
          },
        ),
    );
  }

  /**
   * Opens the primary (waiting up to `waitMs` for it, as PostgresStore.open) and the replicas
   * (without waiting: one that is down starts out of the pool), measures them once, then keeps
   * measuring them in the background.
   */
  static async open(
    primaryUrl: string,
    replicaUrls: readonly string[],
    opts: ReplicaOptions & { waitMs?: number },
  ): Promise<ReplicatedStore> {
    if (!(opts.checkIntervalMs > 0)) throw new Error('REPLICA_CHECK_INTERVAL_MS must be more than 0');
    const primary = await PostgresStore.open(primaryUrl, { poolSize: opts.poolSize, waitMs: opts.waitMs });
    const store = new ReplicatedStore(primary, primaryUrl, replicaUrls, opts);
    await store.checkReplicas();
    store.timer = setInterval(() => void store.checkReplicas(), opts.checkIntervalMs);
    store.timer.unref();
    return store;
  }

  query<T extends Row = Row>(sql: string, params?: readonly Param[]): Promise<T[]> {
    return this.primary.query<T>(sql, params);
  }

  exec(sql: string): Promise<void> {
    return this.primary.exec(sql);
  }

  bulkInsert(table: string, columns: readonly BulkColumn[], rows: readonly (readonly unknown[])[]) {
    return this.primary.bulkInsert(table, columns, rows);
  }

  transaction<T>(fn: (tx: Queryable) => Promise<T>, opts?: TransactionOptions): Promise<T> {
    return this.primary.transaction(fn, opts);
  }

  /** The primary's (Store.dataChanges): the data version is read there. */
  get dataChanges(): number | undefined {
    return this.primary.dataChanges;
  }

  watchDataChanges(listenUrl?: string): void {
    this.primary.watchDataChanges(listenUrl);
  }

  /** Each replica's state, as of the last check or failed statement. */
  replicas(): ReplicaState[] {
    return this.list.map(({ name, inPool, lagMs, reason }) => ({ name, inPool, lagMs, reason }));
  }

  /**
   * Where a read that must agree with the primary runs: the next replica in the pool whose
   * `readMarker` (e.g. the data version) equals `expected`, read from the primary by the caller;
   * the primary when no replica is in the pool or none has replayed that far. A replica's marker
   * only moves forward, so once it matched it is not read again for the same `expected`.
   */
  async reader(expected: string, readMarker: (q: Queryable) => Promise<string>): Promise<Queryable> {
    const pool = this.list.filter((r) => r.inPool);
    if (!pool.length) return this.primary;
    const replica = pool[this.next++ % pool.length];
    if (replica.confirmed !== expected) {
      let marker: string;
      try {
        marker = await readMarker(replica.store);
      } catch (err) {
        if (!replicaCannotAnswer(err)) throw err;
        this.takeOut(replica, `a query failed: ${(err as Error).message}`);
        return this.primary;
      }
      // Not replayed that far yet (an import just committed): the primary answers until it has.
      if (marker !== expected) return this.primary;
      replica.confirmed = marker;
    }
    return replica.reader;
  }

  /** Measures every replica once (one round at a time; a round already running is awaited). */
  checkReplicas(): Promise<void> {
    this.checking ??= this.checkRound().finally(() => {
      this.checking = undefined;
    });
    return this.checking;
  }

  private async checkRound(): Promise<void> {
    if (this.closed) return;
    const now = Date.now();
    try {
      const [row] = await within(
        this.primaryChecks.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn'),
        this.checkTimeoutMs(),
        'checking the primary',
      );
      this.samples.push({ at: now, lsn: lsnBytes(row.lsn) });
    } catch {
      // Without the primary's position no lag can be measured; its own errors reach the requests.
      return;
    }
    // Keep the samples a lag beyond the limit could need, and at least the newest one.
    const keepFrom = now - this.opts.maxLagMs - 2 * this.opts.checkIntervalMs;
    while (this.samples.length > 1 && this.samples[0].at < keepFrom) this.samples.shift();
    await Promise.all(this.list.map((r) => this.checkReplica(r, now)));
  }

  /** A check that takes longer than this fails: the replica is out (a stuck check would stop them all). */
  private checkTimeoutMs(): number {
    return Math.max(1_000, this.opts.maxLagMs);
  }

  private async checkReplica(replica: Replica, now: number): Promise<void> {
    let row: { standby: boolean; replayed: string | null };
    try {
      [row] = await within(
        replica.checks.query<{ standby: boolean; replayed: string | null }>(
          'SELECT pg_is_in_recovery() AS standby, pg_last_wal_replay_lsn()::text AS replayed',
        ),
        this.checkTimeoutMs(),
        'the check',
      );
    } catch (err) {
      return this.takeOut(replica, `it does not answer: ${(err as Error).message}`);
    }
    if (!row.standby) return this.takeOut(replica, 'it is not a standby (pg_is_in_recovery() is false)');
    if (row.replayed === null) return this.takeOut(replica, 'it has replayed nothing yet');
    const replayed = lsnBytes(row.replayed);
    // The first sample the replica has not replayed up to: it is behind by the time since then.
    const ahead = this.samples.find((s) => s.lsn > replayed);
    const lagMs = ahead ? now - ahead.at : 0;
    replica.lagMs = lagMs;
    if (lagMs > this.opts.maxLagMs)
      return this.takeOut(replica, `it is ${lagMs} ms behind the primary (limit ${this.opts.maxLagMs} ms)`);
    if (!replica.inPool) {
      replica.inPool = true;
      replica.reason = '';
      this.opts.onChange?.(replica);
    }
  }

  private takeOut(replica: Replica, reason: string): void {
    // Told once when it leaves (or is first found out), not at every check that finds it still out.
    const changed = replica.inPool || replica.reason === NOT_CHECKED;
    replica.inPool = false;
    replica.reason = reason;
    if (changed && !this.closed) this.opts.onChange?.(replica);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.checking;
    await Promise.all([
      this.primary.close(),
      this.primaryChecks.close(),
      ...this.list.flatMap((r) => [r.store.close(), r.checks.close()]),
    ]);
  }
}
