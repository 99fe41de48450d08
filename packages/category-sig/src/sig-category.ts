import { bundledSecurityTargets, perOperationSection, sizesSection, type AlgorithmCategory } from '@ngcc-perf/category';
import securityTargetsCsv from '../data/security-targets.csv';
import { SIG_KAT } from './sig-kat.js';
import { SIG_OPERATIONS, sigOperation } from './sig-operations.js';

/** The bundled data/security-targets.csv (sources: data/SOURCES.md), inlined by the build. */
const TARGETS = bundledSecurityTargets(securityTargetsCsv, '@ngcc-perf/category-sig/data/security-targets.csv');

/**
 * The bundled rows: per candidate and published target (128, 256, 512 bits) the parameter set the
 * published comparison ranks for it there ("Digital Signatures" tables of the NGCC site's ranking pages).
 */
export const SIG_SECURITY_TARGETS = TARGETS.entries;

/**
 * The signature category (the ICCS public-key API: detached signatures): libraries that
 * define the six `sig_*` functions (decided by `nm`); keygen, sign and verify on one 64-byte
 * message timed by the driver's built-in `sig` table, failed sign attempts retried and counted;
 * the KAT_SIG file by `pk-kat`, a strict manifest entry; report item (6) public key, secret key,
 * signature (the getter's largest and the written length); ranked by sign and verify cycles,
 * public key and signature bytes, per claimed security target (the bundled
 * data/security-targets.csv, else the header's `securityBits`, else the name's level).
 * The constant-time audit runs sign with the secret key and the DRNG output secret.
 *
 * @example
 * ```ts
 * SIG_CATEGORY.operations.list({ name: 'Toy', parameters: {} })[1]; // { category: 'sig', name: 'sign', parameters: { messageBytes: 64 } }
 * ```
 */
export const SIG_CATEGORY: AlgorithmCategory = {
  id: 'sig',
  driver: { kind: 'built-in' },
  api: {
    symbols: [
      'sig_get_pk_len_bytes',
      'sig_get_sk_len_bytes',
      'sig_get_sn_len_bytes',
      'sig_keygen',
      'sig_sign',
      'sig_verify',
    ],
    instanceHeaderMacros: { OUTPUT_BLANK_TEST_VECTORS: 'blankLengths' },
  },
  operations: SIG_OPERATIONS,
  kat: SIG_KAT,
  constantTime: {
    operations: [
      {
        operation: sigOperation('sign'),
        secrets: ['sk', 'drng'],
        publicInside: ['pk'],
        description:
          'the secret key and the DRNG output the signing draws (its state marked secret); the message is public',
        timingClasses:
          'fixed: one key pair signing its own message; random: each call one of the other key pairs drawn at random, each signing its own message; the DRNG advances in both classes',
      },
    ],
    limits: [],
  },
  manifestEntries: (instance) => [{ file: `KAT_SIG_${instance.name}.txt`, mode: 'strict' }],
  sizes: (instance) =>
    (SIG_KAT.sizeSources ?? []).map((source) => {
      const stated = instance.parameters[`${source.key}Bytes`];
      return { key: source.key, label: source.label, bytes: typeof stated === 'number' ? stated : null };
    }),
  pages: {
    title: 'Digital signatures',
    classification: { category: 'public-key algorithm', function: 'digital signature' },
    sections: (input) => [
      perOperationSection(
        input,
        'sig',
        (operation) => operation.name,
        'keygen makes a key pair per call; sign signs and verify verifies a detached signature of one 64-byte message (guide §3.4.1), under a key pair and a signature made once before timing and checked (the signature verifies); a failed signing attempt is retried within the call and counted. The key pair and the message stay the same over every trial: a signing that repeats an internal attempt until one is accepted (rejection sampling) and draws nothing at random takes the same number of attempts in every call, so its figure holds for that key pair and message, one draw of the attempt count rather than an average over keys and messages (the calls per sign of the primitive profile show the count).',
      ),
      sizesSection(input, 'sig', SIG_KAT.sizeSources ?? []),
    ],
  },
  rankingMetrics: [
    { id: 'sign', label: 'sign cycles', source: { operation: 'sign' } },
    { id: 'verify', label: 'verify cycles', source: { operation: 'verify' } },
    { id: 'pk', label: 'public key bytes', source: { size: 'pk' } },
    { id: 'signature', label: 'signature bytes', source: { size: 'signature' } },
  ],
  securityTargetBits: TARGETS.securityTargetBits,
  securityTarget: TARGETS.securityTarget,
};
