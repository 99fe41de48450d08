import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import { ImportError } from './import-error.js';

const REFETCH =
  'Copy the file again from the published dataset (github.com/ngcc-dev/ngcc-harness, performance/data/<system>/).';

/**
 * A field path as messages print it, from zod's path array.
 *
 * @example
 * ```ts
 * formatFieldPath(['processes', 0, 'trials', 1, 'cycles']); // 'processes[0].trials[1].cycles'
 * ```
 */
export function formatFieldPath(fieldPath: readonly PropertyKey[]): string {
  return fieldPath.reduce<string>(
    (text, key) => (typeof key === 'number' ? `${text}[${key}]` : text === '' ? String(key) : `${text}.${String(key)}`),
    '',
  );
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const field = issue.path.length === 0 ? 'the top level' : `field "${formatFieldPath(issue.path)}"`;
  if (issue.code === 'invalid_type' && /received undefined$/.test(issue.message))
    return `${field} is missing (expected ${issue.expected})`;
  return `${field}: ${issue.message}`;
}

/** What {@link readAnchorJson} returns: the parsed JSON as written and its validated form. */
export interface AnchorJson<T> {
  /** The JSON value exactly as parsed (every field, in file order). */
  raw: Record<string, unknown>;
  /** The value after validation (unknown fields kept). */
  value: T;
}

/**
 * Reads `<sourceDirectory>/<file>`, parses it as JSON and validates it with `schema`.
 *
 * @param sourceDirectory - the dataset folder, as the user gave it (messages name files under it)
 * @param file - path inside the dataset, `/`-separated
 * @param schema - the zod schema of the file
 * @throws {@link ImportError} `SOURCE_NOT_FOUND`, `INVALID_JSON` (truncated or damaged file) or
 *   `INVALID_SOURCE` (the message names the field path)
 * @example
 * ```ts
 * const { value } = await readAnchorJson('arm_1', 'campaign.json', anchorCampaignSchema);
 * ```
 */
export async function readAnchorJson<Schema extends z.ZodType>(
  sourceDirectory: string,
  file: string,
  schema: Schema,
): Promise<AnchorJson<z.infer<Schema>>> {
  const displayPath = path.join(sourceDirectory, file);
  let text: string;
  try {
    text = await readFile(displayPath, 'utf8');
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'ENOENT') {
      throw new ImportError(
        'SOURCE_NOT_FOUND',
        `${displayPath}: file not found. An ngcc-harness dataset folder holds campaign.json, build.json, records/ and kat/; pass that folder.`,
        { cause: error },
      );
    }
    throw new ImportError('SOURCE_NOT_FOUND', `${displayPath}: cannot be read (${String(error)}).`, { cause: error });
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new ImportError(
      'INVALID_JSON',
      `${displayPath}: not valid JSON (${(error as Error).message}); the file is truncated or damaged. ${REFETCH}`,
      { cause: error },
    );
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new ImportError(
      'INVALID_SOURCE',
      `${displayPath}: the top level is ${Array.isArray(raw) ? 'an array' : JSON.stringify(raw)}, expected a JSON object. ${REFETCH}`,
    );
  }
  const result = schema.safeParse(raw);
  if (!result.success) {
    const issues = result.error.issues;
    const more = issues.length > 1 ? ` (and ${issues.length - 1} more problem${issues.length > 2 ? 's' : ''})` : '';
    throw new ImportError('INVALID_SOURCE', `${displayPath}: ${describeIssue(issues[0]!)}${more}. ${REFETCH}`, {
      cause: result.error,
    });
  }
  return { raw: raw as Record<string, unknown>, value: result.data };
}
