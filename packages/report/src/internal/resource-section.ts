// §5 Resource consumption: static ELF image, baseline and peak RSS and their growth flag (the
// seeds' table), then — when records carry a `memory` field — the memory of one call.
import { formatKib } from '@ngcc-perf/stats';
import { findPeakRssGrowth, PEAK_RSS_GROWTH_THRESHOLD } from '../peak-rss-growth.js';
import { buildCallMemoryBlocks } from './call-memory-section.js';
import { buildMemoryCharts } from './memory-charts.js';
import { codeSpan, paragraph } from './report-model.js';
import { STATIC_IMAGE_SENTENCE } from './static-image-note.js';
import type { CandidateContext } from './candidate-context.js';
import type { TimingRecord } from '@ngcc-perf/record';
import type { Block, Inline, ReportSection } from './report-model.js';

export const RESOURCE_CAVEAT =
  'The static figure adds up the in-memory sizes of the library’s loadable ELF segments (PT_LOAD MemSiz, .bss included, not rounded to pages). ' +
  'Baseline RSS is read once the library is loaded and the buffers are allocated, before any warm-up call; peak RSS is the high-water mark (VmHWM) of the driver process when it ends. ' +
  'The RSS columns cover the whole process — the driver, libc and the library together. Static image and RSS are therefore both upper-bound proxies, not the memory the algorithm itself needs.';

export function kibOrDash(bytes: number | null): string {
  return bytes === null ? '—' : formatKib(bytes);
}

function resourceRow(record: TimingRecord): Inline[][] {
  const rss = record.status === 'complete' ? record.derived : null;
  return [
    [codeSpan(record.instance)],
    [`${record.operation}_${record.messageBytes}`],
    [record.imageBytes === null ? '—' : String(record.imageBytes)],
    [rss === null ? '—' : kibOrDash(rss.baselineRssBytes)],
    [rss === null ? '—' : kibOrDash(rss.peakRssBytes)],
  ];
}

function growthNote(records: TimingRecord[]): Block {
  const percent = Math.round(PEAK_RSS_GROWTH_THRESHOLD * 100);
  const growth = findPeakRssGrowth(records);
  const flagged = growth.filter((entry) => entry.flagged);
  if (growth.length === 0) {
    return paragraph(
      'Whether peak RSS grows with message size cannot be judged here: no instance has complete records for two message sizes.',
    );
  }
  if (flagged.length === 0) {
    return paragraph(
      `Peak RSS does not grow with message size: for no instance is it more than ${percent} % higher at the largest message than at the smallest.`,
    );
  }
  const inlines: Inline[] = ['⚠ Peak RSS grows with message size'];
  flagged.forEach((entry, index) => {
    inlines.push(index === 0 ? ' for ' : '; for ', codeSpan(entry.instance));
    inlines.push(
      `: ${formatKib(entry.smallestPeakRssBytes)} at ${entry.smallestMessageBytes} B → ${formatKib(entry.largestPeakRssBytes)} at ${entry.largestMessageBytes} B ` +
        `(+${Math.round(entry.growthRatio * 100)} %)`,
    );
  });
  inlines.push(
    `. An instance is flagged when its peak RSS at the largest message exceeds that at the smallest by more than ${percent} %; memory use that follows the input size is worth a look.`,
  );
  return paragraph(...inlines);
}

export function buildResourceSection(context: CandidateContext): ReportSection {
  const records = context.records.map(({ record }) => record);
  return {
    heading: '5. Resource consumption',
    id: 'resources',
    blocks: [
      paragraph(RESOURCE_CAVEAT),
      paragraph(STATIC_IMAGE_SENTENCE),
      {
        kind: 'table',
        caption: 'Static image and resident memory by instance and operation',
        headers: ['instance', 'operation', 'static: ELF image (bytes)', 'baseline RSS', 'peak RSS'],
        numeric: [false, false, true, true, true],
        rows: records.map(resourceRow),
      },
      growthNote(records),
      ...buildCallMemoryBlocks(records),
      ...buildMemoryCharts(context),
    ],
  };
}
