// Reads the seed tables copied into test/fixtures and turns each §4 row back into a mean
// cycle count and a mean time that reproduce all of the row's printed figures.

/** Half-open interval [low, high). */
type Interval = [number, number];

const CYCLE_SCALE: Record<string, number> = { '': 1, k: 1e3, M: 1e6, G: 1e9 };
const TIME_SCALE: Record<string, number> = { ns: 1e-9, µs: 1e-6, ms: 1e-3, s: 1 };

function decimals(text: string): number {
  return text.includes('.') ? text.split('.')[1]!.length : 0;
}

/** `20.4 k` → [20350, 20450). */
export function cyclesInterval(text: string): Interval {
  const [value, unit = ''] = text.split(' ');
  const half = 0.5 * 10 ** -decimals(value!);
  const scale = CYCLE_SCALE[unit]!;
  return [(Number(value) - half) * scale, (Number(value) + half) * scale];
}

/** `64 µs` (3 significant digits, trailing zeros dropped) → [63.95, 64.05) µs in seconds. */
export function secondsInterval(text: string): Interval {
  const [value, unit] = text.split(' ');
  const integerDigits = Math.floor(Math.log10(Number(value))) + 1;
  const half = 0.5 * 10 ** -(3 - integerDigits);
  const scale = TIME_SCALE[unit!]!;
  return [(Number(value) - half) * scale, (Number(value) + half) * scale];
}

function intersect(a: Interval, b: Interval, what: string): number {
  const low = Math.max(a[0], b[0]);
  const high = Math.min(a[1], b[1]);
  if (!(low < high)) throw new Error(`seed figures for ${what} are inconsistent`);
  return (low + high) / 2;
}

export interface SeedPerformanceRow {
  instance: string;
  messageBytes: number;
  meanCycles: number;
  meanSeconds: number;
  trials: number;
  iterationsPerTrial: number;
}

/** A §4 row: instance, `32 B`, mean cycles, cycles/byte, mean time, MB/s, `n (t × i)`. */
export function invertPerformanceRow(cells: string[]): SeedPerformanceRow {
  const [instanceCell, message, cycles, perByte, time, rate, count] = cells as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const messageBytes = Number(message.replace(' B', ''));
  const perByteValue = Number(perByte);
  const rateValue = Number(rate);
  const meanCycles = intersect(
    cyclesInterval(cycles),
    [(perByteValue - 0.05) * messageBytes, (perByteValue + 0.05) * messageBytes],
    `${instanceCell} ${message} cycles`,
  );
  const meanSeconds = intersect(
    secondsInterval(time),
    [messageBytes / ((rateValue + 0.05) * 1e6), messageBytes / ((rateValue - 0.05) * 1e6)],
    `${instanceCell} ${message} time`,
  );
  const match = /^(\d+) \((\d+) × (\d+)\)$/.exec(count);
  if (match === null) throw new Error(`bad n cell ${count}`);
  return {
    instance: instanceCell.replace(/`/g, ''),
    messageBytes,
    meanCycles,
    meanSeconds,
    trials: Number(match[2]),
    iterationsPerTrial: Number(match[3]),
  };
}

/** Splits the fixture into `## <n>` sections of tab-separated rows (header row first). */
export function readSeedTables(text: string): Map<number, string[][]> {
  const sections = new Map<number, string[][]>();
  let current: string[][] = [];
  for (const line of text.split('\n')) {
    const heading = /^## (\d)$/.exec(line);
    if (heading !== null) {
      current = [];
      sections.set(Number(heading[1]), current);
    } else if (line.includes('\t')) {
      current.push(line.split('\t'));
    }
  }
  return sections;
}

/** Seed rows in the anchor's markdown table syntax. */
export function toMarkdownRows(rows: string[][]): string[] {
  const [header, ...body] = rows;
  return [
    `| ${header!.join(' | ')} |`,
    `|${header!.map(() => '---').join('|')}|`,
    ...body.map((row) => `| ${row.join(' | ')} |`),
  ];
}
