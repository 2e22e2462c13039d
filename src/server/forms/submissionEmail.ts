import type { FeedbackRequest, SupportRequest } from '../../shared/api/types';
import { DEVICE_OPTIONS, optionLabel, PRODUCT_OPTIONS, SATISFACTION_OPTIONS } from '../../shared/formRules';
import type { MailMessage } from '../mail/sendMail';
import { type FormKind, SUPPORT_FIELDS } from './formBodies';

/** Who sent a form, as the copy names them. */
export interface Sender {
  username: string;
  impersonator?: string;
}

function senderLine(s: Sender): string {
  return s.impersonator ? `${s.username} (impersonated by ${s.impersonator})` : s.username;
}

/** One 'Label: value' line per field; multi-line values are indented under their label. */
function lines(fields: readonly [string, string][]): string {
  return fields
    .map(([label, value]) =>
      value.includes('\n') ? `${label}:\n  ${value.split('\n').join('\n  ')}` : `${label}: ${value || '-'}`,
    )
    .join('\n');
}

/** The support inbox's copy of a feedback submission; replies go to the user's email when given. */
export function feedbackEmail(
  body: FeedbackRequest,
  id: number,
  sender: Sender,
  inbox: string,
  receivedAt: Date,
): MailMessage {
  const satisfaction =
    optionLabel(SATISFACTION_OPTIONS, body.overallSatisfaction) ?? body.overallSatisfaction;
  const email = body.email?.trim() ?? '';
  const text = [
    `Feedback #${id} from ${senderLine(sender)}, received ${receivedAt.toISOString()}.`,
    '',
    lines([
      ['Overall satisfaction', `${body.overallSatisfaction} - ${satisfaction}`],
      ['Contact me', body.contactMe ? 'Yes' : 'No'],
      ['First name', body.firstName ?? ''],
      ['Last name', body.lastName ?? ''],
      ['Email', email],
      ['Time zone', body.ao_jstzo ?? ''],
      ['Comments', body.comments ?? ''],
    ]),
  ].join('\n');
  return {
    to: inbox,
    subject: `HawkEye feedback #${id}: ${satisfaction}${body.contactMe ? ' (contact requested)' : ''}`,
    text,
    ...(email ? { replyTo: email } : {}),
  };
}

/** The support inbox's copy of a support request; replies go to the requester. */
export function supportEmail(
  body: SupportRequest,
  id: number,
  sender: Sender,
  inbox: string,
  receivedAt: Date,
): MailMessage {
  const product = optionLabel(PRODUCT_OPTIONS, body.tfa_4) ?? body.tfa_4;
  const device = optionLabel(DEVICE_OPTIONS, body.tfa_14) ?? body.tfa_14;
  const shown: Partial<Record<keyof SupportRequest, string>> = { tfa_4: product, tfa_14: device };
  const text = [
    `Support request #${id} from ${senderLine(sender)}, received ${receivedAt.toISOString()}.`,
    'A reply is promised within 1 business day.',
    '',
    lines(
      SUPPORT_FIELDS.filter((f) => f.key !== 'tfa_27').map((f) => [
        f.label,
        shown[f.key] ?? body[f.key].trim(),
      ]),
    ),
  ].join('\n');
  return {
    to: inbox,
    subject: `HawkEye support request #${id}: ${product} on ${device}`,
    text,
    replyTo: body.tfa_26.trim(),
  };
}

/** The copy of a stored submission, rebuilt from its row (for `npm run forms -- resend`). */
export function emailForStored(
  s: {
    id: number;
    kind: FormKind;
    username: string;
    impersonator: string | null;
    payload: unknown;
    receivedAt: string;
  },
  inbox: string,
): MailMessage {
  const sender: Sender = {
    username: s.username,
    ...(s.impersonator ? { impersonator: s.impersonator } : {}),
  };
  const at = new Date(s.receivedAt);
  return s.kind === 'feedback'
    ? feedbackEmail(s.payload as FeedbackRequest, s.id, sender, inbox, at)
    : supportEmail(s.payload as SupportRequest, s.id, sender, inbox, at);
}

/** One line saying what a stored submission is about (for listings). */
export function submissionSummary(kind: FormKind, payload: unknown): string {
  const clip = (s: string | undefined, n = 60) => {
    const one = (s ?? '').replace(/\s+/g, ' ').trim();
    return one.length > n ? `${one.slice(0, n - 1)}…` : one;
  };
  if (kind === 'feedback') {
    const b = payload as FeedbackRequest;
    const label = optionLabel(SATISFACTION_OPTIONS, b.overallSatisfaction) ?? '?';
    return `${b.overallSatisfaction} ${label}${b.contactMe ? ', contact me' : ''}${b.comments ? `: ${clip(b.comments)}` : ''}`;
  }
  const b = payload as SupportRequest;
  const product = optionLabel(PRODUCT_OPTIONS, b.tfa_4) ?? b.tfa_4;
  const device = optionLabel(DEVICE_OPTIONS, b.tfa_14) ?? b.tfa_14;
  return `${product} on ${device}, ${clip(b.tfa_1, 30)} (${clip(b.tfa_26, 40)}): ${clip(b.tfa_21)}`;
}
