import { recordHeadline } from './record-headline.js';
import { ReportError } from './report-error.js';
import type { HeadlineFigure } from '@ngcc-perf/stats';
import { welchTTest } from './welch-t-test.js';
import { compareInstructionCounts, type InstructionComparison } from './compare-instruction-counts.js';
import type { Dataset } from './dataset.js';
import type { TimingRecord } from '@ngcc-perf/record';
import type { WelchTTestResult } from './welch-t-test.js';

/** Options of {@link compareRuns}. */
export interface CompareRunsOptions {
  /** Relative change of the headline cycles treated as noise: 0.02 = ±2 %. */
  threshold?: number;
  /** Significance level of the two-sided Welch test. */
  alpha?: number;
  /** Relative change of an exact instruction count beyond which it is a regression or an improvement: 0.02 = 2 %. */
  instructionThreshold?: number;
}

/**
 * Defaults of {@link CompareRunsOptions}: a 2 % noise threshold (the trial CV limit for long
 * messages, issue "Cycle capture you can trust") and a 5 % significance level.
 *
 * @example
 * ```ts
 * compareRuns(a, b, { ...COMPARE_RUNS_DEFAULTS, threshold: 0.05 });
 * ```
 */
export const COMPARE_RUNS_DEFAULTS: Readonly<Required<CompareRunsOptions>> = Object.freeze({
  threshold: 0.02,
  alpha: 0.05,
  instructionThreshold: 0.02,
});

/**
 * What one instance × size comparison found: `regression` (slower beyond the threshold and
 * significant), `improvement` (faster, likewise), `within-noise` (|ratio − 1| ≤ threshold),
 * `not-significant` (beyond the threshold but p ≥ alpha), `insufficient-trials` (a side has
 * fewer than 2 trials), `not-comparable` (a side failed, or the counters differ).
 */
export type ComparisonVerdict =
  'regression' | 'improvement' | 'within-noise' | 'not-significant' | 'insufficient-trials' | 'not-comparable';

/** One instance × message size present in both runs. */
export interface ComparisonRow {
  candidate: string;
  instance: string;
  messageBytes: number;
  /** The headline of run A's record (`recordHeadline`: median trial with its interval); null when it failed. */
  headlineA: HeadlineFigure | null;
  headlineB: HeadlineFigure | null;
  /** headlineB.medianCycles / headlineA.medianCycles; > 1 means B is slower. */
  ratio: number | null;
  /** Welch's test on the per-trial means; null when it could not be made. */
  test: WelchTTestResult | null;
  verdict: ComparisonVerdict;
  /** Why the verdict is `not-comparable` or `insufficient-trials`; null otherwise. */
  reason: string | null;
  /** The instruction counts of the two runs, compared exactly; null when neither run counted. */
  instructions: InstructionComparison | null;
}

/** Result of {@link compareRuns}. */
export interface RunComparison {
  systemA: string;
  systemB: string;
  threshold: number;
  alpha: number;
  rows: ComparisonRow[];
  /** `candidate/instance L B` present in only one run. */
  onlyInA: string[];
  onlyInB: string[];
  regressions: number;
  improvements: number;
  instructionThreshold: number;
  /** Rows whose instruction count is a regression beyond `instructionThreshold`. */
  instructionRegressions: number;
  /** Every operation whose instruction count changed, `candidate/instance L B: A → B (+d)`. */
  instructionChanges: string[];
}

function trialMeans(record: TimingRecord): number[] {
  return record.processes.flatMap((entry) =>
    entry.trial === null ? [] : [entry.trial.ticks / entry.trial.iterations],
  );
}

function compareRecords(
  a: TimingRecord,
  b: TimingRecord,
  threshold: number,
  alpha: number,
  instructionThreshold: number,
): ComparisonRow {
  const base = {
    candidate: a.candidate,
    instance: a.instance,
    messageBytes: a.messageBytes,
    instructions: compareInstructionCounts(a, b, instructionThreshold),
  };
  const headlineA = recordHeadline(a);
  const headlineB = recordHeadline(b);
  const ratio =
    headlineA !== null && headlineB !== null && headlineA.medianCycles > 0
      ? headlineB.medianCycles / headlineA.medianCycles
      : null;
  const partial = { ...base, headlineA, headlineB, ratio };
  if (ratio === null)
    return {
      ...partial,
      test: null,
      verdict: 'not-comparable',
      reason: headlineA === null || headlineB === null ? 'a record failed' : 'run A has zero cycles',
    };
  if (a.counter?.name !== b.counter?.name || a.counter?.kind !== b.counter?.kind) {
    return {
      ...partial,
      test: null,
      verdict: 'not-comparable',
      reason: `counters differ (${a.counter?.name} vs ${b.counter?.name}): their ticks are different units`,
    };
  }
  const samplesA = trialMeans(a);
  const samplesB = trialMeans(b);
  if (samplesA.length < 2 || samplesB.length < 2) {
    return {
      ...partial,
      test: null,
      verdict: 'insufficient-trials',
      reason: `${samplesA.length} and ${samplesB.length} trials; the test needs 2 on each side`,
    };
  }
  const test = welchTTest(samplesA, samplesB);
  const change = ratio - 1;
  const verdict: ComparisonVerdict =
    Math.abs(change) <= threshold
      ? 'within-noise'
      : test.pValue >= alpha
        ? 'not-significant'
        : change > 0
          ? 'regression'
          : 'improvement';
  return { ...partial, test, verdict, reason: null };
}

