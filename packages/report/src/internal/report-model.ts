// The rendering-neutral shape of a report page: the markdown and the HTML renderers walk the
// same model, so the two pages always state the same facts. Charts appear in HTML only.

/** Plain text, or text shown as code (instance names, paths, digests). */
export type Inline = string | { code: string };

/** One table: header texts, and per row per cell a list of inlines. */
export interface TableBlock {
  kind: 'table';
  /** Caption for the HTML page (markdown tables have none). */
  caption: string;
  headers: string[];
  /** Right-align this column in HTML (numbers). */
  numeric: boolean[];
  rows: Inline[][][];
  /** HTML: the first cell of each row is a row header (`<th scope="row">`). */
  rowHeaders?: boolean;
}

/** A point of a line or spread chart: x is a message length in bytes (log2 axis). */
export interface ChartPoint {
  x: number;
  y: number;
}

/** One line of a line chart; series of one instance share a colour, figures differ by dash. */
export interface LineSeries {
  name: string;
  colourIndex: number;
  dash: 'solid' | 'dashed' | 'dotted';
  points: ChartPoint[];
}

/** One instance × message length of a spread chart: trial deviations and per-call quartiles, %. */
export interface SpreadGroup {
  x: number;
  seriesIndex: number;
  /** Each trial's mean relative to the record's mean, in % (0 = the mean). */
  trialDeviationsPercent: number[];
  /** Per-call q1, median, q3 relative to the record's mean, in %; absent without per-call data. */
  quartilesPercent?: [number, number, number];
}

interface ChartCommon {
  kind: 'chart';
  /** Unique on the page; prefixes the ids of `<title>` and `<desc>`. */
  id: string;
  title: string;
  /** Text alternative: what the chart shows, in words. */
  description: string;
  yAxisLabel: string;
  /** The chart's numbers as a table (HTML shows it under the chart). */
  data: TableBlock;
}

export interface LineChartBlock extends ChartCommon {
  chart: 'line';
  xAxisLabel: string;
  series: LineSeries[];
}

export interface SpreadChartBlock extends ChartCommon {
  chart: 'spread';
  xAxisLabel: string;
  /** Legend entries (instances), by series index. */
  seriesNames: string[];
  groups: SpreadGroup[];
}

export interface BarChartBlock extends ChartCommon {
  chart: 'bar';
  bars: { label: string; value: number; colourIndex: number }[];
}

export type ChartBlock = LineChartBlock | SpreadChartBlock | BarChartBlock;

export type Block = { kind: 'paragraph'; inlines: Inline[] } | { kind: 'list'; items: Inline[][] } | TableBlock | ChartBlock;

export interface ReportSection {
  /** Heading text without the `##`, e.g. `4. Performance`. */
  heading: string;
  /** Anchor id for HTML, e.g. `performance`. */
  id: string;
  blocks: Block[];
}

export interface CandidateReport {
  /** Heading text without the `#`. */
  title: string;
  intro: Block[];
  sections: ReportSection[];
  footer: Block[];
}

export function paragraph(...inlines: Inline[]): Block {
  return { kind: 'paragraph', inlines };
}

/** Text shown as code: an instance name, a path, a digest. */
export function codeSpan(code: string): Inline {
  return { code };
}
