import type { CategorySizeSource, MeasuredSize } from '@ngcc-perf/category';

/**
 * Report item (6) of one instance from a `pk-kat` run (@ngcc-perf/native/PROTOCOL.md `pk-kat`): for
 * each of the category's size sources, the getter's figure (the meta line's `getters`) beside the
 * longest length the calls wrote (the end line's `written`; the longest over several outputs where
 * the source names several), and whether they agree — equal, or
 * written ≤ getter where the getter gives a largest length (`mayBeShorter`: a signature, the
 * messages of a key exchange); null where either is missing.
 *
 * @example
 * ```ts
 * measuredSizes([{ key: 'ct', label: 'ciphertext', getter: 'kem_get_ct_len_bytes', written: 'ct', mayBeShorter: false }],
 *   { kem_get_ct_len_bytes: 40 }, { ct: { min: 40, max: 48 } });
 * // [{ key: 'ct', label: 'ciphertext', getterBytes: 40, writtenBytes: 48, agrees: false }]
 * ```
 */
export function measuredSizes(
  sources: readonly CategorySizeSource[],
  getters: Readonly<Record<string, number>> | null,
  written: Readonly<Record<string, { min: number; max: number }>> | null,
): MeasuredSize[] {
  return sources.map((source) => {
    const getterBytes = source.getter === null ? null : (getters?.[source.getter] ?? null);
    const lengths = (
      source.written === null ? [] : typeof source.written === 'string' ? [source.written] : source.written
    )
      .map((name) => written?.[name]?.max)
      .filter((bytes): bytes is number => bytes !== undefined);
    const writtenBytes = lengths.length === 0 ? null : Math.max(...lengths);
    const agrees =
      getterBytes === null || writtenBytes === null
        ? null
        : source.mayBeShorter
          ? writtenBytes <= getterBytes
          : writtenBytes === getterBytes;
    return { key: source.key, label: source.label, getterBytes, writtenBytes, agrees };
  });
}
