import type { AlgorithmCategory } from '@ngcc-perf/category';
import { runOperationCt, type CtResult } from '@ngcc-perf/ct';
import type { CtAudit } from '@ngcc-perf/record';
import type { CampaignContext } from './campaign-context.js';

/** Seconds the taint run of one operation may take under valgrind (a public-key operation is slower than a hash call). */
const TAINT_TIMEOUT_SECONDS = 300;

/** Key pairs the timing test of an operation prepares (one fixed, the rest drawn for the random class). */
const TIMING_KEYS = 8;

const VERDICT_ORDER: Record<CtAudit['verdict'], number> = { unknown: 2, 'secret-dependent': 1, 'constant-time': 0 };

/**
 * The constant-time audit of an instance of a category that declares `constantTime` (the public-key
 * ones): `runOperationCt` of every declared operation on the `-g` build, with its secret buffers
 * marked; one build.json `ct` for them all. The verdict is the worst of theirs (`unknown` before
 * `secret-dependent`); findings keep their `operation`; the timing test is the first operation's
 * (the others' figures are in the notes). Null when the category declares no operation; `operations` says what was secret, `coverageLimits` what is not
 * covered.
 */
export async function auditOperations(
  context: CampaignContext,
  category: AlgorithmCategory,
  debug: { library: string },
  timingMilliseconds: number,
  toAudit: (result: CtResult) => CtAudit,
): Promise<CtAudit | null> {
  const declared = category.constantTime!;
  const audits: { name: string; audit: CtAudit }[] = [];
  for (const entry of declared.operations) {
    const result: CtResult = await runOperationCt({
      library: debug.library,
      category: category.id,
      operation: entry.operation.name,
      secrets: entry.secrets,
      publicInside: entry.publicInside,
      parameters: category.operations.driverParameters(entry.operation),
      driverPath: context.driverPath,
      taintTimeoutSeconds: TAINT_TIMEOUT_SECONDS,
      timing: { milliseconds: timingMilliseconds, keys: TIMING_KEYS },
    });
    audits.push({ name: entry.operation.name, audit: toAudit(result) });
  }
  if (audits.length === 0) return null;
  const first = audits[0]!.audit;
  const worst = audits.reduce(
    (acc, { audit }) => (VERDICT_ORDER[audit.verdict] > VERDICT_ORDER[acc.verdict] ? audit : acc),
    first,
  );
  const prefixed = (name: string, texts: readonly string[]): string[] =>
    audits.length === 1 ? [...texts] : texts.map((text) => `${name}: ${text}`);
  return {
    ...first,
    verdict: worst.verdict,
    reason: worst.reason,
    detail:
      worst.detail === null ? null : prefixed(audits.find(({ audit }) => audit === worst)!.name, [worst.detail])[0]!,
    operations: declared.operations.map((entry) => ({
      operation: entry.operation.name,
      secrets: [...entry.secrets],
      description: entry.description,
    })),
    coverageLimits: [...declared.limits],
    findings: audits.flatMap(({ audit }) => audit.findings),
    taintSeconds: audits.reduce<number | null>(
      (sum, { audit }) => (audit.taintSeconds === null ? sum : (sum ?? 0) + audit.taintSeconds),
      null,
    ),
    notes: [
      ...audits.flatMap(({ name, audit }) => prefixed(name, audit.notes)),
      ...audits
        .slice(1)
        .map(({ name, audit }) =>
          audit.timing === null
            ? `${name}: no timing test (${audit.timingDetail ?? 'not run'})`
            : `${name}: timing test over secret keys, ${audit.timing.samplesCount} samples, max |t| ${audit.timing.maxAbsT} (threshold ${audit.timing.thresholdAbsT}), difference ${audit.timing.differenceSuspected ? 'suspected' : 'not suspected'}`,
        ),
    ],
    limits: [...new Set(audits.flatMap(({ audit }) => audit.limits))],
    publicDivisions: audits.flatMap(({ audit }) => audit.publicDivisions),
  };
}
