import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { currentDataVersion } from '../analytics/versionedMemo';
import type { DeliveryContext } from './compute';
import { runDueDeliveries } from './runner';

/**
 * The server's own schedule: at every interval boundary (each minute by default) it runs what is
 * due, as `npm run deliveries -- run` does, and again as soon as the data version moves (an import
 * or a seed by any process: PostgreSQL announces it, DuckDB's own commit moves it), so alerts follow
 * the data. Nothing is kept in memory: what is due is read from the subscriptions and the
 * occurrences, so a restart, or several instances on one PostgreSQL database each running this
 * timer, send every occurrence once.
 */
export interface DeliveryScheduler {
  /** Stops the timers and waits for a run under way. */
  stop(): Promise<void>;
}

/** How often the data version is looked at (a memo while nothing was written: no query). */
const VERSION_CHECK_MS = 5_000;

/**
 * Starts the timers; the first run is at the next interval boundary. Each run reads the
 * definitions of `ctx` as they are then (the server's are reloaded when their files change); while
 * `ready` says no (no set has loaded yet), runs are skipped, so no occurrence fails for a digest or
 * rule that is only unreadable.
 */
export function startDeliveryScheduler(
  ctx: DeliveryContext,
  opts: { intervalMs: number; log: FastifyBaseLogger; instanceId?: string; ready?: () => boolean },
): DeliveryScheduler {
  const instanceId = opts.instanceId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const tick = async () => {
    if (stopped || opts.ready?.() === false) return;
    try {
      const lines = await runDueDeliveries(ctx, { at: new Date(), instanceId });
      for (const l of lines) {
        const fields = {
          subscription: l.subscriptionId,
          occurrence: l.occurrenceKey,
          to: l.to,
          reason: l.reason,
        };
        if (l.status === 'failed') opts.log.warn(fields, 'delivery failed');
        else opts.log.info(fields, `delivery ${l.status}`);
      }
    } catch (err) {
      opts.log.warn(
        { err: (err as Error).message },
        'deliveries could not run; trying again at the next tick',
      );
    }
  };
  const runNow = () => {
    running = running.then(tick);
    return running;
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(
      () => void runNow().finally(schedule),
      opts.intervalMs - (Date.now() % opts.intervalMs),
    );
    timer.unref();
  };
  let seen: string | null | undefined;
  let looking = false;
  const watch = setInterval(() => {
    if (looking || stopped) return;
    looking = true;
    currentDataVersion(ctx.store)
      .then(({ version }) => {
        if (seen !== undefined && version !== seen) void runNow();
        seen = version;
      })
      .catch(() => undefined)
      .finally(() => {
        looking = false;
      });
  }, VERSION_CHECK_MS);
  watch.unref();
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      clearInterval(watch);
      await running;
    },
  };
}
