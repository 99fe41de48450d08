// The first lines of a system's summary: one verdict line (candidates, KAT passes and failures,
// constant-time verdicts) and, when the host checks found problems, the warning that the figures
// were measured on a host not fit for measuring.
import { isBaselineCandidate } from '../baseline-figures.js';
import { countKatOutcomes } from '../kat-verdict-meanings.js';
import { paragraph } from './report-model.js';
import type { BuildInstance } from '@ngcc-perf/record';
import type { Dataset } from '../dataset.js';
import type { Block } from './report-model.js';

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * `3 candidates, 5 instances · KAT: 5 pass, 0 fail · constant-time: 4 of 5 (1 secret-dependent)`,
 * over the hash instances of the dataset and `others`, the instances of the other categories.
 */
export function buildVerdictLine(dataset: Dataset, others: readonly BuildInstance[] = []): Block {
  const entries = [...dataset.build.instances.filter((entry) => !isBaselineCandidate(dataset, entry)), ...others];
  const candidates = new Set(entries.map((entry) => entry.candidate)).size;
  const counts = countKatOutcomes(entries.map((entry) => entry.kat));
  const pass = counts.correct;
  const notChecked = counts.unchecked;
  const fail = counts.wrong + counts.faulted;
  const audited = entries.filter((entry) => entry.ct !== undefined && entry.ct !== null);
  const constantTime = audited.filter((entry) => entry.ct!.verdict === 'constant-time').length;
  const secret = audited.filter((entry) => entry.ct!.verdict === 'secret-dependent').length;
  const kat = `KAT: ${pass} pass, ${fail} fail${notChecked > 0 ? `, ${notChecked} without a reference` : ''}`;
  const ct =
    audited.length === 0
      ? 'constant-time: not audited'
      : `constant-time: ${constantTime} of ${audited.length}${secret > 0 ? ` (${secret} secret-dependent)` : ''}`;
  return paragraph({
    text: `${plural(candidates, 'candidate')}, ${plural(entries.length, 'instance')} · ${kat} · ${ct}`,
    tone: fail > 0 || secret > 0 ? 'bad' : 'good',
  });
}

/** The host-fitness warning, first thing under the verdict; none when the host checks passed. */
export function buildHostFitnessWarning(dataset: Dataset): Block[] {
  const problems = dataset.campaign.hostProblems;
  if (problems.length === 0) return [];
  const named = problems.map((problem) => problem.message.split(/[:;]/)[0]!.trim());
  return [
    paragraph({
      text: `⚠ Measured on a host not fit for measuring — ${named.join('; ')}: compare figures within this run, not with other systems (details under “Pages”).`,
      tone: 'bad',
    }),
  ];
}
