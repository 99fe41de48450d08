// The words every page uses for the headline's interval, from the plan's trial count.
import { formatCoverage, headlineFigure, PAIRED_MINIMUM_DIFFERENCE } from '@ngcc-perf/stats';

/** The coverage of a headline interval made of `trials` trials; null with one trial. */
export function headlineCoverage(trials: number): number | null {
  if (trials < 2) return null;
  return headlineFigure(Array.from({ length: trials }, (_, index) => ({ iterations: 1, ticks: index }))).coverage;
}

/**
 * `the lowest to the highest of the 5 trial means, 93.8 % coverage` — the interval of a headline
 * made of `trials` trials, as {@link headlineFigure} builds it (`values` names what is ordered:
 * `round ratios` for a paired comparison); with one trial, none.
 */
export function headlineIntervalWords(trials: number, values = 'trial means'): string {
  if (trials < 2) return 'no interval with a single trial';
  const ranks = Array.from({ length: trials }, (_, index) => ({ iterations: 1, ticks: index }));
  const figure = headlineFigure(ranks);
  const k = figure.lowCycles! + 1;
  const bounds =
    k === 1
      ? `the lowest to the highest of the ${trials} ${values}`
      : `the ${ordinal(k)} lowest to the ${ordinal(k)} highest of the ${trials} ${values}`;
  return `${bounds}, ${formatCoverage(figure.coverage!)} coverage`;
}

function ordinal(k: number): string {
  const suffix =
    k % 10 === 1 && k % 100 !== 11
      ? 'st'
      : k % 10 === 2 && k % 100 !== 12
        ? 'nd'
        : k % 10 === 3 && k % 100 !== 13
          ? 'rd'
          : 'th';
  return `${k}${suffix}`;
}

/**
 * `for 5 rounds: all 5 ratios more than 1 % on one side of 1, the sign test at 6.3 %; …` (10 rounds: at least 9 of the 10) — when the paired
 * comparison of two instances measured in turns (`pairedRatio` of @ngcc-perf/stats) establishes
 * a difference, from the plan's trial count (rounds).
 */
export function pairedRoundsWords(trials: number): string {
  if (trials < 2) return 'never with a single round';
  const ranks = Array.from({ length: trials }, (_, index) => ({ iterations: 1, ticks: index }));
  const figure = headlineFigure(ranks);
  const k = figure.lowCycles! + 1;
  const agreeing = trials - k + 1;
  const ratios = agreeing === trials ? `all ${trials} ratios` : `at least ${agreeing} of the ${trials} ratios`;
  const margin = formatCoverage(PAIRED_MINIMUM_DIFFERENCE);
  return `for ${trials} rounds: ${ratios} more than ${margin} on one side of 1, the sign test at ${formatCoverage(1 - figure.coverage!)}; a smaller difference — two builds of the same code differ by a few tenths of a percent — is not ranked`;
}
