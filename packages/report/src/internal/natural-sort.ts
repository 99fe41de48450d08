// Natural order for names with numbers in them: hash_128 before hash_1024.
const COLLATOR = new Intl.Collator('en', { numeric: true, sensitivity: 'variant' });

/** Compares two names digit runs by value (`hash_128` < `hash_1024`), the rest as text. */
export function naturalCompare(left: string, right: string): number {
  return COLLATOR.compare(left, right) || (left < right ? -1 : left > right ? 1 : 0);
}
