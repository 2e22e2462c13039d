// PLACEHOLDER until h61defs merges: the real module computes every figure through the app's own
// endpoints as the recipient and renders it with react-email. This stand-in returns simple messages
// of the same shape so h61send's machinery tests run; the coordinator replaces it.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Store } from '../store';
import type { DeliveryDefinitions } from './definitions';
import type { Recipient } from './recipient';

export interface DeliveryContext {
  app: FastifyInstance;
  store: Store;
  config: Config;
  definitions: DeliveryDefinitions;
}

export interface RenderedMessage {
  subject: string;
  html: string;
  text: string;
  attachments: { filename: string; cid: string; contentType: 'image/png'; content: Buffer }[];
  link: string;
  figures: { title: string; value: string }[];
}

export type AlertState = 'ok' | 'pending' | 'firing' | 'resolved';

export interface AlertObservation {
  entityKind: 'site' | 'employee';
  entityId: number;
  entityName: string;
  value: number | null;
  volume: number;
  breached: boolean;
}

export interface AlertTransition {
  entityKind: 'site' | 'employee';
  entityId: number;
  entityName: string;
  from: AlertState;
  to: AlertState;
  value: number | null;
  repeat?: boolean;
}

/** A 1x1 PNG, as a chart would be attached. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

function message(
  ctx: DeliveryContext,
  recipient: Recipient,
  subject: string,
  figures: RenderedMessage['figures'],
): RenderedMessage {
  const link = `${ctx.config.publicUrl}/dashboard/home`;
  const hello = `Hello ${recipient.displayName} (${recipient.email})`;
  return {
    subject,
    html: `<h1>${subject}</h1><p>${hello.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</p>${figures.map((f) => `<p>${f.title}: <b>${f.value}</b></p>`).join('')}<img src="cid:chart-1"><p><a href="${link}">Open in HawkEye</a></p>`,
    text: `${subject}\n\n${hello}\n\n${figures.map((f) => `${f.title}: ${f.value}`).join('\n')}\n\n${link}\n`,
    attachments: [{ filename: 'chart-1.png', cid: 'chart-1', contentType: 'image/png', content: PIXEL }],
    link,
    figures,
  };
}

/** PLACEHOLDER: a digest message naming its period's end. */
export async function renderDigest(
  ctx: DeliveryContext,
  a: { digestId: string; recipient: Recipient; at: Date },
): Promise<RenderedMessage> {
  const d = ctx.definitions.digests.get(a.digestId);
  return message(ctx, a.recipient, `${d?.title ?? a.digestId}: ${d?.period ?? ''}`, [
    { title: 'Scheduled for', value: a.at.toISOString() },
  ]);
}

/** PLACEHOLDER: one observation per site the recipient may see (50% missed), breached above 'maxPercent'. */
export async function evaluateAlertRule(
  ctx: DeliveryContext,
  a: { ruleId: string; recipient: Recipient; thresholds?: Record<string, number>; at: Date },
): Promise<AlertObservation[]> {
  const limit = a.thresholds?.maxPercent ?? 25;
  const sites = await ctx.store.query<{ id: number; name: string }>(
    `SELECT s.id, s.name FROM sites s, users u
     WHERE u.id = $1 AND (u.all_account_access OR s.account_id IN (SELECT account_id FROM user_accounts WHERE user_id = $1))
     ORDER BY s.id LIMIT 3`,
    [a.recipient.userId],
  );
  return sites.map((s) => ({
    entityKind: 'site' as const,
    entityId: s.id,
    entityName: s.name,
    value: 50,
    volume: 100,
    breached: 50 > limit,
  }));
}

/** PLACEHOLDER: an alert message listing its transitions. */
export async function renderAlert(
  ctx: DeliveryContext,
  a: { ruleId: string; recipient: Recipient; transitions: AlertTransition[]; at: Date },
): Promise<RenderedMessage> {
  const r = ctx.definitions.alertRules.get(a.ruleId);
  return message(
    ctx,
    a.recipient,
    `${r?.title ?? a.ruleId}: ${a.transitions.length} change${a.transitions.length === 1 ? '' : 's'}`,
    a.transitions.map((t) => ({ title: t.entityName, value: `${t.to}${t.repeat ? ' (still)' : ''}` })),
  );
}
