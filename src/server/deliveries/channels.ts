import { createHmac } from 'node:crypto';
import type { Config } from '../config';
import { sendMail } from '../mail/sendMail';
import type { RenderedMessage } from './compute';

/**
 * The two ways a message leaves. Email: through SMTP_URL, else into DATA_DIR/outbox, with its
 * HTML, its plain-text part, its charts attached by cid and a Message-ID fixed by the occurrence.
 * Webhook: a Slack-compatible JSON POST (text and blocks), signed when the subscription has a
 * secret: `X-HawkEye-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">`, the timestamp
 * (Unix seconds) in `X-HawkEye-Timestamp`; `X-HawkEye-Delivery` carries the message id, the same
 * on a retry, so a receiver can drop a repeat.
 */

/** How long a webhook may take to answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** The domain of the sender's address (MAIL_FROM), for Message-IDs. */
export function mailDomain(config: Pick<Config, 'mailFrom'>): string {
  return /@([\w.-]+)/.exec(config.mailFrom)?.[1] ?? 'hawkeye.local';
}

/** Sends `msg` by email; answers where it went. */
export async function sendEmail(
  ctx: { config: Config; log?: { info(obj: object, msg: string): void } },
  to: string,
  msg: RenderedMessage,
  messageId: string,
): Promise<string> {
  await sendMail(ctx, {
    to,
    subject: msg.subject,
    text: msg.text,
    html: msg.html,
    messageId,
    attachments: msg.attachments.map((a) => ({ ...a })),
  });
  return to;
}

/** Slack's mrkdwn needs &, < and > escaped. */
const slackText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The Slack-compatible body of a message: a text fallback, a header, the figures as fields, the link. */
export function webhookBody(msg: RenderedMessage): Record<string, unknown> {
  const blocks: Record<string, unknown>[] = [
    { type: 'header', text: { type: 'plain_text', text: msg.subject.slice(0, 150) } },
  ];
  // Slack takes at most 10 fields per section.
  for (let i = 0; i < msg.figures.length; i += 10)
    blocks.push({
      type: 'section',
      fields: msg.figures
        .slice(i, i + 10)
        .map((f) => ({ type: 'mrkdwn', text: `*${slackText(f.title)}*\n${slackText(f.value)}` })),
    });
  blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: `<${msg.link}|Open in HawkEye>` }] });
  return { text: `${slackText(msg.subject)}: ${msg.link}`, blocks };
}

/** The signature of a webhook body: hex HMAC-SHA256 of '<timestamp>.<body>' with the secret. */
export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** POSTs `msg` to a webhook; answers the host it went to, throws with the reason when it did not arrive. */
export async function sendWebhook(
  url: string,
  secret: string | null,
  msg: RenderedMessage,
  messageId: string,
  now = new Date(),
): Promise<string> {
  const body = JSON.stringify(webhookBody(msg));
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': 'HawkEye-Deliveries',
    'x-hawkeye-timestamp': timestamp,
    'x-hawkeye-delivery': messageId,
  };
  if (secret) headers['x-hawkeye-signature'] = webhookSignature(secret, timestamp, body);
  const host = new URL(url).host;
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message;
    throw new Error(`The webhook at ${host} could not be reached (${cause})`);
  }
  await res.body?.cancel().catch(() => undefined);
  if (!res.ok) throw new Error(`The webhook at ${host} answered ${res.status}`);
  return host;
}
