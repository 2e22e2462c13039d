import { showMessage } from '../messages/messageBus';

/** What a shared link named that the user may not see, gathered over one moment. */
interface LeftOut {
  sites: number;
  accounts: number;
  other: number;
}

/** What was left out of the link opened on this page so far (a page load starts afresh). */
let tally: { path: string; leftOut: LeftOut } | undefined;
let scheduled = false;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The message bar's text for the parts of a link that were left out. */
export function leftOutMessage(l: LeftOut): string {
  const parts = [l.sites && plural(l.sites, 'site'), l.accounts && plural(l.accounts, 'account')].filter(
    Boolean,
  );
  if (!parts.length) return 'Part of this link is outside your access and was left out.';
  const many = l.sites + l.accounts > 1;
  return `This link names ${parts.join(' and ')} outside your access; ${many ? 'they were' : 'it was'} left out.`;
}

/**
 * Tells the user that part of an opened link was left out (foreign sites or accounts, a page's
 * shared value outside their scope). What the filter and the page drop as the link opens adds up
 * to one message: each later part (the page may speak once its reference data has arrived) shows
 * the message again with everything left out from the link on this page so far.
 */
export function noteLeftOut(part: Partial<LeftOut>): void {
  const path = window.location.pathname;
  if (tally?.path !== path) tally = { path, leftOut: { sites: 0, accounts: 0, other: 0 } };
  const l = tally.leftOut;
  l.sites += part.sites ?? 0;
  l.accounts += part.accounts ?? 0;
  l.other += part.other ?? 0;
  if (scheduled) return;
  scheduled = true;
  queueMicrotask(() => {
    scheduled = false;
    if (tally) showMessage({ type: 'warning', text: leftOutMessage(tally.leftOut) });
  });
}
