import type { CategoryPageInput, CategoryPages, CategoryPageSection } from '@ngcc-perf/category';
import { hashParameters } from './hash-operations.js';

function figure(value: number | null, digits: number): string {
  return value === null ? '—' : value.toFixed(digits);
}

/** Guide §3.5 item (4) as the hash category has it: per instance and message length, the headline per call and per byte. */
function performanceSection(input: CategoryPageInput): CategoryPageSection {
  const term = input.counterTerm;
  const rows = input.operations
    .filter((entry) => entry.operation.category === 'hash')
    .map((entry) => {
      const { messageBytes } = hashParameters(entry.operation);
      const median = entry.headline?.medianTicks ?? null;
      return [
        entry.instance,
        String(messageBytes),
        figure(median, 0),
        figure(median === null || messageBytes === 0 ? null : median / messageBytes, 2),
      ];
    });
  return {
    id: 'hash-performance',
    heading: 'Performance by message length',
    paragraphs: [`The median of the trial means, ${term} per call and per message byte.`],
    tables: [
      {
        caption: `${term} per call and per byte at each guide message length`,
        headers: ['instance', 'message bytes', `${term}/call`, `${term}/byte`],
        numeric: [false, true, true, true],
        rows,
      },
    ],
  };
}

/** The hash category's part of the pages. */
export const HASH_PAGES: CategoryPages = {
  title: 'Hash functions',
  sections: (input) => [performanceSection(input)],
};
