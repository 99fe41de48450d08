import { realpathSync } from 'node:fs';
import path from 'node:path';
import { findValgrind, spawnDriverProcess } from '@ngcc-perf/native';
import { CtError } from './ct-error.js';
import type { CtOperationTarget, CtResult, CtResultBase, CtTaintResult } from './ct-result.js';
import { concludeAudit, nativeView } from './internal/conclude-audit.js';
import { resolveDriverPath } from './internal/resolve-driver.js';
import { runTimingTest } from './internal/run-timing.js';
import { interpretTaintRun } from './interpret-taint-run.js';
import { parseMemcheckXml, type MemcheckError } from './parse-memcheck-xml.js';
import { parseCtDriverLines } from './internal/driver-lines.js';
import { probeDivisionsOf } from './probe-divisions.js';

/** Options of {@link runOperationCt}. */
export interface RunOperationCtOptions {
  /** The instance to audit: a debug build (`-g`) so that findings carry file:line. */
  library: string;
  /** The category (`kem`, `sig`, `kex`), the operation (`dec`, `sign`, `derive-a`) and its secret buffers. */
  category: string;
  operation: string;
  /** Buffers marked secret, as the driver's table names them (`sk`; `sk`, `drng` for a sign; `ska`, `sta` for derive-a: the initiator's key and state). */
  secrets: readonly string[];
  /**
   * Buffers whose copies inside a secret buffer are public (`pk`: a secret key that embeds its
   * public key keeps those bytes public); found by content, 16 bytes or longer.
   */
  publicInside?: readonly string[];
  /** The operation's parameters (a signature's `messageBytes`). */
  parameters?: Readonly<Record<string, string>>;
  /** Calls of the taint run (1 to 64; default 2). */
  calls?: number;
  driverPath?: string;
  valgrindPath?: string;
  /** Seconds the taint run may take under valgrind (default 300). */
  taintTimeoutSeconds?: number;
  /**
   * The dudect-style test with secret keys as classes: the cap of each run in milliseconds, the
   * number of key pairs prepared (3 to 64, default 8: one for the fixed class, the rest drawn for
   * the random class), and a fixed minimum of samples (tests); `false` skips it.
   */
  timing?: { milliseconds: number; keys?: number; minSamples?: number } | false;
  hostCpuFeatures?: readonly string[];
}

/** Said when a memory-index finding exists in an operation audit. */
export const OPERATION_LOWER_BOUND_LIMIT =
  'findings downstream of a memory-index finding may be hidden: memcheck treats a value loaded through a ' +
  'secret-derived address as public, so later branches and lookups computed from it are not reported; ' +
  'this list is a lower bound';

const NAME = /^[A-Za-z0-9_-]{1,40}$/;

/** The driver's ICCS support library (the DRNG and the placeholder primitives the instance calls). */
const ICCS_SUPPORT = 'libngcc-perf-iccs.so';

const placeKey = (place: { function: string | null; file: string | null; line: number | null }): string =>
  `${place.function ?? '??'}\u0000${place.file}\u0000${place.line}`;

/**
 * The instance places (innermost instance frame) of the reports raised inside the ICCS support
 * library, less those where a report was also raised in the instance's own code.
 */
function harnessPlaces(errors: readonly MemcheckError[], library: string): Set<string> {
  const inLibrary = (obj: string | null): boolean =>
    obj !== null && (obj === library || path.basename(obj) === path.basename(library));
  const harness = new Set<string>();
  const own = new Set<string>();
  for (const error of errors) {
    const frame = error.stack.find((entry) => inLibrary(entry.obj));
    if (frame === undefined) continue;
    const key = placeKey({ function: frame.fn, file: frame.file, line: frame.line });
    if (path.basename(error.stack[0]?.obj ?? '') === ICCS_SUPPORT) harness.add(key);
    else own.add(key);
  }
  for (const key of own) harness.delete(key);
  return harness;
}

function targetOf(options: RunOperationCtOptions): { target: CtOperationTarget; args: string[] } {
  const parameters = { ...(options.parameters ?? {}) };
  const publicInside = [...(options.publicInside ?? [])];
  const names = [options.category, options.operation, ...options.secrets, ...publicInside, ...Object.keys(parameters)];
  if (options.secrets.length === 0 || options.secrets.length > 4 || names.some((name) => !NAME.test(name))) {
    throw new CtError(
      'INVALID_ARGUMENT',
      `category, operation, 1 to 4 secrets and parameter names must be names of [A-Za-z0-9_-], got ${names.join(', ')}`,
    );
  }
  const calls = options.calls ?? 2;
  if (!Number.isInteger(calls) || calls < 1 || calls > 64) {
    throw new CtError('INVALID_ARGUMENT', `calls must be a whole number from 1 to 64, got ${calls}`);
  }
  const target = {
    category: options.category,
    operation: options.operation,
    secrets: [...options.secrets],
    publicInside,
    parameters,
  };
  const args = [
    '--category',
    target.category,
    '--operation',
    target.operation,
    '--secret',
    target.secrets.join(','),
    ...(publicInside.length === 0 ? [] : ['--public', publicInside.join(',')]),
    ...Object.entries(parameters).flatMap(([name, value]) => ['--param', `${name}=${value}`]),
  ];
  return { target, args };
}

