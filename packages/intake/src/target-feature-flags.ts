import { readFile } from 'node:fs/promises';
import { execa } from 'execa';

/** An intrinsic (or function) the compiler refused to inline because a target feature is not enabled. */
export interface TargetFeatureNeed {
  /** The function gcc names (`_mm_aesenc_si128`). */
  intrinsic: string;
  /** The gcc target features it is declared under (`aes`, `sse2`), from the header's `#pragma GCC target`. */
  features: string[];
  /** Where it is declared, as gcc reported it (`wmmintrin.h:61`). */
  declaredAt: string;
}

/** A flag added to an instance's build because the compiler said an intrinsic needs it. */
export interface TargetFlag {
  /** The gcc option (`-maes`). */
  flag: string;
  /** Why: the compiler's complaint, where the intrinsic is declared, and that this host's CPU has the feature. */
  reason: string;
  /** The sources it applies to (relative to the package), when not to all of them. */
  files?: string[];
}

/** The flags to add (each with its reason), and the features this host's CPU lacks. */
export interface TargetFlagDecision {
  flags: TargetFlag[];
  /** `{ feature, intrinsic }` for each feature `gcc -march=native` leaves disabled on this host. */
  missing: { feature: string; intrinsic: string; declaredAt: string }[];
}

/** The `-m` options gcc enables: on this host's CPU (`native`) and without `-march` (`default`). */
export interface HostTargetOptions {
  native: ReadonlySet<string>;
  default: ReadonlySet<string>;
}

