// What every audit does after its taint run (runCt for CryptHash, runOperationCt for an operation of
// a public-key category): the divisions of the disassembly judged by the probe, the findings sorted,
// the lower-bound limit, the CPUID views compared, and the verdict.
import { spawnDriverProcess } from '@ngcc-perf/native';
import { sortFindings } from '../classify-findings.js';
import type { CtCpuView, CtFinding, CtResult, CtResultBase, CtTaintResult } from '../ct-result.js';
import { dispatchEvidence, hiddenCpuFeatures, procCpuinfoFlags } from '../detect-dispatch.js';
import type { DivisionProbeOutcome } from '../probe-divisions.js';
import { scanDivisionSites, scanDivisions, type DivisionSite } from '../scan-divisions.js';
import { CPUID_FEATURE_NAMES } from './cpuid-feature-names.js';

/** Said when a memory-index finding exists: memcheck cannot follow the secret through the lookup. */
export const LOWER_BOUND_LIMIT =
  'findings downstream of a memory-index finding may be hidden: memcheck treats a value loaded through a ' +
  'message-derived address as public, so later branches and lookups computed from it are not reported; ' +
  'this list is a lower bound';

type NativeView = { features: string[]; source: CtCpuView['nativeSource'] };

/** The native CPUID view: the caller's, the driver's (from the timing test), or /proc/cpuinfo's. */
export function nativeView(given: readonly string[] | undefined, driver: string[] | null): NativeView | null {
  const known = (names: readonly string[]): string[] => names.filter((name) => CPUID_FEATURE_NAMES.includes(name));
  if (given !== undefined) return { features: known(given), source: 'given' };
  if (driver !== null) return { features: known(driver), source: 'driver' };
  const flags = procCpuinfoFlags();
  return flags === null ? null : { features: known(flags), source: 'proc-cpuinfo' };
}

function limitsOf(findings: readonly CtFinding[], limit: string): string[] {
  return findings.some((finding) => finding.kind === 'memory-index') ? [limit] : [];
}

/** What {@link concludeAudit} takes. */
export interface AuditConclusion {
  base: CtResultBase;
  taint: CtTaintResult;
  taintFindings: CtFinding[];
  auditedCpuFeatures: string[] | null;
  /** The audited library's real path. */
  library: string;
  /** The division probe of the audited target. */
  probe: (sites: readonly DivisionSite[]) => Promise<DivisionProbeOutcome>;
  nativeFeatures: NativeView | null;
  /** The lower-bound sentence (what the secret is: the message, the secret key). */
  lowerBoundLimit?: string;
}

/** The divisions, the CPU views and the verdict of an audit whose taint run gave findings. */
export async function concludeAudit(input: AuditConclusion): Promise<CtResult> {
  const { base, taint } = input;
  const objdump = await spawnDriverProcess('objdump', ['-d', '-l', '--no-show-raw-insn', input.library], {
    timeoutSeconds: 120,
  });
  const divisions: CtFinding[] = [];
  if (objdump.exitCode !== 0) {
    base.notes.push(
      `divisions not looked for: objdump failed (${objdump.startError ?? objdump.stderr.trim().slice(0, 200)})`,
    );
  } else {
    const probe = await input.probe(scanDivisionSites(objdump.stdout));
    if (probe.status === 'ok') {
      divisions.push(...probe.findings);
      base.publicDivisions = probe.publicDivisions;
      base.notes.push(...probe.notes);
    } else {
      divisions.push(...scanDivisions(objdump.stdout));
      base.notes.push(
        `the division probe could not run (${probe.detail}): every division is listed as a finding, operands not checked`,
      );
    }
  }
  const findings = sortFindings([...input.taintFindings, ...divisions]);
  base.limits.push(...limitsOf(findings, input.lowerBoundLimit ?? LOWER_BOUND_LIMIT));
  const native = input.nativeFeatures;
  if (input.auditedCpuFeatures !== null && native !== null) {
    const hiddenFeatures = hiddenCpuFeatures(native.features, input.auditedCpuFeatures);
    base.cpu = {
      auditedFeatures: input.auditedCpuFeatures,
      nativeFeatures: native.features,
      nativeSource: native.source,
      hiddenFeatures,
      dispatchEvidence: objdump.exitCode === 0 ? dispatchEvidence(objdump.stdout, hiddenFeatures) : [],
    };
    if (hiddenFeatures.length > 0 && base.cpu.dispatchEvidence.length > 0) {
      return {
        ...base,
        findings,
        taint,
        verdict: 'unknown',
        reason: 'dispatch-hidden',
        detail:
          `valgrind hid CPU features the library sees natively (${hiddenFeatures.join(', ')}) and the library ` +
          `picks its code by CPU features (${base.cpu.dispatchEvidence.join('; ')}): the audited path may not be ` +
          'the one that runs on this host',
      };
    }
  }
  return { ...base, findings, taint, verdict: findings.length === 0 ? 'constant-time' : 'secret-dependent' };
}
