import type { Worker } from 'node:worker_threads';

/** A job not run: its caller has too many under way (429), too many wait (503), or it ran too long (503). */
export class JobRefused extends Error {
  constructor(
    readonly statusCode: 429 | 503,
    /** When to try again (Retry-After). */
    readonly retryAfterSeconds: number,
    message: string,
  ) {
    super(message);
    this.name = 'JobRefused';
  }
}

/** The caller of warm()'s job. */
const WARM_UP = Symbol('warm-up');

/** What a worker thread answers each job with. */
export type WorkerAnswer<Out> = { ok: true; output: Out } | { ok: false; error: string };

export interface WorkerQueueOptions {
  /** Starts the worker thread, which answers each message posted to it with one WorkerAnswer. */
  start: () => Worker;
  /** Jobs of one caller queued or running at most; past them, 429. */
  perCaller: number;
  /** Jobs queued or running at most, all callers together; past them, 503. */
  limit: number;
  /** A job running longer is stopped (its worker ended; the next job starts another) and refused (503). */
  timeoutMs: number;
  /** What the jobs are, in the refusals' messages ('definition checks'). */
  what: string;
}

interface Job<In, Out> {
  caller: string | number | symbol;
  input: In;
  resolve: (output: Out) => void;
  reject: (err: unknown) => void;
  /** The caller has gone: its answer is no longer awaited. */
  abandoned: boolean;
}

/**
 * Jobs run one at a time on one worker thread, started at the first job and kept for the next ones,
 * so CPU-bound work (a large text checked for seconds) never holds the server's event loop. The
 * queue is bounded: a caller has at most `perCaller` jobs queued or running (one user cannot queue
 * everyone else out), and all callers together at most `limit`; past either a job is refused with
 * the time to wait, estimated from the recent jobs' time. A job whose caller leaves before it
 * starts (its AbortSignal) is dropped from the queue.
 */
export class WorkerQueue<In, Out> {
  private worker: Worker | undefined;
  private running: Job<In, Out> | undefined;
  private readonly waiting: Job<In, Out>[] = [];
  /** Jobs queued or running, by caller. */
  private readonly byCaller = new Map<string | number | symbol, number>();
  /** Recent jobs' time, for the Retry-After of a refusal. */
  private averageMs = 1_000;
  private startedAt = 0;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly opts: WorkerQueueOptions) {}

  /** Jobs queued or running. */
  get size(): number {
    return this.waiting.length + (this.running ? 1 : 0);
  }

  /** Runs `input` as a job of `caller`; rejects with JobRefused past the bounds, or when `signal` aborts first. */
  run(caller: string | number | symbol, input: In, signal?: AbortSignal): Promise<Out> {
    if (this.closed) return Promise.reject(new Error(`The ${this.opts.what} are closed`));
    if (signal?.aborted) return Promise.reject(signal.reason);
    const wait = Math.max(1, Math.ceil(((this.size + 1) * this.averageMs) / 1000));
    const mine = this.byCaller.get(caller) ?? 0;
    if (mine >= this.opts.perCaller)
      return Promise.reject(
        new JobRefused(
          429,
          wait,
          `You have ${mine} ${this.opts.what} under way: wait for one to finish, then try again`,
        ),
      );
    if (this.size >= this.opts.limit)
      return Promise.reject(
        new JobRefused(503, wait, `Too many ${this.opts.what} are waiting: try again in ${wait} s`),
      );
    return new Promise<Out>((resolve, reject) => {
      const job: Job<In, Out> = { caller, input, resolve, reject, abandoned: false };
      this.byCaller.set(caller, mine + 1);
      this.waiting.push(job);
      signal?.addEventListener('abort', () => this.abandon(job, signal.reason), { once: true });
      this.next();
    });
  }

  /**
   * Starts the thread ahead of the first job, running `input` on it (its answer dropped), unless it
   * is started already: the first job of a caller then does not wait for the thread's own start.
   */
  warm(input: In): void {
    if (this.worker || this.size || this.closed) return;
    this.run(WARM_UP, input).catch(() => undefined);
  }

  /** Ends the worker; queued jobs are refused. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.waiting.splice(0)) this.settle(job, () => job.reject(new Error('closed')));
    const worker = this.worker;
    this.worker = undefined;
    if (this.running) this.finish(new Error(`The ${this.opts.what} were closed`));
    await worker?.terminate();
  }

  private abandon(job: Job<In, Out>, reason: unknown): void {
    const at = this.waiting.indexOf(job);
    if (at >= 0) {
      this.waiting.splice(at, 1);
      this.settle(job, () => job.reject(reason));
    } else if (this.running === job && !job.abandoned) {
      // It holds the worker until it ends (and counts for its caller until then): only its answer is dropped.
      job.abandoned = true;
      job.reject(reason);
    }
  }

  /** Settles a job that leaves the queue, and forgets it for its caller. */
  private settle(job: Job<In, Out>, how: () => void): void {
    const left = (this.byCaller.get(job.caller) ?? 1) - 1;
    if (left > 0) this.byCaller.set(job.caller, left);
    else this.byCaller.delete(job.caller);
    if (!job.abandoned) how();
  }

  private next(): void {
    if (this.running || this.closed) return;
    const job = this.waiting.shift();
    if (!job) return;
    this.running = job;
    this.startedAt = performance.now();
    this.timer = setTimeout(() => {
      const worker = this.worker;
      this.worker = undefined;
      void worker?.terminate();
      const s = Math.ceil(this.opts.timeoutMs / 1000);
      this.finish(
        new JobRefused(
          503,
          s,
          `A ${this.opts.what.replace(/s$/, '')} took longer than ${s} s and was stopped`,
        ),
      );
    }, this.opts.timeoutMs);
    this.timer.unref();
    try {
      this.workerNow().postMessage(job.input);
    } catch (err) {
      // No thread to run it on (its file missing, say), or an input it cannot be sent: the job fails.
      this.finish(err instanceof Error ? err : new Error(String(err)));
    }
  }

  /** Ends the running job with `outcome` (an answer of the worker, or an error), then starts the next. */
  private finish(outcome: WorkerAnswer<Out> | Error): void {
    const job = this.running;
    if (!job) return;
    clearTimeout(this.timer);
    this.running = undefined;
    const ms = performance.now() - this.startedAt;
    this.averageMs = 0.7 * this.averageMs + 0.3 * ms;
    this.settle(job, () => {
      if (outcome instanceof Error) job.reject(outcome);
      else if (outcome.ok) job.resolve(outcome.output);
      else job.reject(new Error(outcome.error));
    });
    this.next();
  }

  private workerNow(): Worker {
    if (this.worker) return this.worker;
    const worker = this.opts.start();
    // An idle worker does not keep the process alive (a job under way has its request to do that).
    worker.unref();
    const gone = (err: Error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.finish(err);
    };
    worker.on('message', (answer: WorkerAnswer<Out>) => {
      if (this.worker === worker) this.finish(answer);
    });
    worker.on('error', gone);
    worker.on('exit', (code) => gone(new Error(`The ${this.opts.what}' thread ended (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }
}
