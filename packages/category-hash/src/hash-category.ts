import type { AlgorithmCategory, CategoryRankingMetric } from '@ngcc-perf/category';
import { GUIDE_MESSAGE_SIZES_BYTES } from './guide-message-sizes.js';
import { HASH_KAT } from './hash-kat.js';
import { HASH_OPERATIONS } from './hash-operations.js';
import { HASH_PAGES } from './hash-pages.js';

/** Claimed security target (bits) → the digest length that serves it (the published comparison). */
const SECURITY_TARGET_OF_DIGEST_BITS: Readonly<Record<number, number>> = { 256: 128, 512: 256, 1024: 512 };

const RANKING_METRICS: readonly CategoryRankingMetric[] = [
  ...GUIDE_MESSAGE_SIZES_BYTES.map((messageBytes) => ({
    id: `hash-${messageBytes}`,
    label: `cycles @ ${messageBytes} B`,
    source: { operation: 'hash', parameters: { messageBytes } },
  })),
  { id: 'image', label: 'static image', source: { resource: 'imageBytes' } },
  { id: 'stack', label: 'stack high-water', source: { resource: 'stackHighWaterBytes' } },
  { id: 'heap', label: 'heap peak', source: { resource: 'heapPeakBytes' } },
];

/**
 * The hash category (the ICCS CryptHash API and KAT rules, guide §3.4): libraries that define `CryptHash`; instance parameter
 * `digestBits` from `DIGEST_BIT_LENGTH`; one operation per guide message length; the KAT_2_12 and
 * KAT_2_23 files by default, each a strict manifest entry; no report item (6) (guide §3.5 asks it
 * of public-key candidates only); taken through the driver's dedicated hash subcommands, records in
 * the hash form (`driverCommands: 'dedicated'`); ranked per security target by cycles at each length and by
 * image, stack and heap.
 *
 * @example
 * ```ts
 * HASH_CATEGORY.operations.list({ name: 'sm3', parameters: { digestBits: 256 } }).length; // 8
 * ```
 */
export const HASH_CATEGORY: AlgorithmCategory = {
  id: 'hash',
  driver: { kind: 'built-in' },
  api: { symbols: ['CryptHash'], instanceHeaderMacros: { DIGEST_BIT_LENGTH: 'digestBits' } },
  operations: HASH_OPERATIONS,
  kat: HASH_KAT,
  manifestEntries: (instance) =>
    HASH_KAT.kinds
      .filter((kind) => kind.byDefault)
      .map((kind) => ({ file: kind.fileName(instance.name), mode: 'strict' as const })),
  sizes: () => [],
  pages: HASH_PAGES,
  rankingMetrics: RANKING_METRICS,
  driverCommands: 'dedicated',
  securityTargetBits: (instance) => SECURITY_TARGET_OF_DIGEST_BITS[Number(instance.parameters.digestBits)] ?? null,
};
