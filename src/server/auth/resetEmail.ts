import type { MailMessage } from '../mail/sendMail';
import type { UserRecord } from './userLookup';

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The password reset email: the link, how long it works, and what to do if it was not requested. */
export function resetEmail(
  user: Pick<UserRecord, 'email' | 'firstName'>,
  link: string,
  ttlSeconds: number,
): MailMessage {
  const minutes = Math.round(ttlSeconds / 60);
  const validity =
    minutes >= 60 && minutes % 60 === 0
      ? `${minutes / 60} hour${minutes === 60 ? '' : 's'}`
      : `${minutes} minutes`;
  const text = [
    `Hello ${user.firstName},`,
    '',
    'Someone asked to reset your HawkEye password. To choose a new one, open this link:',
    '',
    link,
    '',
    `The link works once, for ${validity}. If you did not ask for it, ignore this email: your password stays as it is.`,
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(user.firstName)},</p>
<p>Someone asked to reset your HawkEye password. To choose a new one, open this link:</p>
<p><a href="${escapeHtml(link)}">Reset your password</a></p>
<p>The link works once, for ${validity}. If you did not ask for it, ignore this email: your password stays as it is.</p>`;
  return { to: user.email, subject: 'Reset your HawkEye password', text, html };
}
