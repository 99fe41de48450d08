// Reads one JSON file of a run directory and validates it with a zod schema, turning every
// failure into a ReportError that names the file, the field path and the fix.
import { readFile } from 'node:fs/promises';
import type { z } from 'zod';
import { ReportError } from '../report-error.js';
import type { ReportErrorCode } from '../report-error.js';

const REGENERATE = 'Regenerate the run directory with "ngcc-perf run", or correct the file by hand.';

/** `processes[0].trial.seconds` from zod's path array. */
export function formatFieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (text, key) => (typeof key === 'number' ? `${text}[${key}]` : text === '' ? String(key) : `${text}.${String(key)}`),
    '',
  );
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const field = issue.path.length === 0 ? 'the top level' : `field "${formatFieldPath(issue.path)}"`;
  if (issue.code === 'invalid_type' && /received undefined$/.test(issue.message)) {
    return `${field} is missing (expected ${issue.expected})`;
  }
  return `${field}: ${issue.message}`;
}

function errnoCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String((error as { code: unknown }).code)
    : undefined;
}

/**
 * Reads `absolutePath`, parses JSON, checks the `format` field, validates with `schema`.
 * `displayPath` is what messages call the file. Returns the validated data and the parsed JSON.
 */
export async function readValidatedJson<Schema extends z.ZodType>(
  absolutePath: string,
  displayPath: string,
  schema: Schema,
  expectedFormat: string,
  invalidCode: ReportErrorCode,
): Promise<{ data: z.infer<Schema>; json: unknown }> {
  let text: string;
  try {
    text = await readFile(absolutePath, 'utf8');
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') {
      throw new ReportError(
        'MISSING_FILE',
        `${displayPath}: file not found. A run directory holds campaign.json, build.json and records/; pass the directory "ngcc-perf run --out" wrote.`,
        { cause: error },
      );
    }
    throw new ReportError('READ_FAILED', `${displayPath}: cannot be read (${String(error)}).`, { cause: error });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ReportError(
      'INVALID_JSON',
      `${displayPath}: not valid JSON (${(error as Error).message}). ${REGENERATE}`,
      { cause: error, file: displayPath },
    );
  }
  const format = typeof value === 'object' && value !== null ? (value as { format?: unknown }).format : undefined;
  if (format !== expectedFormat) {
    throw new ReportError(
      'UNSUPPORTED_FORMAT',
      `${displayPath}: field "format" is ${JSON.stringify(format)}, expected "${expectedFormat}". This report reads format 1 only; render it with the ngcc-perf version that wrote it.`,
      { file: displayPath, field: 'format' },
    );
  }
  const result = schema.safeParse(value);
  if (!result.success) {
    const issues = result.error.issues;
    const more = issues.length > 1 ? ` (and ${issues.length - 1} more problem${issues.length > 2 ? 's' : ''})` : '';
    const field = issues[0]!.path.length === 0 ? undefined : formatFieldPath(issues[0]!.path);
    throw new ReportError(invalidCode, `${displayPath}: ${describeIssue(issues[0]!)}${more}. ${REGENERATE}`, {
      cause: result.error,
      file: displayPath,
      field,
    });
  }
  return { data: result.data, json: value };
}