/**
 * Audits one operation of a public-key instance for behaviour that depends on its secret: the
 * operation is prepared as it is timed (its set-up key pair, ciphertext or exchange made and
 * checked), then run under valgrind memcheck with the secret buffers alone marked undefined (the
 * ciphertext, message and public key are the attacker's, public); every branch or table index on
 * them is a finding at its file:line with the line where the secret entered the instance's code. Each
 * division of the disassembly is probed natively with the secret alone changed between three runs
 * (three key pairs; the DRNG's state when it is secret): one whose operands change is a
 * `variable-latency` finding, the others public divisions. The dudect test compares a fixed key pair
 * with key pairs drawn from others, each with its own ciphertext (evidence only, never the verdict).
 *
 * @throws {CtError} `INVALID_ARGUMENT`, `DRIVER_NOT_FOUND`, `DRIVER_FAILED`, `DRIVER_PROTOCOL`
 * @example
 * ```ts
 * const result = await runOperationCt({ library: 'libkem-g.so', category: 'kem', operation: 'dec', secrets: ['sk'] });
 * for (const f of result.findings) console.log(f.kind, `${f.file}:${f.line}`, 'from', f.origin?.function);
 * ```
 */
export async function runOperationCt(options: RunOperationCtOptions): Promise<CtResult> {
  const { target, args } = targetOf(options);
  const driver = await resolveDriverPath(options.driverPath);
  const library = path.resolve(options.library);
  const base: CtResultBase = {
    library: options.library,
    digestBits: null,
    operation: target,
    messageBits: [],
    findings: [],
    taint: null,
    timing: null,
    timingDetail: null,
    notes: [],
    limits: [],
    publicDivisions: [],
    cpu: null,
  };
  const timing = options.timing ?? { milliseconds: 20000 };
  let driverFeatures: string[] | null = null;
  if (timing === false) {
    base.timingDetail = 'skipped';
  } else {
    const keys = timing.keys ?? 8;
    const measured = await runTimingTest(driver, library, [...args, '--keys', String(keys)], {
      messageBytes: 0,
      milliseconds: timing.milliseconds,
      minSamples: timing.minSamples,
    });
    driverFeatures = measured.cpuFeatures;
    if (typeof measured.result === 'string') base.timingDetail = measured.result;
    else base.timing = measured.result;
    if (base.timing !== null && !base.timing.minSamplesReached)
      base.limits.push(
        `the timing test stopped at its ${timing.milliseconds} ms cap before ${base.timing.minSamplesCount} samples: it has less power than asked`,
      );
  }
  const valgrind = await findValgrind(options.valgrindPath);
  if (valgrind === null)
    return {
      ...base,
      verdict: 'unknown',
      reason: 'valgrind-missing',
      detail: 'valgrind is not on PATH: install it (Debian: apt-get install valgrind)',
    };
  const timeoutSeconds = options.taintTimeoutSeconds ?? 300;
  const run = await spawnDriverProcess(driver, ['ct-taint', library, ...args, '--calls', String(options.calls ?? 2)], {
    timeoutSeconds,
    env: { ...process.env, NGCC_PERF_VALGRIND: valgrind.path },
    fd3: true,
  });
  let real = library;
  try {
    real = realpathSync(library);
  } catch {
    // the driver reports a missing library as load-failed
  }
  const outcome = interpretTaintRun(run, real, timeoutSeconds);
  const copies = parseCtDriverLines(run.stdout).find((line) => line.type === 'ct-public-copies');
  const publicInside = target.publicInside;
  if (copies !== undefined && copies.type === 'ct-public-copies' && publicInside.length > 0)
    base.notes.push(
      copies.count === 0
        ? `no copy of ${publicInside.join(', ')} was found inside ${target.secrets.join(', ')}: all of it was marked secret`
        : `${copies.count} cop${copies.count === 1 ? 'y' : 'ies'} of ${publicInside.join(', ')} inside ${target.secrets.join(', ')} stayed public`,
    );
  const taint: CtTaintResult = { valgrindVersion: valgrind.version ?? '', calls: outcome.calls, seconds: run.seconds };
  if (outcome.status === 'unknown')
    return { ...base, taint, verdict: 'unknown', reason: outcome.reason, detail: outcome.detail };
  // A report with no frame in the instance came from the driver's own code around the call (a sign's
  // retry on its return code), and one raised inside the harness's ICCS stand-ins (its DRNG, its
  // placeholder hashes) working on secret data is the stand-in's: neither is a finding of the instance.
  const harness = harnessPlaces(parseMemcheckXml(run.fd3).errors, real);
  const inInstance = outcome.findings.filter(
    (finding) => finding.libraryFrames.length > 0 && !harness.has(placeKey(finding)),
  );
  if (inInstance.length < outcome.findings.length)
    base.notes.push(
      `${outcome.findings.length - inInstance.length} memcheck report(s) raised in the harness's own code (around the call, or in its ICCS stand-ins ${ICCS_SUPPORT} — the DRNG, the placeholder hashes — on secret data) are not findings of the instance`,
    );
  return concludeAudit({
    base,
    taint,
    taintFindings: inInstance.map((finding) => ({ ...finding, firstMessageBits: null, operation: target.operation })),
    auditedCpuFeatures: outcome.cpuFeatures,
    library: real,
    probe: async (sites) => {
      const probe = await probeDivisionsOf(driver, real, args, sites);
      return probe.status === 'ok'
        ? { ...probe, findings: probe.findings.map((finding) => ({ ...finding, operation: target.operation })) }
        : probe;
    },
    nativeFeatures: nativeView(options.hostCpuFeatures, driverFeatures),
    lowerBoundLimit: OPERATION_LOWER_BOUND_LIMIT,
  });
}
