// §7 Raw evidence index: each instance's KAT log, then its timing records by file name.
import { formatDigestShort } from '../number-formats.js';
import { codeSpan, paragraph } from './report-model.js';
import type { CandidateContext } from './candidate-context.js';
import type { Inline, ReportSection } from './report-model.js';

function fileName(file: string): string {
  return file.slice(file.lastIndexOf('/') + 1);
}

export function buildEvidenceSection(context: CandidateContext): ReportSection {
  const rows: Inline[][][] = [];
  for (const entry of context.instances) {
    if (entry.katLog !== null) {
      const digest: Inline[] = entry.katLogSha256 === null ? ['KAT log'] : ['KAT log (sha256 ', codeSpan(formatDigestShort(entry.katLogSha256)), ')'];
      rows.push([[codeSpan(entry.instance)], digest, [codeSpan(entry.katLog)]]);
    }
    const timing = context.records
      .filter(({ record }) => record.instance === entry.instance)
      .sort((a, b) => {
        const [left, right] = [fileName(a.file), fileName(b.file)];
        return left < right ? -1 : left > right ? 1 : 0;
      });
    for (const { file, record } of timing) {
      rows.push([[codeSpan(entry.instance)], [`timing ${record.operation}_${record.messageBytes}`], [codeSpan(file)]]);
    }
  }
  return {
    heading: '7. Raw evidence index',
    id: 'evidence',
    blocks: [
      paragraph(
        'Paths are relative to the run directory, next to ',
        codeSpan('campaign.json'),
        ' and ',
        codeSpan('build.json'),
        '; each JSON record keeps the commands, plan, counter and trials its figures were computed from.',
      ),
      { kind: 'table', caption: 'Evidence files', headers: ['instance', 'item', 'file'], numeric: [false, false, false], rows },
    ],
  };
}
