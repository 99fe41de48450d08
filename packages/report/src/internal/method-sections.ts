// Sections of the method page: the plan as run, the counters, CPUs, host state at start and
// end, builds with full flags and digests, tools, formulas and the records' warnings.
import { katVerdictMeaning } from '../kat-verdict-meanings.js';
import { formatSeconds } from '@ngcc-perf/stats';
import { counterTerm } from './counter-term.js';
import { codeSpan, paragraph } from './report-model.js';
import type { Dataset } from '../dataset.js';
import type { CompleteTimingRecord, TimingRecord } from '@ngcc-perf/record';
import type { Block, Inline, ReportSection } from './report-model.js';

function table(caption: string, headers: string[], rows: Inline[][][]): Block {
  return { kind: 'table', caption, headers, numeric: headers.map(() => false), rows };
}

function range(values: number[], format: (value: number) => string = String): string {
  if (values.length === 0) return '—';
  const low = Math.min(...values);
  const high = Math.max(...values);
  return low === high ? format(low) : `${format(low)} – ${format(high)}`;
}

function distinct<T>(values: T[]): T[] {
  return [...new Set(values)];
}

const records = (dataset: Dataset): TimingRecord[] => dataset.records.map(({ record }) => record);

/** How many operations were planned from which calibration figure; no row for runs that predate the field. */
function basisRow(
  plans: readonly { calibrationBasis?: 'first-call' | 'batch' | 'warm-calls' | undefined }[],
): [string, Inline[]][] {
  const count = (basis: string) => plans.filter((entry) => entry.calibrationBasis === basis).length;
  const parts = [
    [count('first-call'), 'the cold call (guide §3.4)'],
    [count('batch'), 'a batch of 100 calls (a call under 1 µs)'],
    [
      count('warm-calls'),
      'the calls right after it (the cold call took over twice as long: one-time set-up or cold caches)',
    ],
  ] as const;
  const said = parts.filter(([n]) => n > 0).map(([n, what]) => `${what}: ${n} operation${n === 1 ? '' : 's'}`);
  return said.length === 0 ? [] : [['trials planned from', [said.join('; ')]]];
}

export function planSection(dataset: Dataset): ReportSection {
  const { plan } = dataset.campaign;
  const plans = records(dataset).flatMap((record) =>
    record.plan === null || record.plan === undefined ? [] : [record.plan],
  );
  const rows: [string, Inline[]][] = [
    ['trial target', [`${plan.trialTargetSeconds} s`]],
    ['budget per operation', [`${plan.budgetSeconds} s`]],
    ['trials per operation', [String(plan.trials)]],
    ['iterations per trial (limits)', [`${plan.minIterations} – ${plan.maxIterations}`]],
    ['iterations per trial (as calibrated)', [range(plans.map((entry) => entry.iterationsPerTrial))]],
    ['warm-up calls per trial', [range(plans.map((entry) => entry.warmups))]],
    [
      'one cold call (calibration)',
      [
        range(
          plans.flatMap((entry) => (entry.calibrationSeconds === null ? [] : [entry.calibrationSeconds])),
          formatSeconds,
        ),
      ],
    ],
    ...basisRow(plans),
    [
      'timeout per process',
      [
        range(
          plans.map((entry) => entry.timeoutPerProcessSeconds),
          (value) => `${value} s`,
        ),
      ],
    ],
    ['timing scope', [distinct(plans.map((entry) => entry.scope ?? 'loop')).join(', ') || '—']],
    [
      'on a context switch',
      [
        distinct(plans.flatMap((entry) => (entry.onContextSwitch === undefined ? [] : [entry.onContextSwitch]))).join(
          ', ',
        ) || '—',
      ],
    ],
    [
      'address-space layout',
      [
        distinct(plans.map((entry) => entry.addressLayout ?? 'randomized'))
          .map((layout) => (layout === 'fixed' ? 'fixed (ADDR_NO_RANDOMIZE in every driver process)' : layout))
          .join(', ') || '—',
      ],
    ],
    ['message sizes', [plan.messageSizesBytes.map((bytes) => `${bytes} B`).join(', ')]],
    ['message bytes', [codeSpan(plan.messageRule)]],
  ];
  return {
    heading: 'Plan',
    id: 'plan',
    blocks: [
      table(
        'Plan parameters as run',
        ['parameter', 'value'],
        rows.map(([name, value]) => [[name], value]),
      ),
    ],
  };
}

export function counterSection(dataset: Dataset): ReportSection {
  const groups = new Map<string, TimingRecord[]>();
  for (const record of records(dataset)) {
    if (record.counter === null || record.counter === undefined) continue;
    const key = `${record.counter.name}/${record.counter.kind}`;
    groups.set(key, [...(groups.get(key) ?? []), record]);
  }
  const rows = [...groups.values()].map((group): Inline[][] => {
    const counters = group.map((record) => record.counter!);
    const first = counters[0]!;
    const numbers = (pick: (counter: typeof first) => number | null | undefined): number[] =>
      counters.flatMap((counter) => (typeof pick(counter) === 'number' ? [pick(counter)!] : []));
    return [
      [codeSpan(first.name)],
      [first.kind === 'core-cycles' ? 'core cycles' : 'fixed rate (not core cycles)'],
      [
        range(
          numbers((counter) => counter.hz),
          (hz) => `${(hz / 1e9).toFixed(4)} GHz`,
        ),
      ],
      [
        range(
          numbers((counter) => counter.overheadTicks),
          (ticks) => `${ticks} ticks`,
        ),
      ],
      [
        range(
          numbers((counter) => counter.resolutionTicks),
          (ticks) => `${ticks} ticks`,
        ),
      ],
      [String(group.length)],
      [distinct(counters.flatMap((counter) => (counter.reason ? [counter.reason] : []))).join('; ') || '—'],
    ];
  });
  return {
    heading: 'Counter',
    id: 'counter',
    blocks: [
      paragraph(
        'The counter each record’s ticks come from, with its rate as measured per record (the range over the records), the cost of one read and its resolution.',
      ),
      table(
        'Counters used',
        ['counter', 'kind', 'rate', 'read overhead', 'resolution', 'records', 'why this counter'],
        rows,
      ),
    ],
  };
}

