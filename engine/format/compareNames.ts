let collator: Intl.Collator | undefined;

/**
 * Names in the order Intl.Collator('en', { sensitivity: 'base' }) gives them: case and accents
 * ignored, a name after its prefix. One collator, made on first use and kept.
 */
export function compareNames(a: string, b: string): number {
  collator ??= new Intl.Collator('en', { sensitivity: 'base' });
  return collator.compare(a, b);
}
