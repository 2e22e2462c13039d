import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Config } from '../config';
import { sendMail } from '../mail/sendMail';
import type { RenderedMessage } from './compute';
import { InternalTargetError, pinnedLookup, webhookAddresses, webhookAllowList } from './webhookTarget';

/**
 * The two ways a message leaves. Email: through SMTP_URL, else into DATA_DIR/outbox, with its
 * HTML, its plain-text part, its charts attached by cid and a Message-ID fixed by the occurrence.
 * Webhook: a Slack-compatible JSON POST (text and blocks), signed when the subscription has a
 * secret: `X-HawkEye-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">`, the timestamp
 * (Unix seconds) in `X-HawkEye-Timestamp`; `X-HawkEye-Delivery` carries the message id, the same
 * on a retry, so a receiver can drop a repeat. Only to hosts on the internet, unless allowed
 * (webhookTarget.ts).
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

/** What a webhook request answered: its status, or the reason it could not be made. */
function post(
  url: URL,
  headers: Record<string, string>,
  body: string,
  lookup: LookupFunction,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      lookup,
      // A connection of its own, closed after the answer: none is kept that was checked for another.
      agent: false,
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    request.on('error', reject);
    request.on('response', (res) => {
      // Only the status counts: the body is not read.
      res.destroy();
      resolve(res.statusCode ?? 0);
    });
    request.end(body);
  });
}

/**
 * POSTs `msg` to a webhook; answers the host it went to, throws with the reason when it did not
 * arrive. The host's addresses are checked first (webhookTarget.ts: nothing internal unless
 * WEBHOOK_ALLOWED_HOSTS allows it) and the request connects to one of those; a redirect is not
 * followed (it fails, with its status).
 */
export async function sendWebhook(
  config: Pick<Config, 'webhookAllowedHosts'>,
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
  const target = new URL(url);
  const host = target.host;
  let status: number;
  try {
    const addresses = await webhookAddresses(target.hostname, webhookAllowList(config.webhookAllowedHosts));
    status = await post(target, headers, body, pinnedLookup(addresses) as LookupFunction);
  } catch (err) {
    if (err instanceof InternalTargetError)
      throw new Error(`The webhook at ${host} was not called: ${err.message}`);
    const e = err as { code?: string; name?: string; cause?: { code?: string }; message: string };
    const cause =
      e.code === 'ABORT_ERR' || e.name === 'AbortError' || e.name === 'TimeoutError'
        ? `no answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`
        : (e.code ?? e.cause?.code ?? e.message);
    throw new Error(`The webhook at ${host} could not be reached (${cause})`);
  }
  if (status >= 300 && status < 400)
    throw new Error(`The webhook at ${host} answered ${status}, a redirect, which is not followed`);
  if (status < 200 || status >= 300) throw new Error(`The webhook at ${host} answered ${status}`);
  return host;
}
