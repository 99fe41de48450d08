// Checks the per-call figures a driver wrote (each per-call trial's, and the per-call sample's)
// against themselves, as @ngcc-perf/native/PROTOCOL.md `--scope per-call` defines them, and names the first
// figure that cannot be what the driver wrote.
import type { TimingRecord } from '@ngcc-perf/record';
import type { PerCallFigures } from '@ngcc-perf/record';
import type { ValidationDifference } from '../validation-difference.js';

interface Located {
  /** Where the figures sit in the record, e.g. `perCallSample.trial.perCall`. */
  at: string;
  iterations: number;
  figures: PerCallFigures;
}

/** Every per-call figure set of a record, with its place. */
export function perCallFigureSets(record: Pick<TimingRecord, 'processes' | 'perCallSample'>): Located[] {
  const sets: Located[] = [];
  record.processes.forEach((entry, index) => {
    if (entry.trial?.perCall !== undefined)
      sets.push({
        at: `processes[${index}].trial.perCall`,
        iterations: entry.trial.iterations,
        figures: entry.trial.perCall,
      });
  });
  const sample = record.perCallSample?.trial;
  if (sample?.perCall !== undefined)
    sets.push({ at: 'perCallSample.trial.perCall', iterations: sample.iterations, figures: sample.perCall });
  return sets;
}

/** The first inconsistency of one figure set: [field, value, what it should be], or null. */
function inconsistency({ iterations, figures: f }: Located): [string, unknown, string] | null {
  if (f.count !== iterations) return ['count', f.count, `the trial's iterations, ${iterations}`];
  const corrected = ['median', 'q1', 'q3'] as const;
  for (const name of corrected) {
    const raw = f[`raw${name === 'median' ? 'Median' : name === 'q1' ? 'Q1' : 'Q3'}Ticks` as const];
    if (raw === undefined || f.overheadTicks === undefined) continue;
    const expected = Math.max(0, raw - f.overheadTicks);
    const actual = f[`${name}Ticks` as const];
    if (actual !== expected) return [`${name}Ticks`, actual, `max(0, raw − overhead) = ${expected}`];
  }
  const ordered: [string, number | undefined][] = [
    ['rawMinTicks', f.rawMinTicks],
    ['rawQ1Ticks', f.rawQ1Ticks],
    ['rawMedianTicks', f.rawMedianTicks],
    ['rawQ3Ticks', f.rawQ3Ticks],
  ];
  const present = ordered.filter((entry): entry is [string, number] => entry[1] !== undefined);
  for (let i = 1; i < present.length; i += 1) {
    const [name, value] = present[i]!;
    const [lowerName, lower] = present[i - 1]!;
    if (value < lower) return [name, value, `at least ${lowerName} (${lower})`];
  }
  if (f.q1Ticks > f.medianTicks) return ['q1Ticks', f.q1Ticks, `at most medianTicks (${f.medianTicks})`];
  if (f.medianTicks > f.q3Ticks) return ['q3Ticks', f.q3Ticks, `at least medianTicks (${f.medianTicks})`];
  return null;
}

/**
 * The first per-call figure set of `record` that contradicts itself (its call count against the
 * trial's iterations, the overhead-corrected quartiles against raw − overhead, quartiles out of
 * order), as a `derived` difference naming the figure's own field; null when all agree.
 */
export function findPerCallDifference(
  file: string,
  record: Pick<TimingRecord, 'processes' | 'perCallSample'>,
): ValidationDifference | null {
  for (const located of perCallFigureSets(record)) {
    const found = inconsistency(located);
    if (found === null) continue;
    const [name, value, expected] = found;
    const field = `${located.at}.${name}`;
    return {
      check: 'derived',
      file,
      field,
      line: null,
      message: `${file}: field "${field}" is ${JSON.stringify(value)}, but it must be ${expected} (@ngcc-perf/native/PROTOCOL.md, --scope per-call). Regenerate the record with "ngcc-perf run"; driver figures are never edited by hand.`,
    };
  }
  return null;
}
