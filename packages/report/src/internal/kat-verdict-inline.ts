import type { KatVerdict } from '@ngcc-perf/record';
import { katVerdictMeaning } from '../kat-verdict-meanings.js';
import type { Inline } from './report-model.js';

/** A KAT verdict as a table cell: its label and tone from `KAT_VERDICT_MEANINGS`. */
export function katVerdictInline(verdict: KatVerdict | null | undefined): Inline {
  const { label, tone } = katVerdictMeaning(verdict);
  return { text: label, tone };
}
