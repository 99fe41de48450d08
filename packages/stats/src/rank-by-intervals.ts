import { StatsError } from './stats-error.js';

/**
 * A figure with its 95 % interval, lower is better (cycles, bytes): `estimate` lies in
 * [`ciLow`, `ciHigh`]. A figure known exactly (an ELF image in bytes) has `ciLow = ciHigh =
 * estimate`; a figure whose interval is unknown (one trial) may pass `-Infinity`/`Infinity`, so
 * that nothing is ever told apart from it.
 */
export interface IntervalFigure {
  estimate: number;
  ciLow: number;
  ciHigh: number;
}

/** Where one item stands among others when only the differences the data establish count. */
export interface IntervalRank {
  /**
   * Best position the data allow (1-based); for equal exact figures (a true tie) their shared
   * average position, as `high`.
   */
  low: number;
  /** Worst position the data allow; equal to `low` when the item is told apart from every other or truly tied. */
  high: number;
  /** (low + high) / 2: the average position its group shares, the figure a mean rank is made of. */
  position: number;
  /** 0-based index of its group, in order (group 0 holds the lowest figures). */
  group: number;
}

function checkFigure(figure: IntervalFigure, index: number): void {
  const { estimate, ciLow, ciHigh } = figure;
  if (!Number.isFinite(estimate) || Number.isNaN(ciLow) || Number.isNaN(ciHigh)) {
    throw new StatsError(
      'NOT_FINITE',
      `rankByIntervals: figure ${index} has estimate ${estimate}, interval [${ciLow}, ${ciHigh}]; the estimate must be finite and the bounds numbers.`,
    );
  }
  if (!(ciLow <= estimate && estimate <= ciHigh)) {
    throw new StatsError(
      'INVALID_NUMBER',
      `rankByIntervals: figure ${index} has estimate ${estimate} outside its interval [${ciLow}, ${ciHigh}]; pass ciLow ≤ estimate ≤ ciHigh.`,
    );
  }
}

/**
 * Ranks figures, lowest first, so that no position is noise: two figures whose 95 % intervals
 * overlap (closed intervals: touching counts) are not told apart, and every figure joined to
 * another by a chain of overlaps falls in one group. A group of g figures that starts at
 * position p shares the rank range p…p + g − 1 ("3–5") and the average position p + (g − 1)/2;
 * within it, items have no order. Figures in different groups have disjoint intervals, so the
 * order between groups is established by the data. Equal exact figures (zero-width intervals, e.g.
 * two images of 4533 bytes) are a true tie, not a doubt: as in {@link averageRanks} they share the
 * average position, with `low = high` = that position (`2.5`).
 *
 * The criterion is conservative: two overlapping 95 % intervals can still differ at α = 0.05,
 * but two disjoint ones always do, so a rank difference on a page is one the trials establish.
 *
 * @param figures - one figure per item, lower is better, any unit (the same for all).
 * @returns one {@link IntervalRank} per figure, in the order of `figures`.
 * @throws {@link StatsError} `NOT_FINITE` for a non-finite estimate or a NaN bound;
 *   `INVALID_NUMBER` for an estimate outside its interval.
 * @remarks Source: SPEC §9 ("ordered measurements", ties share the average position); the groups
 *   are the connected components of the interval-overlap graph.
 * @example
 * ```ts
 * rankByIntervals([
 *   { estimate: 100, ciLow: 98, ciHigh: 102 },
 *   { estimate: 101, ciLow: 99, ciHigh: 103 },
 *   { estimate: 150, ciLow: 149, ciHigh: 151 },
 * ]);
 * // [{ low: 1, high: 2, position: 1.5, group: 0 }, { low: 1, high: 2, position: 1.5, group: 0 },
 * //  { low: 3, high: 3, position: 3, group: 1 }]
 * ```
 */
export function rankByIntervals(figures: readonly IntervalFigure[]): IntervalRank[] {
  figures.forEach(checkFigure);
  // sweep by lower bound: the union of overlapping intervals gives the connected components
  const byLow = figures.map((_, index) => index).sort((a, b) => figures[a]!.ciLow - figures[b]!.ciLow || a - b);
  const groups: number[][] = [];
  let reach = -Infinity;
  for (const index of byLow) {
    const figure = figures[index]!;
    if (groups.length === 0 || figure.ciLow > reach) {
      groups.push([index]);
      reach = figure.ciHigh;
    } else {
      groups[groups.length - 1]!.push(index);
      reach = Math.max(reach, figure.ciHigh);
    }
  }
  const ranks = new Array<IntervalRank>(figures.length);
  let start = 1;
  groups.forEach((members, group) => {
    const first = start;
    const last = start + members.length - 1;
    const position = (first + last) / 2;
    // equal exact figures are a true tie: they share the average position, not a range of doubt
    const value = figures[members[0]!]!.estimate;
    const tie = members.every((index) => figures[index]!.ciLow === value && figures[index]!.ciHigh === value);
    const [low, high] = tie ? [position, position] : [first, last];
    for (const index of members) ranks[index] = { low, high, position, group };
    start = last + 1;
  });
  return ranks;
}

/**
 * A rank range as the pages print it: `3` for a single position, `3–5` for a shared range, a
 * half for an average of two (`2.5`).
 *
 * @param rank - a range from {@link rankByIntervals} (or any low ≤ high ≥ 1).
 * @returns `"3"` or `"3–5"` (en dash).
 * @example
 * ```ts
 * formatRankRange({ low: 3, high: 5 }); // '3–5'
 * ```
 */
export function formatRankRange(rank: Pick<IntervalRank, 'low' | 'high'>): string {
  const text = (value: number): string => (Number.isInteger(value) ? String(value) : value.toFixed(1));
  return rank.low === rank.high ? text(rank.low) : `${text(rank.low)}–${text(rank.high)}`;
}
