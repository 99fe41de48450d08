/**
 * Shortens long hex for messages: at most 16 digits from each end around an ellipsis, with the
 * total length, e.g. `1AB21D8355CFA17F…7ED035EB5082AA2B (64 hex digits)`. Short text is kept as is.
 */
export function shortHex(text: string, keepDigits = 16): string {
  if (text.length <= 2 * keepDigits + 8) return text;
  return `${text.slice(0, keepDigits)}…${text.slice(-keepDigits)} (${text.length} hex digits)`;
}
