import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { CliError } from './cli-error.js';

const instanceSchema = z.strictObject({
  name: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, 'letters, digits, "_", "." or "-"'),
  digestBits: z.number().int().positive().multipleOf(8),
  sources: z.array(z.string().min(1)).min(1).optional(),
  includeDirs: z.array(z.string()).optional(),
});

const candidateSchema = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, 'letters, digits, "_", "." or "-"'),
  algorithm: z.string().min(1),
  category: z.literal('hash'),
  variant: z.enum(['reference', 'performance', 'resource']),
  sources: z.array(z.string().min(1)).min(1),
  includeDirs: z.array(z.string()).default([]),
  manifest: z.string().min(1).optional(),
  instances: z.array(instanceSchema).min(1),
});

/** One instance (parameter set) of a candidate, with paths resolved to absolute ones. */
export interface CandidateInstance {
  name: string;
  digestBits: number;
  /** Absolute paths of the C sources compiled into this instance's shared library. */
  sourcePaths: string[];
  /** Absolute include directories. */
  includeDirPaths: string[];
}

/** A validated `candidate.json` (docs/CANDIDATE.md) with absolute paths. */
export interface Candidate {
  id: string;
  algorithm: string;
  category: 'hash';
  variant: 'reference' | 'performance' | 'resource';
  /** Absolute path of the candidate folder. */
  directory: string;
  /** Absolute path of `kat.sha256`, or null when the candidate has none. */
  manifestPath: string | null;
  instances: CandidateInstance[];
}

/**
 * Reads and validates `<directory>/candidate.json` (docs/CANDIDATE.md).
 * @param directory - the candidate folder
 * @throws {@link CliError} `CANDIDATE_NOT_FOUND` when the file is missing, `CANDIDATE_INVALID`
 *   for bad JSON, an unknown or missing field (named with its path), duplicate instance names,
 *   or a path that leaves the folder.
 * @example
 * const candidate = await loadCandidate('native/examples/sm3');
 */
export async function loadCandidate(directory: string): Promise<Candidate> {
  const folder = path.resolve(directory);
  const file = path.join(folder, 'candidate.json');
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (cause) {
    throw new CliError(
      'CANDIDATE_NOT_FOUND',
      `${file}: cannot read it (${(cause as NodeJS.ErrnoException).code ?? String(cause)}). ` +
        'Pass a candidate folder that holds a candidate.json (see docs/CANDIDATE.md).',
      { cause },
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (cause) {
    throw new CliError('CANDIDATE_INVALID', `${file}: not valid JSON (${(cause as Error).message}). Fix the syntax.`, {
      cause,
    });
  }
  const parsed = candidateSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join('.') || '(top level)';
    const detail =
      issue.code === 'unrecognized_keys'
        ? `unknown field ${issue.keys.map((k) => `"${[...issue.path, k].join('.')}"`).join(', ')}`
        : `field "${field}": ${issue.message}`;
    throw new CliError(
      'CANDIDATE_INVALID',
      `${file}: ${detail}. Fix candidate.json to the format in docs/CANDIDATE.md.`,
    );
  }
  const data = parsed.data;
  const seen = new Set<string>();
  for (const instance of data.instances) {
    if (seen.has(instance.name)) {
      throw new CliError('CANDIDATE_INVALID', `${file}: instance "${instance.name}" is listed twice. Give each instance a unique name.`);
    }
    seen.add(instance.name);
  }
  const realFolder = await realpath(folder);
  const inside = (relative: string, field: string): string => {
    const resolved = path.resolve(realFolder, relative);
    if (resolved !== realFolder && !resolved.startsWith(realFolder + path.sep)) {
      throw new CliError('CANDIDATE_INVALID', `${file}: field "${field}" path "${relative}" leaves the candidate folder. Use a path inside ${realFolder}.`);
    }
    return resolved;
  };
  return {
    id: data.id,
    algorithm: data.algorithm,
    category: data.category,
    variant: data.variant,
    directory: realFolder,
    manifestPath: data.manifest === undefined ? null : inside(data.manifest, 'manifest'),
    instances: data.instances.map((instance, index) => ({
      name: instance.name,
      digestBits: instance.digestBits,
      sourcePaths: (instance.sources ?? data.sources).map((s, i) =>
        inside(s, instance.sources ? `instances.${index}.sources.${i}` : `sources.${i}`),
      ),
      includeDirPaths: (instance.includeDirs ?? data.includeDirs).map((d, i) => inside(d, `includeDirs.${i}`)),
    })),
  };
}
