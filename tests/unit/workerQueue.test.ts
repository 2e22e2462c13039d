import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { JobRefused, WorkerQueue } from '../../src/server/workerQueue';

// The queue of jobs on one worker thread (src/server/workerQueue.ts), with a worker that doubles a
// number: held while the gate is shut, spinning for `spinMs`, or failing when asked.
interface Job {
  value: number;
  hold?: boolean;
  spinMs?: number;
  fail?: boolean;
}

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const gate = new Int32Array(workerData.gate);
parentPort.on('message', (job) => {
  if (job.hold) Atomics.wait(gate, 0, 0, 10000);
  if (job.spinMs) { const end = Date.now() + job.spinMs; while (Date.now() < end); }
  if (job.fail) parentPort.postMessage({ ok: false, error: 'asked to fail' });
  else parentPort.postMessage({ ok: true, output: job.value * 2 });
});`;

describe('the worker queue', () => {
  let gate = new Int32Array(new SharedArrayBuffer(4));
  let started = 0;
  let queue: WorkerQueue<Job, number>;
  const open = (opts: { perCaller?: number; limit?: number; timeoutMs?: number } = {}) => {
    gate = new Int32Array(new SharedArrayBuffer(4));
    started = 0;
    queue = new WorkerQueue<Job, number>({
      start: () => {
        started++;
        return new Worker(WORKER, { eval: true, workerData: { gate: gate.buffer } });
      },
      perCaller: opts.perCaller ?? 2,
      limit: opts.limit ?? 4,
      timeoutMs: opts.timeoutMs ?? 10_000,
      what: 'test jobs',
    });
  };
  const release = () => {
    Atomics.store(gate, 0, 1);
    Atomics.notify(gate, 0);
  };
  afterEach(async () => {
    release();
    await queue.close();
  });

  it("runs each job on one thread, started once, and answers the worker's output or its error", async () => {
    open();
    expect(await queue.run('a', { value: 2 })).toBe(4);
    expect(await Promise.all([queue.run('a', { value: 3 }), queue.run('b', { value: 5 })])).toEqual([6, 10]);
    await expect(queue.run('a', { value: 1, fail: true })).rejects.toThrow('asked to fail');
    expect(await queue.run('a', { value: 7 })).toBe(14);
    expect(started).toBe(1);
  });

  it('starts the thread ahead of the first job when warmed, once', async () => {
    open({ perCaller: 1 });
    queue.warm({ value: 1, hold: true });
    queue.warm({ value: 2 });
    expect(started).toBe(1);
    // The warm-up counts for nobody: a caller's one job is taken, and waits for it.
    const first = queue.run('a', { value: 3 });
    release();
    expect(await first).toBe(6);
    expect(started).toBe(1);
  });

  it('refuses a caller past its jobs (429) and everyone past the limit (503), with a time to wait', async () => {
    open({ perCaller: 2, limit: 4 });
    const held = queue.run('a', { value: 1, hold: true });
    const queued = [queue.run('a', { value: 2 }), queue.run('b', { value: 3 }), queue.run('b', { value: 4 })];
    const mine = await queue.run('a', { value: 5 }).catch((e: unknown) => e);
    expect(mine).toBeInstanceOf(JobRefused);
    expect(mine).toMatchObject({
      statusCode: 429,
      message: 'You have 2 test jobs under way: wait for one to finish, then try again',
    });
    const full = await queue.run('c', { value: 6 }).catch((e: unknown) => e);
    expect(full).toMatchObject({ statusCode: 503 });
    expect((full as JobRefused).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    release();
    expect(await Promise.all([held, ...queued])).toEqual([2, 4, 6, 8]);
    // Each job, once done, no longer counts.
    expect(await queue.run('a', { value: 8 })).toBe(16);
    expect(queue.size).toBe(0);
  });

  it('drops a queued job whose caller has gone, and frees its place', async () => {
    open({ perCaller: 2 });
    const held = queue.run('a', { value: 1, hold: true });
    const gone = new AbortController();
    const dropped = queue.run('a', { value: 2 }, gone.signal).catch((e: unknown) => e);
    gone.abort();
    expect(await dropped).toMatchObject({ name: 'AbortError' });
    const next = queue.run('a', { value: 3 });
    release();
    expect(await Promise.all([held, next])).toEqual([2, 6]);
  });

  it('stops a job that runs too long (503) and runs the next on a new thread', async () => {
    // The limit counts from the job's start, the thread's own start included.
    open({ timeoutMs: 3_000 });
    const late = await queue.run('a', { value: 1, spinMs: 60_000 }).catch((e: unknown) => e);
    expect(late).toMatchObject({
      statusCode: 503,
      message: 'A test job took longer than 3 s and was stopped',
    });
    expect(await queue.run('a', { value: 4 })).toBe(8);
    expect(started).toBe(2);
  });
});
