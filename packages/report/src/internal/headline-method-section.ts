// The method page's sections on the headline figure (what it is, how its interval is made, its
// coverage with this plan's trials) and on the ICCS baseline the × pseudoXOF figures divide by.
import { formatCoverage, HEADLINE_TARGET_COVERAGE } from '@ngcc-perf/stats';
import { baselineAbsenceSentence } from './baseline-absence.js';
import { buildBaselineTable } from './baseline-table.js';
import { headlineCoverage, headlineIntervalWords } from './headline-words.js';
import { paragraph } from './report-model.js';
import type { Dataset } from '../dataset.js';
import type { ReportSection } from './report-model.js';

export function headlineMethodSection(dataset: Dataset): ReportSection {
  const trials = dataset.campaign.plan.trials;
  const coverage = headlineCoverage(trials);
  return {
    heading: 'The headline figure',
    id: 'headline',
    blocks: [
      paragraph(
        'Every page, chart, ranking, export and comparison gives one figure per operation (an instance at one message length): ' +
          'the median of its trial means (ticks / iterations of each trial). One disturbed trial moves the mean of all calls; it does not move this median. ' +
          'The seed-layout table of §4 keeps the guide’s mean of all calls, as the guide defines it.',
      ),
      paragraph(
        'Its interval is the distribution-free interval of a median from order statistics: the k-th lowest to the k-th highest of the n trial means, ' +
          'which holds the median of a trial’s mean with probability 1 − 2 · P(B ≤ k − 1), B binomial with n trials and p = ½, whatever the distribution. ' +
          `k is the largest order whose coverage reaches ${formatCoverage(HEADLINE_TARGET_COVERAGE)}; when none does, k = 1 and the coverage is stated as it is. ` +
          `This plan’s ${trials} trial${trials === 1 ? '' : 's'} give ${headlineIntervalWords(trials)}. ` +
          'Trials are independent processes; the interval assumes nothing else about them.',
      ),
      paragraph(
        '× pseudoXOF compares a candidate with the baseline at the same output width and message length. ' +
          'Measured in turns in one batch (as a campaign measures them), it is the median of their round-by-round ratios — trial k of the candidate over trial k of the baseline, close in time, so that a change of the host lasting a round cancels — ' +
          `with the same order-statistic interval as the headline (${headlineIntervalWords(trials, 'round ratios')}). ` +
          'Otherwise (records of different batches) it is the headline over the baseline’s headline, with the interval from the candidate’s low bound over the baseline’s high bound to the candidate’s high bound over the baseline’s low bound; ' +
          'when both intervals hold, the ratio of the medians lies in it, so its coverage is at least the sum of the two coverages minus one (Bonferroni), ' +
          (coverage === null
            ? 'and with a single trial there is no interval.'
            : `at least ${formatCoverage(Math.max(0, 2 * coverage - 1))} with this plan.`),
      ),
    ],
  };
}

export function baselineMethodSection(dataset: Dataset): ReportSection | null {
  const table = buildBaselineTable(dataset);
  const absence = baselineAbsenceSentence(dataset);
  if (absence !== null) return { heading: 'Baseline', id: 'baseline', blocks: [paragraph(absence)] };
  if (table === null) return null;
  return {
    heading: 'Baseline',
    id: 'baseline',
    blocks: [
      paragraph(
        'The ICCS helpers a submission may call, written by this project from the standards and bundled with it, are measured in every campaign with the campaign’s own plan, host and CPUs: ' +
          'sm3hash is SM3 (GB/T 32905-2016, 256 bits); pseudoXOF is the key derivation function of GB/T 32918.4-2016 §5.4.3 over SM3 — ' +
          'Hᵢ = SM3(M ‖ ct) for ct = 1, 2, … as a 32-bit big-endian counter, concatenated and cut to the requested bits — computed as the standard writes it, one whole SM3 per 256 output bits, ' +
          'at every output width a measured candidate uses. Their KATs are the candidates’ (KAT_2_12, KAT_2_23); the code is also checked against the GB/T 32905 examples and SM3(M ‖ 00000001) by the test suite.',
      ),
      table,
    ],
  };
}
