import {
  bundledSecurityTargets,
  perOperationSection,
  sizesSection,
  type AlgorithmCategory,
  type CategoryInstance,
  type CategorySize,
} from '@ngcc-perf/category';
import securityTargetsCsv from '../data/security-targets.csv';
import { KEM_KAT } from './kem-kat.js';
import { KEM_OPERATIONS } from './kem-operations.js';

/** The size of `key` an instance states in its parameters (`<key>Bytes`), else null. */
function statedBytes(instance: CategoryInstance, key: string): number | null {
  const value = instance.parameters[`${key}Bytes`];
  return typeof value === 'number' ? value : null;
}

/** The bundled data/security-targets.csv (sources: data/SOURCES.md), inlined by the build. */
const TARGETS = bundledSecurityTargets(securityTargetsCsv, '@ngcc-perf/category-kem/data/security-targets.csv');

/**
 * The bundled rows: per candidate and published target (128, 256, 512 bits) the parameter set the
 * published comparison ranks for it there ("Key Encapsulation" tables of the NGCC site's ranking pages).
 */
export const KEM_SECURITY_TARGETS = TARGETS.entries;

/**
 * The key encapsulation category (the ICCS public-key API): libraries that define the
 * seven `kem_*` functions (decided by `nm`); operations keygen, enc, dec timed by the driver's
 * built-in `kem` table; the KAT_KEM file by `pk-kat`, a strict manifest entry; report item (6)
 * public key, secret key, ciphertext, shared secret; pages with the per-operation table and the
 * sizes table of the published public-key pages; ranked by enc and dec cycles, public key and
 * ciphertext bytes (the published comparison), per claimed security target: the bundled
 * data/security-targets.csv (the published comparison's set per candidate and target), else the
 * instance header's `securityBits`, else a level its name ends in (`securityTargetFrom`), else none. The constant-time audit runs dec with the secret key secret.
 *
 * @example
 * ```ts
 * KEM_CATEGORY.operations.list({ name: 'Toy', parameters: {} }).map((o) => o.name); // ['keygen', 'enc', 'dec']
 * ```
 */
export const KEM_CATEGORY: AlgorithmCategory = {
  id: 'kem',
  driver: { kind: 'built-in' },
  api: {
    symbols: [
      'kem_get_pk_len_bytes',
      'kem_get_sk_len_bytes',
      'kem_get_ss_len_bytes',
      'kem_get_ct_len_bytes',
      'kem_keygen',
      'kem_enc',
      'kem_dec',
    ],
    instanceHeaderMacros: { OUTPUT_BLANK_TEST_VECTORS: 'blankLengths' },
  },
  operations: KEM_OPERATIONS,
  kat: KEM_KAT,
  constantTime: {
    operations: [
      {
        operation: { category: 'kem', name: 'dec', parameters: {} },
        secrets: ['sk'],
        publicInside: ['pk'],
        description:
          "the secret key (the copy of the public key inside it public); the ciphertext is the attacker's input and public",
        timingClasses:
          'fixed: one key pair decapsulating its own ciphertext; random: each call one of the other key pairs drawn at random, each decapsulating its own ciphertext',
      },
    ],
    limits: [],
  },
  manifestEntries: (instance) => [{ file: `KAT_KEM_${instance.name}.txt`, mode: 'strict' }],
  sizes: (instance): CategorySize[] =>
    (KEM_KAT.sizeSources ?? []).map((source) => ({
      key: source.key,
      label: source.label,
      bytes: statedBytes(instance, source.key),
    })),
  pages: {
    title: 'Key encapsulation mechanisms',
    classification: { category: 'public-key algorithm', function: 'key encapsulation' },
    sections: (input) => [
      perOperationSection(
        input,
        'kem',
        (operation) => operation.name,
        'keygen makes a key pair per call; enc encapsulates under one public key and dec decapsulates one ciphertext, both made once before timing and checked (dec gives the encapsulated secret).',
      ),
      sizesSection(input, 'kem', KEM_KAT.sizeSources ?? []),
    ],
  },
  rankingMetrics: [
    { id: 'enc', label: 'enc cycles', source: { operation: 'enc' } },
    { id: 'dec', label: 'dec cycles', source: { operation: 'dec' } },
    { id: 'pk', label: 'public key bytes', source: { size: 'pk' } },
    { id: 'ct', label: 'ciphertext bytes', source: { size: 'ct' } },
  ],
  securityTargetBits: TARGETS.securityTargetBits,
  securityTarget: TARGETS.securityTarget,
};
