import { StatsError } from './stats-error.js';

/**
 * A figure with its interval, lower is better (cycles, bytes): `estimate` lies in [`ciLow`,
 * `ciHigh`]. The pages pass a headline ({@link headlineFigure}): `{ estimate: medianCycles, ciLow:
 * lowCycles, ciHigh: highCycles }`, whose interval covers the median with its own `coverage` —
 * 93.75 % for the guide's 5 trials, 96.1 % for 9 — not a fixed 95 %. A figure known exactly (an
 * ELF image in bytes) has `ciLow = ciHigh = estimate`; a figure whose interval is unknown (one
 * trial: null bounds) passes `-Infinity`/`Infinity`, so that nothing is ever told apart from it.
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
 * What the data establish about two items `a` and `b` (indexes into the figures): `-1` when a's
 * figure is lower, `1` when higher, `0` when they cannot be told apart.
 */
export type EstablishedOrder = (a: number, b: number) => -1 | 0 | 1;

/**
 * The default {@link EstablishedOrder}: two items differ when their intervals are disjoint.
 *
 * @param figures - every item's {@link IntervalFigure} (`estimate`, `ciLow`, `ciHigh`, one unit
 *   for all), in the order the indexes of the returned function refer to.
 * @returns `(a, b) => -1 | 0 | 1`: -1 when a's interval lies wholly below b's, 1 above, else 0.
 * @example
 * ```js
 * const order = intervalOrder([{ estimate: 10, ciLow: 9, ciHigh: 11 }, { estimate: 20, ciLow: 18, ciHigh: 21 }]);
 * order(0, 1); // -1
 * ```
 */
export function intervalOrder(figures: readonly IntervalFigure[]): EstablishedOrder {
  return (a, b) => {
    const x = figures[a]!;
    const y = figures[b]!;
    return x.ciHigh < y.ciLow ? -1 : y.ciHigh < x.ciLow ? 1 : 0;
  };
}

/** The groups (connected components of "not told apart"), merged until each is contiguous in estimate order. */
function groupsOf(figures: readonly IntervalFigure[], order: EstablishedOrder): number[][] {
  const n = figures.length;
  const byEstimate = figures
    .map((_, index) => index)
    .sort((a, b) => figures[a]!.estimate - figures[b]!.estimate || figures[a]!.ciLow - figures[b]!.ciLow || a - b);
  const parent = figures.map((_, index) => index);
  const root = (index: number): number => {
    while (parent[index] !== index) index = parent[index] = parent[parent[index]!]!;
    return index;
  };
  for (let i = 0; i < n; i += 1) {
    for (let j = i + 1; j < n; j += 1) {
      const a = byEstimate[i]!;
      const b = byEstimate[j]!;
      // apart only when the data order them as their estimates do (a's estimate is not above b's)
      const apart = figures[a]!.estimate < figures[b]!.estimate && order(a, b) === -1 && order(b, a) !== -1;
      if (!apart) parent[root(b)] = root(a);
    }
  }
  // a component's last position in estimate order; a group runs on while it reaches further
  const lastAt = new Map<number, number>();
  byEstimate.forEach((index, at) => lastAt.set(root(index), at));
  const groups: number[][] = [];
  let reach = -1;
  byEstimate.forEach((index, at) => {
    if (at > reach) groups.push([]);
    groups[groups.length - 1]!.push(index);
    reach = Math.max(reach, lastAt.get(root(index))!);
  });
  return groups;
}

/**
 * Ranks figures, lowest first, so that no position is noise: two items the data cannot tell apart
 * (`order` gives 0; by default, their intervals overlap — closed intervals: touching counts)
 * are not ranked against each other, and every item joined to another by a chain of such pairs
 * falls in one group. A group of g figures that starts at position p shares the rank range
 * p…p + g − 1 ("3–5") and the average position p + (g − 1)/2; within it, items have no order.
 * Items in different groups were each told apart, in the order of their estimates; a pair the
 * data order against their estimates is treated as not told apart. Equal exact figures
 * (zero-width intervals, e.g. two images of 4533 bytes) are a true tie, not a doubt: as in
 * {@link averageRanks} they share the average position, with `low = high` = that position (`2.5`).
 *
 * With the default order the criterion is conservative: two overlapping intervals can still
 * differ, but two disjoint ones (each holding its median with its coverage) do. A finer `order` — a paired comparison of
 * trials measured in turns ({@link pairedRatio}) — separates what the data establish beyond that.
 *
 * @param figures - one figure per item, lower is better, any unit (the same for all).
 * @param order - what the data establish about two items; default {@link intervalOrder}.
 * @returns one {@link IntervalRank} per figure, in the order of `figures`.
 * @throws {@link StatsError} `NOT_FINITE` for a non-finite estimate or a NaN bound;
 *   `INVALID_NUMBER` for an estimate outside its interval.
 * @remarks Source: the NGCC site's ordered measurements ("ordered measurements", ties share the average position); the groups
 *   are the connected components of the "not told apart" graph, merged to be contiguous in order.
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
export function rankByIntervals(
  figures: readonly IntervalFigure[],
  order: EstablishedOrder = intervalOrder(figures),
): IntervalRank[] {
  figures.forEach(checkFigure);
  const groups = groupsOf(figures, order);
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
