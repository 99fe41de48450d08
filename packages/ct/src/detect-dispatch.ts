import { readFileSync } from 'node:fs';

const FUNCTION_HEADER = /^[0-9a-f]+ <([^>]+)>:$/;
const INSTRUCTION = /^\s*[0-9a-f]+:\s+([a-z][a-z0-9.]*)\s*(.*)$/;

/** Symbols a library calls or reads to learn the CPU's features (libgcc's and glibc's interfaces). */
const FEATURE_QUERIES =
  /<(__cpu_indicator_init|__cpu_model|__cpu_features2|getauxval|__x86_get_cpu_features|__get_cpu_features)[@+>]/;

/** Instructions (by mnemonic or operand) of feature sets valgrind may hide, with the feature they need. */
const FEATURE_INSTRUCTIONS: readonly { feature: string; test: (mnemonic: string, operands: string) => boolean }[] = [
  { feature: 'avx512f', test: (_m, ops) => /%zmm\d|%k[0-7]\b/.test(ops) },
  { feature: 'sha_ni', test: (m) => /^sha(1|256)/.test(m) },
  { feature: 'gfni', test: (m) => m.includes('gf2p8') },
  { feature: 'vaes', test: (m, ops) => /^vaes/.test(m) && /%[yz]mm/.test(ops) },
  { feature: 'vpclmulqdq', test: (m, ops) => m === 'vpclmulqdq' && /%[yz]mm/.test(ops) },
  { feature: 'adx', test: (m) => m === 'adcx' || m === 'adox' },
  { feature: 'rdseed', test: (m) => m === 'rdseed' },
];

/**
 * The disassembly's evidence that a library picks its code path by CPU features, for the features
 * valgrind hid: a `cpuid` or `xgetbv` instruction, a reference to a feature query (`__cpu_model`,
 * `__cpu_indicator_init`, `getauxval`, …), or an instruction of a hidden feature set (`zmm`/mask
 * registers for the AVX-512 family, `sha256rnds2` for sha_ni, …).
 *
 * @param objdumpText - `objdump -d` of the audited library
 * @param hiddenFeatures - native features valgrind hid ({@link hiddenCpuFeatures})
 * @returns one sentence per kind of evidence and function, e.g. `cpuid in __cpu_indicator_init`
 * @example
 * ```ts
 * dispatchEvidence(objdump, ['avx512f']); // ['cpuid in __cpu_indicator_init', 'avx512f instruction in CryptHash']
 * ```
 */
export function dispatchEvidence(objdumpText: string, hiddenFeatures: readonly string[]): string[] {
  const found = new Set<string>();
  const hidden = new Set(hiddenFeatures);
  let symbol = '??';
  for (const text of objdumpText.split('\n')) {
    const header = FUNCTION_HEADER.exec(text);
    if (header !== null) {
      symbol = header[1] as string;
      continue;
    }
    const instruction = INSTRUCTION.exec(text);
    if (instruction === null || symbol.includes('@plt')) continue;
    const mnemonic = instruction[1] as string;
    const operands = instruction[2] as string;
    if (mnemonic === 'cpuid' || mnemonic === 'xgetbv') found.add(`${mnemonic} in ${symbol}`);
    const query = FEATURE_QUERIES.exec(operands);
    if (query !== null) found.add(`${symbol} reads ${query[1]}`);
    for (const { feature, test } of FEATURE_INSTRUCTIONS) {
      const family = [...hidden].some(
        (name) => name === feature || (feature === 'avx512f' && name.startsWith('avx512')),
      );
      if (family && test(mnemonic, operands)) found.add(`${feature} instruction in ${symbol}`);
    }
  }
  return [...found].sort();
}

/** Native features that the audited run did not see, sorted. */
export function hiddenCpuFeatures(nativeFeatures: readonly string[], auditedFeatures: readonly string[]): string[] {
  const audited = new Set(auditedFeatures);
  return [...new Set(nativeFeatures)].filter((name) => !audited.has(name)).sort();
}

/** The host's CPU flags from `/proc/cpuinfo` (first `flags` line), or null where there is none (not x86, no /proc). */
export function procCpuinfoFlags(cpuinfoPath = '/proc/cpuinfo'): string[] | null {
  let text: string;
  try {
    text = readFileSync(cpuinfoPath, 'utf8');
  } catch {
    return null;
  }
  const line = /^flags\s*:(.*)$/m.exec(text);
  return line === null ? null : (line[1] as string).split(/\s+/).filter((name) => name !== '');
}
