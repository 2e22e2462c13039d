/**
 * Printable ASCII in the order Intl.Collator('en', { sensitivity: 'base' }) puts it (Unicode's
 * collation: spaces and punctuation, then symbols, digits and letters), a letter's two cases alike.
 */
const ASCII_ORDER = ` _-,;:!?.'"()[]{}@*/\\&#%\`^+<=>|~$0123456789`;

/** Each printable ASCII code's rank (from 1); 0 for every other code. */
const RANK = (() => {
  const rank = new Uint8Array(128);
  for (let i = 0; i < ASCII_ORDER.length; i++) rank[ASCII_ORDER.charCodeAt(i)] = i + 1;
  for (let k = 0; k < 26; k++) {
    rank[65 + k] = ASCII_ORDER.length + 1 + k;
    rank[97 + k] = ASCII_ORDER.length + 1 + k;
  }
  return rank;
})();

let collator: Intl.Collator | undefined;

const printableAscii = (s: string) => {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 128 || RANK[c] === 0) return false;
  }
  return true;
};

/**
 * Names in the order Intl.Collator('en', { sensitivity: 'base' }) gives them (case and accents
 * ignored), with Intl only for names outside printable ASCII: a page's first Collator costs 21 to
 * 34 ms in a new Chromium renderer (ICU loading its collation data; measured on the 2-core machine,
 * docs/benchmarks.md), and the sites are sorted as every page starts. Checked against Intl on random
 * names (compareNames.test.ts).
 */
export function compareNames(a: string, b: string): number {
  if (!printableAscii(a) || !printableAscii(b)) {
    collator ??= new Intl.Collator('en', { sensitivity: 'base' });
    return collator.compare(a, b);
  }
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = RANK[a.charCodeAt(i)] - RANK[b.charCodeAt(i)];
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return Math.sign(a.length - b.length);
}
