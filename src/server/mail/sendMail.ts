import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config';

/** A message to send: plain text always, HTML when the sender has a richer version. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where replies should go (e.g. the user who filled in a support form). */
  replyTo?: string;
  /**
   * A fixed Message-ID ('<...@domain>'): a message sent again after a crash is the same message
   * (mail clients keep one copy), and its outbox file, named by it, is written over.
   */
  messageId?: string;
  /** Files sent with the message; an image with a `cid` is shown where the HTML says `cid:<cid>`. */
  attachments?: { filename: string; cid?: string; contentType: string; content: Buffer }[];
}

/** What sending needs: the mail settings, and optionally a logger to note outbox deliveries. */
export interface MailContext {
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>;
  log?: { info(obj: object, msg: string): void };
}

/** How a message left: through SMTP, or into the outbox folder (with the file written). */
export type MailDelivery =
  | { via: 'smtp'; messageId: string }
  | { via: 'outbox'; file: string; messageId: string };

/** The folder messages go to when no SMTP server is configured. */
export function outboxDir(dataDir: string): string {
  return join(dataDir, 'outbox');
}

// One pooled SMTP transport per URL, so repeated mails reuse the connection.
const smtpTransports = new Map<string, Transporter>();

function smtpTransport(url: string): Transporter {
  let t = smtpTransports.get(url);
  if (!t) {
    t = nodemailer.createTransport(url);
    smtpTransports.set(url, t);
  }
  return t;
}

/**
 * Sends a message: through SMTP when SMTP_URL is set, otherwise writes it as an .eml file to
 * DATA_DIR/outbox (<timestamp>-<id>.eml, or <message id>.eml) so a demo or a test can read what
 * would have been sent.
 */
export async function sendMail(ctx: MailContext, msg: MailMessage): Promise<MailDelivery> {
  const envelope = {
    from: ctx.config.mailFrom,
    to: msg.to,
    subject: msg.subject,
    text: msg.text,
    ...(msg.html ? { html: msg.html } : {}),
    ...(msg.replyTo ? { replyTo: msg.replyTo } : {}),
    ...(msg.messageId ? { messageId: msg.messageId } : {}),
    ...(msg.attachments?.length ? { attachments: msg.attachments } : {}),
  };
  if (ctx.config.smtpUrl) {
    const info = await smtpTransport(ctx.config.smtpUrl).sendMail(envelope);
    return { via: 'smtp', messageId: String(info.messageId) };
  }
  const info = await nodemailer.createTransport({ streamTransport: true, buffer: true }).sendMail(envelope);
  const dir = outboxDir(ctx.config.dataDir);
  await mkdir(dir, { recursive: true });
  // Named by a fixed Message-ID (written over when sent again), else sortable by time, unique
  // within the millisecond. Written whole beside the folder, then renamed into it: the outbox
  // never holds half a message, nor any file but messages.
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const name = msg.messageId
    ? msg.messageId.replace(/^<|>$/g, '').replace(/[^\w.@-]/g, '_')
    : `${stamp}-${randomUUID().slice(0, 8)}`;
  const file = join(dir, `${name}.eml`);
  const partial = join(ctx.config.dataDir, `.outbox-${name}.${randomUUID().slice(0, 8)}.partial`);
  await writeFile(partial, info.message as Buffer, { mode: 0o600 });
  await rename(partial, file);
  ctx.log?.info(
    { file, to: msg.to, subject: msg.subject },
    'mail written to the outbox (SMTP_URL is not set)',
  );
  return { via: 'outbox', file, messageId: String(info.messageId) };
}
