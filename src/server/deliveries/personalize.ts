import type { RenderedMessage } from './compute';
import type { Recipient } from './recipient';

/**
 * Mail merge: a digest is rendered once for everyone who sees the same figures (the same digest,
 * scope, time zone and period), addressed to stand-in tokens, and each subscriber's copy gets their
 * own name and address in place of the tokens. The tokens are letters and digits only, so rendering
 * (HTML escaping, the plain-text part's wrapping) leaves them whole.
 */
const NAME_TOKEN = 'HawkEyeRecipientName7f3a9c';
const EMAIL_TOKEN = 'HawkEyeRecipientEmail7f3a9c';

/** The recipient to render a shared copy for: `r` with stand-ins for what is theirs alone. */
export function sharedRecipient(r: Recipient): Recipient {
  return { ...r, displayName: NAME_TOKEN, email: EMAIL_TOKEN };
}

const escapeHtml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** A shared copy addressed to `r`. */
export function personalize(shared: RenderedMessage, r: Recipient): RenderedMessage {
  const plain = (s: string) => s.replaceAll(NAME_TOKEN, r.displayName).replaceAll(EMAIL_TOKEN, r.email);
  return {
    ...shared,
    subject: plain(shared.subject),
    text: plain(shared.text),
    html: shared.html
      .replaceAll(NAME_TOKEN, escapeHtml(r.displayName))
      .replaceAll(EMAIL_TOKEN, escapeHtml(r.email)),
    figures: shared.figures.map((f) => ({ title: plain(f.title), value: plain(f.value) })),
  };
}
