import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { type MailMessage, sendMail } from '../mail/sendMail';
import type { Store } from '../store';
import { markMailed, markMailFailed } from './submissions';

/** What mailing a copy needs. */
export interface CopyContext {
  store: Store;
  config: Config;
  log: FastifyBaseLogger;
}

/**
 * Sends the copies of stored submissions after their 200 has gone out. A failure is logged and
 * noted on the row (mail_error), never thrown: the submission is already safe in the database and
 * `npm run forms -- resend` retries it. `settle()` waits for the form requests and copies in
 * flight, so a graceful shutdown closes the store only once they are done.
 */
export class MailCopies {
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(private readonly ctx: CopyContext) {}

  /** Counts `work` (a form request being handled) as in flight until it ends. */
  track<T>(work: Promise<T>): Promise<T> {
    const p = work.finally(() => this.inFlight.delete(p));
    this.inFlight.add(p);
    return p;
  }

  /** Starts mailing the copy of submission `id`; resolves when done, never rejects. */
  send(id: number, message: MailMessage): Promise<void> {
    return this.track(this.deliver(id, message));
  }

  /** Waits until no form request or copy is in flight (a request ending may start a copy). */
  async settle(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  private async deliver(id: number, message: MailMessage): Promise<void> {
    const { store, config, log } = this.ctx;
    try {
      const delivery = await sendMail({ config, log }, message);
      await markMailed(store, id);
      log.info({ submissionId: id, via: delivery.via }, 'form submission copy mailed');
    } catch (err) {
      log.error({ err, submissionId: id }, 'form submission stored, but its copy could not be mailed');
      await markMailFailed(store, id, err instanceof Error ? err.message : String(err)).catch((e) =>
        log.error({ err: e, submissionId: id }, 'could not note the mail failure'),
      );
    }
  }
}
