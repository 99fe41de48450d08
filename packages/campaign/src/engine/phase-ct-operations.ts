import type { AlgorithmCategory } from '@ngcc-perf/category';
import { runOperationCt, type CtResult } from '@ngcc-perf/ct';
import type { CtAudit } from '@ngcc-perf/record';
import type { CampaignContext } from './campaign-context.js';

/** Seconds the taint run of one operation may take under valgrind (a public-key operation is slower than a hash call). */
const TAINT_TIMEOUT_SECONDS = 300;

/**
 * Set-ups (key pairs, exchanges) the timing test of an operation prepares: the driver's ct-time uses
 * the second for the fixed class and draws the random class from those after it.
 */
const TIMING_KEYS = 8;

/** The set-ups the random class draws from. */
const RANDOM_CLASS_KEYS = TIMING_KEYS - 2;

const VERDICT_ORDER: Record<CtAudit['verdict'], number> = { unknown: 2, 'secret-dependent': 1, 'constant-time': 0 };

/**
 * The constant-time audit of an instance of a category that declares `constantTime` (the public-key
 * ones): `runOperationCt` of every declared operation on the `-g` build, with its secret buffers
 * marked; one build.json `ct` for them all. The verdict is the worst of theirs (`unknown` before
 * `secret-dependent`); findings keep their `operation`; every operation's timing test is kept in
 * `operationTimings` with its classes in words (`timing` repeats the first one's). Null when the
 * category declares no operation; `operations` says what was secret, `coverageLimits` what is not
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
  const audits: { name: string; classes: string; audit: CtAudit }[] = [];
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
    audits.push({
      name: entry.operation.name,
      classes: `${entry.timingClasses} (the random class draws from ${RANDOM_CLASS_KEYS})`,
      audit: toAudit(result),
    });
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
    operationTimings: audits.map(({ name, classes, audit }) => ({
      operation: name,
      classes,
      timing: audit.timing,
      timingDetail: audit.timingDetail,
    })),
    notes: audits.flatMap(({ name, audit }) => prefixed(name, audit.notes)),
    limits: [...new Set(audits.flatMap(({ audit }) => audit.limits))],
    publicDivisions: audits.flatMap(({ audit }) => audit.publicDivisions),
  };
}
