// The one table of what each KAT verdict means (the ICCS KAT rules "Verdicts and exit codes"), and the words every page and
// export uses for it: the index cells, the candidate page, the summary, the ranking pages, the
// counts. A renderer never words a verdict itself.
import type { KatVerdict } from '@ngcc-perf/record';

/**
 * What a verdict says about the instance's answers: `correct` (every KAT file matched its
 * reference), `wrong` (a digest differs: wrong answers), `unchecked` (no reference to compare
 * with: neither right nor wrong is known), `faulted` (the KAT run did not finish: crash, hang,
 * overflow, refused input, no library).
 */
export type KatOutcome = 'correct' | 'wrong' | 'unchecked' | 'faulted';

/** The meaning of one verdict and the words for it. */
export interface KatVerdictMeaning {
  outcome: KatOutcome;
  /** The verdict as a table cell shows it: `PASS`, `⚠ MISMATCH`, `NOKAT (not checked)`. */
  label: string;
  /** The cell's colour: good (correct), bad (wrong or faulted), warn (not checked). */
  tone: 'good' | 'bad' | 'warn';
  /** A few words for lists: `wrong answers`, `not checked`, `crashed`. */
  short: string;
  /** What it means, completing "The instance …": `gives wrong answers: a KAT digest differs from its reference`. */
  meaning: string;
}

/**
 * Every KAT verdict with its meaning and words. Source: the ICCS KAT rules "Verdicts and exit codes"; kat's `runKat`.
 *
 * @example
 * ```ts
 * KAT_VERDICT_MEANINGS.NOKAT.outcome; // 'unchecked'
 * ```
 */
export const KAT_VERDICT_MEANINGS: Readonly<Record<KatVerdict, KatVerdictMeaning>> = Object.freeze({
  PASS: {
    outcome: 'correct',
    label: 'PASS',
    tone: 'good',
    short: 'correct answers',
    meaning: 'gives the reference answers: every KAT file matched its reference digest',
  },
  MISMATCH: {
    outcome: 'wrong',
    label: '⚠ MISMATCH',
    tone: 'bad',
    short: 'wrong answers',
    meaning: 'gives wrong answers: a KAT digest differs from its reference',
  },
  NOKAT: {
    outcome: 'unchecked',
    label: 'NOKAT (not checked)',
    tone: 'warn',
    short: 'not checked',
    meaning:
      'was not checked: there is no reference digest (no official manifest entry, no submitted KAT file) to compare its answers with, so whether they are right is not known',
  },
  CRYPTOFAIL: {
    outcome: 'faulted',
    label: '⚠ CRYPTOFAIL',
    tone: 'bad',
    short: 'refused an input',
    meaning: 'failed the KAT run: CryptHash returned an error for an input the KAT needs',
  },
  OVERFLOW: {
    outcome: 'faulted',
    label: '⚠ OVERFLOW',
    tone: 'bad',
    short: 'wrote out of bounds',
    meaning: 'failed the KAT run: it wrote outside the digest buffer or into the message',
  },
  LOADFAIL: {
    outcome: 'faulted',
    label: '⚠ LOADFAIL',
    tone: 'bad',
    short: 'did not load',
    meaning: 'did not run: the library could not be loaded or does not export CryptHash',
  },
  TIMEOUT: {
    outcome: 'faulted',
    label: '⚠ TIMEOUT',
    tone: 'bad',
    short: 'did not finish',
    meaning: 'failed the KAT run: it did not finish within the time limit',
  },
  CRASH: {
    outcome: 'faulted',
    label: '⚠ CRASH',
    tone: 'bad',
    short: 'crashed',
    meaning: 'failed the KAT run: the library crashed',
  },
});

/** The words for an instance with no KAT verdict yet (not built or not checked in this run). */
export const NO_KAT_VERDICT: KatVerdictMeaning = Object.freeze({
  outcome: 'unchecked',
  label: '—',
  tone: 'warn',
  short: 'no verdict',
  meaning: 'has no KAT verdict: it was not built or not checked in this run',
});

/** The meaning of a verdict, or of none ({@link NO_KAT_VERDICT}). */
export function katVerdictMeaning(verdict: KatVerdict | null | undefined): KatVerdictMeaning {
  return verdict === null || verdict === undefined ? NO_KAT_VERDICT : KAT_VERDICT_MEANINGS[verdict];
}

/** How many instances of each outcome. */
export type KatOutcomeCounts = Record<KatOutcome, number>;

/** Counts the outcomes of these verdicts. */
export function countKatOutcomes(verdicts: readonly (KatVerdict | null | undefined)[]): KatOutcomeCounts {
  const counts: KatOutcomeCounts = { correct: 0, wrong: 0, unchecked: 0, faulted: 0 };
  for (const verdict of verdicts) counts[katVerdictMeaning(verdict).outcome] += 1;
  return counts;
}

/**
 * The counts in words, in a fixed order, leaving out zeros: `1 pass, 1 wrong answers (MISMATCH),
 * 1 failed to run the KAT, 1 not checked (no reference)`; `none` for no instance.
 * @example
 * describeKatOutcomes({ correct: 2, wrong: 0, unchecked: 1, faulted: 0 }); // '2 pass, 1 not checked (NOKAT)'
 */
export function describeKatOutcomes(counts: KatOutcomeCounts): string {
  const parts = [
    counts.correct > 0 ? `${counts.correct} pass` : null,
    counts.wrong > 0 ? `${counts.wrong} wrong answers (MISMATCH)` : null,
    counts.faulted > 0 ? `${counts.faulted} failed to run the KAT` : null,
    counts.unchecked > 0 ? `${counts.unchecked} not checked (no reference)` : null,
  ].filter((part): part is string => part !== null);
  return parts.length === 0 ? 'none' : parts.join(', ');
}

/** Whether an instance may be ranked and compared: only a KAT PASS. */
export function katEligible(verdict: KatVerdict | null | undefined): boolean {
  return katVerdictMeaning(verdict).outcome === 'correct';
}
