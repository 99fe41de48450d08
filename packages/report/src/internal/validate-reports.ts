// Regenerates every page and export of a run directory and compares each with the file on
// disk; names the first differing line, or — for the JSON records export — the record field.
import type { CategoryRegistry } from '@ngcc-perf/category';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { findJsonDifference } from './json-difference.js';
import { renderRunReports } from '../render-run-reports.js';
import type { Dataset } from '../dataset.js';
import type { RenderedFile } from '../render-run-reports.js';
import type { ValidationDifference } from '../validation-difference.js';

const RERENDER = 'Re-render with "ngcc-perf report RUN_DIR" only if the records are right.';

function excerpt(line: string, from: number): string {
  const start = Math.max(0, from - 40);
  const text = line.slice(start, start + 120);
  return `${start > 0 ? '…' : ''}${text}${start + 120 < line.length ? '…' : ''}`;
}

function lineDifference(file: RenderedFile, onDisk: string, check: 'report' | 'export'): ValidationDifference {
  const expected = file.content.split('\n');
  const found = onDisk.split('\n');
  let index = 0;
  while (index < Math.max(expected.length, found.length) && expected[index] === found[index]) index += 1;
  const want = expected[index] ?? '';
  const have = found[index] ?? '';
  let column = 0;
  while (column < Math.min(want.length, have.length) && want[column] === have[column]) column += 1;
  return {
    check,
    file: file.path,
    field: null,
    line: index + 1,
    message: `${file.path} line ${index + 1} differs from what the records give: found "${excerpt(have, column)}", expected "${excerpt(want, column)}". ${RERENDER}`,
  };
}

function exportDifference(file: RenderedFile, onDisk: string): ValidationDifference {
  let stored: { records?: { file?: string; record?: unknown }[] };
  try {
    stored = JSON.parse(onDisk) as typeof stored;
  } catch {
    return lineDifference(file, onDisk, 'export');
  }
  const fresh = JSON.parse(file.content) as { records: { file: string; record: unknown }[] };
  const storedByFile = new Map((stored.records ?? []).map((entry) => [entry.file, entry.record]));
  for (const { file: recordFile, record } of fresh.records) {
    if (!storedByFile.has(recordFile)) {
      return {
        check: 'export',
        file: recordFile,
        field: null,
        line: null,
        message: `${recordFile} is not in ${file.path}: the record was added after the export was written. ${RERENDER}`,
      };
    }
    const found = findJsonDifference(record, storedByFile.get(recordFile));
    if (found !== null) {
      return {
        check: 'export',
        file: recordFile,
        field: found.field,
        line: null,
        message: `${recordFile}: field "${found.field}" is ${JSON.stringify(found.left) ?? 'missing'}, but its copy in ${file.path} (written with the reports) has ${JSON.stringify(found.right) ?? 'missing'}. One of the two was changed after the run. ${RERENDER}`,
      };
    }
  }
  return lineDifference(file, onDisk, 'export');
}

export async function findReportDifference(
  directory: string,
  dataset: Dataset,
  categories?: CategoryRegistry,
): Promise<{ difference: ValidationDifference | null; files: number }> {
  const files = renderRunReports(dataset, categories === undefined ? {} : { categories });
  for (const file of files) {
    const check = file.path.startsWith('exports/') ? 'export' : 'report';
    let onDisk: string;
    try {
      onDisk = await readFile(path.join(directory, ...file.path.split('/')), 'utf8');
    } catch {
      return {
        difference: {
          check,
          file: file.path,
          field: null,
          line: null,
          message: `${file.path}: missing. Render the pages and exports with "ngcc-perf report RUN_DIR".`,
        },
        files: files.length,
      };
    }
    if (onDisk === file.content) continue;
    return {
      difference: file.path.endsWith('.json') ? exportDifference(file, onDisk) : lineDifference(file, onDisk, check),
      files: files.length,
    };
  }
  return { difference: null, files: files.length };
}
