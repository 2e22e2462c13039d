import { toNumber } from '../../format/formatNumber';

/** The direction and tone of an indicator. */
export interface Indicator {
  direction: 'up' | 'down' | 'flat';
  tone: 'positive' | 'negative' | 'neutral';
}

/**
 * Compares a current value with its comparison. The arrow follows the values (up when current
 * is higher); the tone follows `better` (higher or lower is good); a tie takes the tie tone and,
 * unless neutral, the arrow of that tone. Undefined when either value is missing.
 */
export function indicatorOf(
  current: unknown,
  previous: unknown,
  better: 'higher' | 'lower',
  tie: 'positive' | 'negative' | 'neutral' = 'positive',
): Indicator | undefined {
  const c = toNumber(current);
  const p = toNumber(previous);
  if (c === undefined || p === undefined) return undefined;
  if (c === p) {
    if (tie === 'neutral') return { direction: 'flat', tone: 'neutral' };
    const goodIsUp = better === 'higher';
    return { direction: (tie === 'positive') === goodIsUp ? 'up' : 'down', tone: tie };
  }
  const up = c > p;
  return { direction: up ? 'up' : 'down', tone: up === (better === 'higher') ? 'positive' : 'negative' };
}

/** The ring and indicator colours (SPEC.md section 9). */
export const toneColor = { positive: '#57C059', neutral: '#787878', negative: '#F13B44' } as const;
