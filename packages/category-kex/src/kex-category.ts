import { bundledSecurityTargets, perOperationSection, sizesSection, type AlgorithmCategory } from '@ngcc-perf/category';
import securityTargetsCsv from '../data/security-targets.csv';
import { KEX_KAT } from './kex-kat.js';
import { KEX_OPERATIONS } from './kex-operations.js';

/** The bundled data/security-targets.csv (sources: data/SOURCES.md), inlined by the build. */
const TARGETS = bundledSecurityTargets(securityTargetsCsv, '@ngcc-perf/category-kex/data/security-targets.csv');

/**
 * The bundled rows: per candidate and published target (128, 256, 512 bits) the parameter set the
 * published comparison ranks for it there ("Key Exchange" tables of the NGCC site's ranking pages).
 */
export const KEX_SECURITY_TARGETS = TARGETS.entries;

/**
 * The key-exchange category (the ICCS public-key API: protocols of 2, 3 or more passes):
 * libraries that define the `kex_*` getters, inits, pass 1 and derivations (decided by `nm`;
 * the later passes as the protocol has them); the whole exchange and each step timed by the driver's
 * built-in `kex` table; the KAT_KEX file by `pk-kat`; report item (6) messages, keys, shared
 * secret and bandwidth; ranked by exchange cycles and bandwidth, per claimed security target
 * (the bundled data/security-targets.csv, else the header's `securityBits`, else the name's level).
 *
 * @example
 * ```ts
 * KEX_CATEGORY.operations.list({ name: 'Toy', parameters: { passes: 3 } }).length; // 8
 * ```
 */
export const KEX_CATEGORY: AlgorithmCategory = {
  id: 'kex',
  driver: { kind: 'built-in' },
  api: {
    symbols: [
      'kex_get_passes_num',
      'kex_get_pk_len_bytes',
      'kex_get_sk_len_bytes',
      'kex_get_sta_len_bytes',
      'kex_get_stb_len_bytes',
      'kex_get_ss_len_bytes',
      'kex_get_total_msg_len_bytes',
      'kex_init_a',
      'kex_init_b',
      'kex_generate_pass1_msg_a',
      'kex_derive_ss_a',
      'kex_derive_ss_b',
    ],
    instanceHeaderMacros: { OUTPUT_BLANK_TEST_VECTORS: 'blankLengths' },
  },
  operations: KEX_OPERATIONS,
  kat: KEX_KAT,
  constantTime: {
    operations: [
      {
        operation: { category: 'kex', name: 'derive-a', parameters: {} },
        secrets: ['ska', 'sta'],
        publicInside: ['pka'],
        description:
          "the initiator's long-term secret key and its state as its last pass left it (its ephemeral secrets); the responder's public key and last message are public",
        timingClasses:
          "fixed: one whole exchange (the initiator's key and state, the responder's public key and last message); random: each call one of the other exchanges drawn at random, its public inputs changing with its secrets",
      },
      {
        operation: { category: 'kex', name: 'derive-b', parameters: {} },
        secrets: ['skb', 'stb'],
        publicInside: ['pkb'],
        description:
          "the responder's long-term secret key and its state as its last pass left it (its ephemeral secrets); the initiator's public key and last message are public",
        timingClasses:
          "fixed: one whole exchange (the responder's key and state, the initiator's public key and last message); random: each call one of the other exchanges drawn at random, its public inputs changing with its secrets",
      },
    ],
    limits: [
      'only the derivations are audited: the passes, which draw each side’s ephemeral secrets from the DRNG and write them into its state, are not',
      'a state cannot change alone, since it belongs to the exchange whose messages it made: the division probe runs a derivation on one exchange’s public key and message with the secret key and state of three exchanges (two of them inputs no honest exchange makes), and the timing test’s random class is another whole exchange each call, its public inputs changing with its secrets',
    ],
  },
  manifestEntries: (instance) => [{ file: `KAT_KEX_${instance.name}.txt`, mode: 'strict' }],
  sizes: (instance) =>
    (KEX_KAT.sizeSources ?? []).map((source) => {
      const stated = instance.parameters[`${source.key}Bytes`];
      return { key: source.key, label: source.label, bytes: typeof stated === 'number' ? stated : null };
    }),
  pages: {
    title: 'Key exchange',
    classification: { category: 'public-key algorithm', function: 'key exchange' },
    sections: (input) => [
      perOperationSection(
        input,
        'kex',
        (operation) => operation.name.replace(/-/g, '_'),
        'exchange is the whole exchange, both sides; each step (init, pass, derive) is timed from the state one exchange made before timing, checked (both sides derive the same secret).',
      ),
      sizesSection(input, 'kex', KEX_KAT.sizeSources ?? []),
    ],
  },
  rankingMetrics: [
    { id: 'exchange', label: 'exchange cycles', source: { operation: 'exchange' } },
    { id: 'bandwidth', label: 'bandwidth bytes', source: { size: 'bandwidth' } },
  ],
  // The library says how many passes it runs: every one of them is timed.
  parametersFromGetters: (getters): Record<string, number> =>
    typeof getters.kex_get_passes_num === 'number' ? { passes: getters.kex_get_passes_num } : {},
  securityTargetBits: TARGETS.securityTargetBits,
  securityTarget: TARGETS.securityTarget,
};
