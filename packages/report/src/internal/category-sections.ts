// A category's page sections (plain tables and paragraphs, @ngcc-perf/category) in the page model
// every renderer walks: the page frame places and renders them, the category says what they hold.
import type { CategoryPageSection } from '@ngcc-perf/category';
import { paragraph, type ReportSection } from './report-model.js';

/**
 * The sections of a category in the page model, each headed with the guide §3.5 item number
 * when given (`6. Transmission and storage overhead`).
 */
export function categoryReportSections(sections: readonly CategoryPageSection[], item?: number): ReportSection[] {
  return sections.map((section) => ({
    heading: item === undefined ? section.heading : `${item}. ${section.heading}`,
    id: section.id,
    blocks: [
      ...section.paragraphs.map((text) => paragraph(text)),
      ...section.tables.map((table) => ({
        kind: 'table' as const,
        caption: table.caption,
        headers: [...table.headers],
        numeric: [...table.numeric],
        rows: table.rows.map((row) => row.map((cell) => [cell])),
      })),
    ],
  }));
}
