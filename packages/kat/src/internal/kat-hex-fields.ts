/** Fields of a KAT file whose values are bytes in hex (the ICCS KAT rules record layout). */
export const KAT_HEX_FIELDS: ReadonlySet<string> = new Set(['Msg', 'Dst', 'Msg_Seed']);

/** `Key = value` lines of a hex field or of `Msg_Exp` (`<16 hex> .... <16 hex>`): key part, then the value. */
const HEX_VALUE_LINE = new RegExp(`^([ \\t]*(?:${[...KAT_HEX_FIELDS, 'Msg_Exp'].join('|')})[ \\t]*=)([^\\n]*)$`, 'gm');

/**
 * The text with the values of its hex fields (`Msg`, `Dst`, `Msg_Seed`, `Msg_Exp`) in upper case, as
 * the official KAT generator writes them; every other byte (keys, lengths, blanks, CR) unchanged.
 * Hex case is not content: a manifest digest of a submitted file with lower-case or mixed-case hex
 * must be the digest of the same file as generated, or the manifest fails the library the file came
 * from while a record-by-record comparison (case-insensitive) passes it. Upper-case text is returned
 * as it is, so the official digests of the generator's files are unchanged.
 */
export function upperCaseHexValues(text: string): string {
  return text.replace(HEX_VALUE_LINE, (_line, keyPart: string, value: string) => keyPart + value.toUpperCase());
}