export function cpuSection(dataset: Dataset): ReportSection {
  const all = records(dataset);
  const processes = all.flatMap((record) => record.processes);
  const used = distinct(processes.flatMap((entry) => (entry.cpu === null ? [] : [entry.cpu]))).sort((a, b) => a - b);
  const retries = all.reduce((sum, record) => sum + record.disturbedRetries, 0);
  return {
    heading: 'CPUs and processes',
    id: 'cpus',
    blocks: [
      {
        kind: 'list',
        items: [
          [`CPUs the campaign pinned to: ${dataset.campaign.cpus.join(', ') || 'none'}`],
          [`CPUs the trial processes ran on: ${used.join(', ') || 'unknown'}`],
          [`Trial processes: ${processes.length} over ${all.length} records; disturbed trials rerun: ${retries}`],
        ],
      },
    ],
  };
}

function describeValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.map(describeValue).join(', ') || '(none)';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value) === '' ? '(empty)' : String(value);
}

export function hostSection(dataset: Dataset): ReportSection {
  const start = dataset.campaign.environmentAtStart as Record<string, unknown>;
  const end = dataset.campaign.environmentAtEnd as Record<string, unknown>;
  const keys = distinct([...Object.keys(start), ...Object.keys(end)]);
  const problems = dataset.campaign.hostProblems;
  return {
    heading: 'Host state',
    id: 'host',
    blocks: [
      table(
        'Host state at the start and the end of the campaign',
        ['item', 'at start', 'at end'],
        keys.map((key) => [[key], [describeValue(start[key])], [describeValue(end[key])]]),
      ),
      problems.length === 0
        ? paragraph('The host checks found no problem.')
        : { kind: 'list', items: problems.map((problem) => [`host check: ${problem.message}`]) },
    ],
  };
}

export function buildSection(dataset: Dataset): ReportSection {
  const rows = dataset.build.instances.map((entry): Inline[][] => [
    [entry.candidate],
    [codeSpan(entry.instance)],
    [entry.variant],
    [entry.flags],
    [codeSpan(entry.buildFlags)],
    [entry.librarySha256 === null ? '—' : codeSpan(entry.librarySha256)],
    [entry.imageBytes === null ? '—' : String(entry.imageBytes)],
    [katVerdictMeaning(entry.kat).label],
  ]);
  const { tools } = dataset.campaign;
  return {
    heading: 'Builds and tools',
    id: 'builds',
    blocks: [
      table(
        'Builds',
        [
          'candidate',
          'instance',
          'variant',
          'build flags',
          'compiler flags',
          'library SHA-256',
          'ELF image (bytes)',
          'KAT',
        ],
        rows,
      ),
      table(
        'Tools',
        ['tool', 'version'],
        [
          [['compiler'], [tools.compiler ?? 'unknown']],
          [['build tool'], [tools.buildTool ?? 'unknown']],
          [['Node.js'], [tools.node ?? 'unknown']],
          [['ngcc-perf'], [tools.ngccPerf ?? 'unknown']],
        ],
      ),
    ],
  };
}

export function formulaSection(dataset: Dataset): ReportSection {
  const { perCall, perByte } = counterTerm(records(dataset));
  return {
    heading: 'Derived figures',
    id: 'formulas',
    blocks: [
      {
        kind: 'list',
        items: [
          [`n = Σ iterations over the trials; mean ${perCall} = Σ ticks / n; mean time = Σ seconds / n (guide §3.4)`],
          [`${perByte} = mean ${perCall} / L; MB/s = L · n / Σ seconds / 10^6; ops/s = n / Σ seconds`],
          [
            'median, minimum, maximum, sample standard deviation and CV over the per-trial means (ticks / iterations); 95 % interval mean ± t(0.975; k − 1) · sd / √k',
          ],
          [
            'outlier trials: per-trial means outside Tukey’s fences q1 − 1.5 · IQR, q3 + 1.5 · IQR (quartiles by linear interpolation)',
          ],
          ['baseline and peak RSS: maxima over the trial processes (guide §3.1)'],
        ],
      },
    ],
  };
}

export function warningSection(dataset: Dataset): ReportSection {
  const order = new Map(dataset.build.instances.map((entry, index) => [`${entry.candidate}/${entry.instance}`, index]));
  const rank = (record: TimingRecord): number => order.get(`${record.candidate}/${record.instance}`) ?? Infinity;
  const sorted = records(dataset).sort((a, b) => rank(a) - rank(b) || a.messageBytes - b.messageBytes);
  const items = sorted.flatMap((record) => {
    const warnings =
      record.status === 'complete'
        ? ((record as CompleteTimingRecord).derived.warnings ?? [])
        : [`failed: ${record.failure}`];
    return warnings.map((warning): Inline[] => [codeSpan(record.instance), ` ${record.messageBytes} B: ${warning}`]);
  });
  return {
    heading: 'Warnings of the records',
    id: 'warnings',
    blocks: [items.length === 0 ? paragraph('No record carries a warning.') : { kind: 'list', items }],
  };
}
