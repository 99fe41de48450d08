// The rendering-neutral shape of a candidate report: both the markdown and the HTML renderer
// walk the same model, so the two pages always state the same facts.

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
}

/** One series of the cycles/byte chart. */
export interface ChartSeries {
  instance: string;
  points: { messageBytes: number; cyclesPerByte: number }[];
}

export interface ChartBlock {
  kind: 'chart';
  title: string;
  description: string;
  yAxisLabel: string;
  series: ChartSeries[];
}

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
