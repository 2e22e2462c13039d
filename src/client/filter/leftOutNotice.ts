import { showMessage } from '../messages/messageBus';

/** What a shared link named that the user may not see, gathered over one moment. */
interface LeftOut {
  sites: number;
  accounts: number;
  other: number;
}

let pending: LeftOut | undefined;

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
 * shared value outside their scope). What the filter and the page drop as the link opens is one
 * message, shown once they have both spoken (a microtask later).
 */
export function noteLeftOut(part: Partial<LeftOut>): void {
  if (!pending) {
    pending = { sites: 0, accounts: 0, other: 0 };
    queueMicrotask(() => {
      const l = pending;
      pending = undefined;
      if (l) showMessage({ type: 'warning', text: leftOutMessage(l) });
    });
  }
  pending.sites += part.sites ?? 0;
  pending.accounts += part.accounts ?? 0;
  pending.other += part.other ?? 0;
}