const MISMATCH =
  /^(.*?):(\d+):\d+: error: inlining failed in call to [‘'`"]?always_inline[’'`"]? [‘'`"]([^’'`"]+)[’'`"]: target specific option mismatch/gm;
const NEEDS_ISA = /error: [‘'`"]?([\w]+)[’'`"]? needs isa option ((?:-m[\w.-]+\s*)+)/g;
const PRAGMA_TARGET = /^\s*#\s*pragma\s+GCC\s+target\s*\(\s*"([^"]+)"/;
const ATTRIBUTE_TARGET = /__attribute__\s*\(\(\s*(?:__)?target(?:__)?\s*\(\s*"([^"]+)"/;

/** The target features a declaration at `line` (1-based) of `text` is compiled under, or [] when none. */
function declaredFeatures(text: string, line: number): string[] {
  const lines = text.split(/\r?\n/);
  for (let i = Math.max(0, line - 3); i < Math.min(lines.length, line + 1); i += 1) {
    const attribute = ATTRIBUTE_TARGET.exec(lines[i]!);
    if (attribute) return attribute[1]!.split(',').map((f) => f.trim());
  }
  for (let i = Math.min(lines.length, line) - 1; i >= 0; i -= 1) {
    if (/^\s*#\s*pragma\s+GCC\s+pop_options/.test(lines[i]!)) return [];
    const pragma = PRAGMA_TARGET.exec(lines[i]!);
    if (pragma) return pragma[1]!.split(',').map((f) => f.trim());
  }
  return [];
}

/**
 * What gcc's errors say an instance needs: each `inlining failed in call to 'always_inline' 'X':
 * target specific option mismatch` is looked up in the header gcc names (the `#pragma GCC
 * target("…")` or `__attribute__((target("…")))` it is declared under), and each `X needs isa
 * option -mY` gives its options. Decided by the compiler's words and its own headers, never by names.
 * @example
 * await targetFeatureNeeds(cmakeOutput); // [{ intrinsic: '_mm_aesenc_si128', features: ['aes', 'sse2'], declaredAt: 'wmmintrin.h:61' }]
 */
export async function targetFeatureNeeds(compilerOutput: string): Promise<TargetFeatureNeed[]> {
  const needs = new Map<string, TargetFeatureNeed>();
  const texts = new Map<string, Promise<string | null>>();
  for (const match of compilerOutput.matchAll(MISMATCH)) {
    const [, file, line, intrinsic] = match;
    const header = file!.replace(/^.*?(\/[^\s]*)$/, '$1').trim();
    if (!texts.has(header))
      texts.set(
        header,
        readFile(header, 'utf8').catch(() => null),
      );
    const text = await texts.get(header)!;
    const features = text === null ? [] : declaredFeatures(text, Number(line));
    const key = `${intrinsic}\0${features.join(',')}`;
    if (features.length > 0 && !needs.has(key))
      needs.set(key, { intrinsic: intrinsic!, features, declaredAt: `${header.split('/').pop()}:${line}` });
  }
  for (const match of compilerOutput.matchAll(NEEDS_ISA)) {
    const features = match[2]!
      .trim()
      .split(/\s+/)
      .map((option) => option.replace(/^-m/, ''));
    const key = `${match[1]}\0${features.join(',')}`;
    if (!needs.has(key)) needs.set(key, { intrinsic: match[1]!, features, declaredAt: 'gcc: needs isa option' });
  }
  return [...needs.values()];
}

function enabledOptions(helpText: string): Set<string> {
  const enabled = new Set<string>();
  for (const match of helpText.matchAll(/^\s+(-m[\w.-]+)\s+\[enabled\]/gm)) enabled.add(match[1]!);
  return enabled;
}

let hostOptionsRead: Promise<HostTargetOptions | null> | null = null;

/**
 * The `-m` options gcc enables for this host's CPU (`gcc -march=native -Q --help=target`) and by
 * default (`gcc -Q --help=target`), read once; null when gcc cannot say (then nothing is added).
 * @example
 * (await readHostTargetOptions())?.native.has('-maes'); // true on a CPU with AES-NI
 */
export function readHostTargetOptions(): Promise<HostTargetOptions | null> {
  hostOptionsRead ??= (async () => {
    const native = await execa('gcc', ['-march=native', '-Q', '--help=target'], { reject: false });
    const plain = await execa('gcc', ['-Q', '--help=target'], { reject: false });
    if (native.exitCode !== 0 || plain.exitCode !== 0) return null;
    return { native: enabledOptions(String(native.stdout)), default: enabledOptions(String(plain.stdout)) };
  })();
  return hostOptionsRead;
}

/**
 * The flags to add for `needs` on a host whose gcc enables `host` (features gcc enables anyway and
 * flags already in `already` are not added again), and the features the host's CPU lacks.
 * @example
 * decideTargetFlags(needs, host, []); // { flags: [{ flag: '-maes', reason: '…' }], missing: [] }
 */
export function decideTargetFlags(
  needs: readonly TargetFeatureNeed[],
  host: HostTargetOptions,
  already: readonly string[],
): TargetFlagDecision {
  const flags: TargetFlag[] = [];
  const missing: TargetFlagDecision['missing'] = [];
  for (const need of needs) {
    for (const feature of need.features) {
      const flag = `-m${feature}`;
      if (!host.native.has(flag)) {
        if (!missing.some((m) => m.feature === feature))
          missing.push({ feature, intrinsic: need.intrinsic, declaredAt: need.declaredAt });
        continue;
      }
      if (host.default.has(flag) || already.includes(flag) || flags.some((f) => f.flag === flag)) continue;
      flags.push({
        flag,
        reason:
          `gcc: ${need.intrinsic} (${need.declaredAt}, target "${need.features.join(',')}") failed with ` +
          `"target specific option mismatch"; this host's CPU has ${feature} (gcc -march=native enables ${flag})`,
      });
    }
  }
  return { flags, missing };
}

/**
 * The one-line reason an instance cannot be built for this host: the features its intrinsics need
 * that the host's CPU lacks.
 * @example
 * missingFeatureMessage(decision.missing); // 'error: _mm_aesenc_si128 (wmmintrin.h:61) needs the CPU feature aes (-maes), …'
 */
export function missingFeatureMessage(missing: TargetFlagDecision['missing']): string {
  const parts = missing.map(
    (m) => `${m.intrinsic} (${m.declaredAt}) needs the CPU feature ${m.feature} (-m${m.feature})`,
  );
  return (
    `error: ${parts.join('; ')}, which this host's CPU does not have (gcc -march=native leaves ` +
    `${missing.map((m) => `-m${m.feature}`).join(' ')} disabled): build and measure this instance on a host with it`
  );
}
