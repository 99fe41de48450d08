// The rendering-neutral shape of a report page: the markdown and the HTML renderers walk the
// same model, so the two pages always state the same facts. Charts appear in HTML only.

/** Text shown as code (instance names, paths, digests). */
export interface CodeInline {
  code: string;
}

/** A relative hyperlink; Markdown renders `[label](href)`, HTML `<a href>`. */
export interface LinkInline {
  href: string;
  label: (string | CodeInline)[];
}

/** A verdict shown in colour on the HTML page (plain text in Markdown). */
export interface ToneInline {
  text: string;
  tone: 'good' | 'bad' | 'warn';
}

/** Plain text, code, a link or a coloured verdict. */
export type Inline = string | CodeInline | LinkInline | ToneInline;

/** One table: header texts, and per row per cell a list of inlines. */
export interface TableBlock {
  kind: 'table';
  /** Caption for the HTML page (markdown tables have none). */
  caption: string;
  headers: string[];
  /** Right-align this column in HTML (numbers). */
  numeric: boolean[];
  /** HTML: this column holds sentences; it keeps a readable width instead of shrinking to a word. */
  prose?: boolean[];
  rows: Inline[][][];
  /** HTML: the first cell of each row is a row header (`<th scope="row">`). */
  rowHeaders?: boolean;
}

/** A point of a line or spread chart: x is a message length in bytes (log2 axis). */
export interface ChartPoint {
  x: number;
  y: number;
  /** Error bar: the lowest and highest trial, in y's unit; absent without trials. */
  low?: number;
  high?: number;
}

/** One line of a line chart; series of one instance share a colour, figures differ by dash. */
export interface LineSeries {
  name: string;
  colourIndex: number;
  dash: 'solid' | 'dashed' | 'dotted' | 'dash-dot' | 'long-dash';
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
  /** `log`: a log10 y axis (cycles/byte spans two decades); default linear from 0. */
  yScale?: 'linear' | 'log';
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
  /** `mean` (a diamond) and `interval` (a whisker) are drawn on the bar when given. */
  bars: {
    label: string;
    value: number;
    colourIndex: number;
    mean?: number;
    interval?: [number, number];
    flagged?: boolean;
  }[];
  /** One line per kind of mark, under the bars. */
  key?: string[];
}

export type ChartBlock = LineChartBlock | SpreadChartBlock | BarChartBlock;

export type Block =
  { kind: 'paragraph'; inlines: Inline[] } | { kind: 'list'; items: Inline[][] } | TableBlock | ChartBlock;

export interface ReportSection {
  /** Heading text without the `##`, e.g. `4. Performance`. */
  heading: string;
  /** Anchor id for HTML, e.g. `performance`. */
  id: string;
  blocks: Block[];
}

/** What every page shares; `breadcrumbs` and `headline` are optional. */
export interface PageModel {
  /** Heading text without the `#`. */
  title: string;
  /** "Performance measurements › system › candidate" and links to the same page elsewhere. */
  breadcrumbs?: Inline[];
  /** The first screen: shown right after the title, before the introduction. */
  headline?: Block[];
  intro: Block[];
  sections: ReportSection[];
  footer: Block[];
}

export interface CandidateReport extends PageModel {
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
export function codeSpan(code: string): CodeInline {
  return { code };
}

/** A relative link whose label is plain text or code. */
export function link(href: string, ...label: (string | CodeInline)[]): Inline {
  return { href, label };
}
