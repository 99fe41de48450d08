/**
 * The guide's eight message lengths, bytes (guide §3.4.1): the hash category measures
 * one operation per length.
 *
 * @example
 * ```ts
 * GUIDE_MESSAGE_SIZES_BYTES.at(-1); // 65536
 * ```
 */
export const GUIDE_MESSAGE_SIZES_BYTES = [32, 128, 512, 1024, 4096, 8192, 16384, 65536] as const;