/**
 * Compares two runs instance by instance and size by size: the ratio of the headline cycles B / A
 * (`recordHeadline`, the median of the trial means — the figure every page shows), and
 * Welch's t-test ({@link welchTTest}) on the per-trial mean cycles (ticks / iterations) of the
 * two records. A row is a `regression` when B is slower by more than `threshold` and the test is
 * significant at `alpha`; an `improvement` likewise when faster. Records on different counters
 * are `not-comparable`.
 *
 * @param a - the baseline run
 * @param b - the run to judge
 * @param options - see {@link CompareRunsOptions}; defaults {@link COMPARE_RUNS_DEFAULTS}
 * @returns {@link RunComparison}: rows in A's build.json order, then by message length, with counts
 * @throws {@link ReportError} `INVALID_OPTION` for a threshold outside (0, 1) or alpha outside (0, 1)
 * @example
 * ```ts
 * const comparison = compareRuns(await loadRunDirectory('runs/main'), await loadRunDirectory('runs/branch'));
 * process.exitCode = comparisonExitCode(comparison); // 1 regression, 3 cannot vouch for B, else 0
 * ```
 */
export function compareRuns(a: Dataset, b: Dataset, options: CompareRunsOptions = {}): RunComparison {
  const { threshold, alpha, instructionThreshold } = { ...COMPARE_RUNS_DEFAULTS, ...options };
  if (!(instructionThreshold >= 0 && instructionThreshold < 1))
    throw new ReportError(
      'INVALID_OPTION',
      `instructionThreshold must be from 0 to below 1 (0.02 = 2 %), got ${instructionThreshold}.`,
    );
  if (!(threshold > 0 && threshold < 1))
    throw new ReportError('INVALID_OPTION', `threshold must be between 0 and 1 (0.02 = 2 %), got ${threshold}.`);
  if (!(alpha > 0 && alpha < 1))
    throw new ReportError('INVALID_OPTION', `alpha must be between 0 and 1 (0.05 = 5 %), got ${alpha}.`);
  const key = (record: TimingRecord): string => `${record.candidate}/${record.instance} ${record.messageBytes} B`;
  const inB = new Map(b.records.map(({ record }) => [key(record), record]));
  const inA = new Set(a.records.map(({ record }) => key(record)));
  const order = new Map(a.build.instances.map((entry, index) => [`${entry.candidate}/${entry.instance}`, index]));
  const rank = (record: TimingRecord): number => order.get(`${record.candidate}/${record.instance}`) ?? Infinity;
  const sorted = a.records
    .map(({ record }) => record)
    .sort((x, y) => rank(x) - rank(y) || x.messageBytes - y.messageBytes);
  const rows = sorted.flatMap((record) => {
    const other = inB.get(key(record));
    return other === undefined ? [] : [compareRecords(record, other, threshold, alpha, instructionThreshold)];
  });
  return {
    systemA: a.campaign.systemId,
    systemB: b.campaign.systemId,
    threshold,
    alpha,
    rows,
    onlyInA: a.records.map(({ record }) => key(record)).filter((name) => !inB.has(name)),
    onlyInB: [...inB.keys()].filter((name) => !inA.has(name)),
    regressions: rows.filter((row) => row.verdict === 'regression').length,
    improvements: rows.filter((row) => row.verdict === 'improvement').length,
    instructionThreshold,
    instructionRegressions: rows.filter((row) => row.instructions?.verdict === 'regression').length,
    instructionChanges: rows.flatMap((row) => {
      const counts = row.instructions;
      if (counts === null || counts.differenceInstructions === null || counts.differenceInstructions === 0) return [];
      const sign = counts.differenceInstructions > 0 ? '+' : '';
      return [
        `${row.candidate}/${row.instance} ${row.messageBytes} B: ${counts.instructionsA} → ${counts.instructionsB} ` +
          `(${sign}${counts.differenceInstructions}, ${counts.verdict})`,
      ];
    }),
  };
}
