// Why a page shows no × pseudoXOF: the one sentence the summary, system index and method page say
// when a campaign measured no ICCS baseline.
import type { Dataset } from '../dataset.js';

/**
 * The sentence saying why there is no × baseline, or null when the campaign measured the baseline.
 * campaign.json `baselineLeftOut` (run --no-baseline) names the option; a campaign without either
 * field was run before the baseline was measured by default.
 */
export function baselineAbsenceSentence(dataset: Dataset): string | null {
  const { campaign } = dataset;
  if (campaign.baseline !== undefined) return null;
  return campaign.baselineLeftOut === true
    ? 'This campaign left the ICCS baseline out (run --no-baseline), so no figure is shown × pseudoXOF.'
    : 'This campaign measured no ICCS baseline, so no figure is shown × pseudoXOF.';
}
