import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeliveryContext } from '../../src/server/deliveries/compute';
import { startDeliveryScheduler } from '../../src/server/deliveries/scheduler';

afterEach(() => {
  vi.useRealTimers();
});

describe('the delivery scheduler', () => {
  it('runs nothing while no set of definitions has loaded, and runs at the next tick once one has', async () => {
    vi.useFakeTimers();
    // A context with no store: a run that starts fails at once, and the scheduler logs it as a warning.
    const warn = vi.fn();
    const log = { info: vi.fn(), warn } as unknown as FastifyBaseLogger;
    let loaded = false;
    const scheduler = startDeliveryScheduler({} as DeliveryContext, {
      intervalMs: 60_000,
      log,
      ready: () => loaded,
    });
    await vi.advanceTimersByTimeAsync(3 * 60_000);
    expect(warn).not.toHaveBeenCalled();
    loaded = true;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(warn).toHaveBeenCalledWith(
      expect.anything(),
      'deliveries could not run; trying again at the next tick',
    );
    await scheduler.stop();
  });
});
