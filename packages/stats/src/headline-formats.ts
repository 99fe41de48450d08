// The one text of a headline figure and of a × baseline multiple: every page, export and
// command prints these strings, so the same operation reads the same everywhere.
import { formatCycles, formatCyclesPerByte } from './number-formats.js';
import { StatsError } from './stats-error.js';
import type { BaselineMultiple } from './baseline-multiple.js';
import type { HeadlineFigure } from './headline-figure.js';

function withInterval(middle: string, low: string | null, high: string | null): string {
  return low === null || high === null ? middle : `${middle} (${low}–${high})`;
}

/**
 * The headline in counter ticks per call with its interval: `4129 (4100–4187)`,
 * `2.06 M (2.04 M–2.11 M)`; the figure alone with a single trial. Numbers as {@link formatCycles}.
 *
 * @param figure - from {@link headlineFigure}.
 * @returns the text.
 * @throws {@link StatsError} `INVALID_NUMBER` for a negative or non-finite figure.
 * @example
 * ```ts
 * formatHeadlineCycles({ medianCycles: 4129, lowCycles: 4100, highCycles: 4187, coverage: 0.9375, trialsCount: 5 });
 * // '4129 (4100–4187)'
 * ```
 */
export function formatHeadlineCycles(figure: HeadlineFigure): string {
  return withInterval(
    formatCycles(figure.medianCycles),
    figure.lowCycles === null ? null : formatCycles(figure.lowCycles),
    figure.highCycles === null ? null : formatCycles(figure.highCycles),
  );
}

/**
 * The headline per byte with its interval, one decimal each: `12.1 (11.8–12.6)` cycles/byte (or
 * ticks/byte with a fixed-rate counter — the caller names the unit).
 *
 * @param figure - the headline in counter ticks **per call** (not per byte): {@link headlineFigure}'s
 *   result, or a record's `derived.headline` (`medianCycles`, `lowCycles`, `highCycles`; the
 *   `…PerByte` fields beside them are not read).
 * @param messageBytes - L > 0, the message length in bytes the figure was measured at; each of the
 *   three is divided by it.
 * @returns the text, without unit or coverage (`formatCoverage` gives `93.8 %`).
 * @throws {@link StatsError} `INVALID_NUMBER` for L ≤ 0 or a negative or non-finite figure.
 * @example
 * ```ts
 * formatHeadlineCyclesPerByte({ medianCycles: 3872, lowCycles: 3776, highCycles: 4032, coverage: 0.9375, trialsCount: 5 }, 32);
 * // '121.0 (118.0–126.0)'
 * ```
 */
export function formatHeadlineCyclesPerByte(figure: HeadlineFigure, messageBytes: number): string {
  if (!(messageBytes > 0))
    throw new StatsError('INVALID_NUMBER', `cycles/byte needs a message of at least one byte, got ${messageBytes}.`);
  const perByte = (cycles: number | null): string | null =>
    cycles === null ? null : formatCyclesPerByte(cycles / messageBytes);
  return withInterval(perByte(figure.medianCycles)!, perByte(figure.lowCycles), perByte(figure.highCycles));
}

function formatRatio(ratio: number): string {
  if (!Number.isFinite(ratio) || ratio < 0)
    throw new StatsError('INVALID_NUMBER', `a multiple must be a finite number ≥ 0, got ${ratio}.`);
  return ratio < 10 ? ratio.toFixed(2) : ratio < 100 ? ratio.toFixed(1) : ratio.toFixed(0);
}

/**
 * A multiple of the baseline with its interval: `1.00× (0.94–1.07)`, `12.4× (11.9–13.0)`; two
 * decimals below 10, one below 100, none above.
 *
 * @param multiple - from {@link baselineMultiple}.
 * @returns the text.
 * @throws {@link StatsError} `INVALID_NUMBER` for a negative or non-finite ratio.
 * @example
 * ```ts
 * formatBaselineMultiple({ ratio: 2, low: 1.727, high: 2.316, coverage: 0.875 }); // '2.00× (1.73–2.32)'
 * ```
 */
export function formatBaselineMultiple(multiple: BaselineMultiple): string {
  return withInterval(
    `${formatRatio(multiple.ratio)}×`,
    multiple.low === null ? null : formatRatio(multiple.low),
    multiple.high === null ? null : formatRatio(multiple.high),
  );
}

/**
 * A coverage as a percentage with at most one decimal: `93.8 %`, `95 %`, `87.5 %`.
 *
 * @param coverage - a fraction in [0, 1].
 * @returns the text.
 * @throws {@link StatsError} `INVALID_NUMBER` outside [0, 1].
 * @example
 * ```ts
 * formatCoverage(0.9375); // '93.8 %'
 * ```
 */
export function formatCoverage(coverage: number): string {
  if (!(coverage >= 0 && coverage <= 1))
    throw new StatsError('INVALID_NUMBER', `a coverage is a fraction in [0, 1], got ${coverage}.`);
  return `${Number((coverage * 100).toFixed(1))} %`;
}
