import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { BuildProfile } from '@ngcc-perf/native';
import { IntakeError } from './intake-error.js';
import { describeInputIssue, iccsHeadersDirectory } from '@ngcc-perf/native';
import { ICCS_HEADERS_TOKEN } from './public-key-entry.js';
import { officialManifestPath, readBundledCatalog } from './bundled-catalog.js';

/** What a candidate id, an instance name and a `katName` may be: they name files and folders of the run. */
export const NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;
/** {@link NAME_PATTERN} in words, for messages. */
export const NAME_RULE = 'letters, digits, "_", "." or "-", starting with a letter or digit';
/** The flags candidate.json `cFlags` may add (C language rules an old compiler applied by default); any other flag is refused. */
const COMPILE_RULE_FLAGS = ['-fgnu89-inline', '-fcommon'] as const;
const digestBitsSchema = z.number().int().positive().multipleOf(8);
const variantSchema = z.enum(['reference', 'performance', 'resource']);

const instanceSchema = z.strictObject({
  name: z.string().regex(NAME_PATTERN, NAME_RULE),
  digestBits: z
    .union([digestBitsSchema, z.array(digestBitsSchema).min(1)], {
      error: 'expected a positive multiple of 8, or for an XOF a non-empty list of them',
    })
    .optional(),
  katName: z.string().regex(NAME_PATTERN, NAME_RULE).optional(),
  variant: variantSchema.optional(),
  sources: z.array(z.string().min(1)).min(1).optional(),
  includeDirs: z.array(z.string()).optional(),
  library: z.string().min(1).optional(),
  version: z.string().min(1).optional(),
  katFiles: z.array(z.string().min(1)).optional(),
  added: z
    .array(z.strictObject({ file: z.string().min(1), kind: z.enum(['source', 'include-dir']), reason: z.string() }))
    .optional(),
  patch: z.string().min(1).optional(),
  cFlags: z
    .array(
      z.strictObject({
        flag: z.enum(COMPILE_RULE_FLAGS, {
          error: `one of ${COMPILE_RULE_FLAGS.join(', ')} (flags that change C rules, not code generation)`,
        }),
        reason: z.string(),
        files: z.array(z.string().min(1)).min(1).optional(),
      }),
    )
    .optional(),
  defines: z
    .record(
      z.string().regex(/^[A-Za-z_]\w*$/, 'a C macro name'),
      z.string().regex(/^[\w.+-]*$/, 'a plain value (letters, digits, _ . + -)'),
    )
    .optional(),
});

const unmeasuredSchema = z.strictObject({
  folder: z.string(),
  version: z.string(),
  katName: z.string().nullable(),
  status: z.enum(['skipped', 'not-measurable']),
  reason: z.string().min(1),
});

const candidateSchema = z.strictObject({
  id: z.string().regex(NAME_PATTERN, NAME_RULE),
  algorithm: z.string().min(1),
  category: z.string().regex(/^[a-z][a-z0-9-]*$/, 'a category id of the registry: "hash", "kem", "sig", "kex"'),
  variant: variantSchema.default('reference'),
  sources: z.array(z.string().min(1)).min(1).optional(),
  includeDirs: z.array(z.string()).default([]),
  manifest: z.string().min(1).optional(),
  bundledManifest: z.string().min(1).optional(),
  instances: z.array(instanceSchema).min(1),
  unmeasured: z.array(unmeasuredSchema).default([]),
});

/** A folder of a package that is not measured, and why (@ngcc-perf/intake/docs/CANDIDATE.md `unmeasured`). */
export type UnmeasuredEntry = z.infer<typeof unmeasuredSchema>;

/** Where a candidate came from when it was discovered in an official package. */
export interface CandidateOrigin {
  /** Package name (`Litchi`, `C Hash`). */
  packageName: string;
  /** The archive's file name when it came from a `.zip`, else null. */
  archive: string | null;
  /** SHA-256 of the archive, or null for an unpacked folder. */
  archiveSha256: string | null;
}

/** One instance (parameter set) of a candidate, with paths resolved to absolute ones. */
export interface CandidateInstance {
  /** Instance name; an XOF's listed lengths become `<name>_<digestBits>`. */
  name: string;
  /** The candidate's category id (`hash`, `kem`, `sig`, `kex`); build.json instance `category`. */
  category: string;
  /** Digest length of a hash instance; absent for an instance of a category without one (public key). */
  digestBits?: number;
  /**
   * A unified diff named by candidate.json `patch` (kept beside it), to apply to a copy of the
   * instance's files before the build (`applyInstancePatch`), or null.
   */
  patchPath: string | null;
  /** Macros the build defines (`-DNAME=VALUE`), from candidate.json `defines` (discovery reads them from the package's build scripts); {} when none. */
  defines: Record<string, string>;
  /** Flags the build adds (candidate.json `cFlags`: `-fgnu89-inline`, `-fcommon`), each with why and the sources it applies to (absolute; absent: all); [] when none. */
  cFlags: { flag: string; reason: string; filePaths?: string[] }[];
  /** Name of its KAT files (`KAT_2_12_<katName>.txt`) and its manifest label (default: `name`). */
  katName: string;
  /** Implementation variant; it picks the guide build profile (guide §3.2). */
  variant: BuildProfile;
  /** The XOF entry this instance was expanded from (its `name`), or null for a fixed-length instance. */
  xofName: string | null;
  /** Absolute paths of the C sources compiled into this instance's shared library (empty when prebuilt). */
  sourcePaths: string[];
  /** Absolute include directories. */
  includeDirPaths: string[];
  /** Absolute path of a prebuilt library to measure instead of building, or null. */
  prebuiltLibraryPath: string | null;
  /** The implementation version's label (`Optimized_Implementation/AVX2`), or null when not given. */
  versionLabel: string | null;
  /** Absolute paths of the package's own KAT files for this instance (compared record by record). */
  katFilePaths: string[];
  /** Sources and include folders discovery took from outside the instance folder, and why (candidate.json `added`). */
  addedSources: { file: string; kind: 'source' | 'include-dir'; reason: string }[];
}

/** A validated `candidate.json` (@ngcc-perf/intake/docs/CANDIDATE.md) with absolute paths. */
export interface Candidate {
  id: string;
  algorithm: string;
  /** A category id of the registry (`hash`, `kem`, `sig`, `kex`). */
  category: string;
  /** The candidate-wide variant (`reference` unless given); an instance may override it. */
  variant: BuildProfile;
  /** Absolute path of the candidate folder. */
  directory: string;
  /** Absolute path of `kat.sha256` (the candidate's own or the bundled official one), or null when the candidate has none. */
  manifestPath: string | null;
  instances: CandidateInstance[];
  /** Folders of its package that are not measured (skipped ISA, no instance header of their own). */
  unmeasured: UnmeasuredEntry[];
  /** The package it was discovered in, or null for a hand-written candidate.json. */
  origin: CandidateOrigin | null;
}

/** Options of {@link loadCandidate} and {@link resolveCandidate}. */
export interface ResolveCandidateOptions {
  /** Resolves `bundledManifest` ids to manifest files; default: the bundled catalog. */
  officialManifest?: (id: string) => string | null;
  origin?: CandidateOrigin | null;
}

/** A public-key candidate id of the official numbering (`kem-02`, `sign-08`, `kex-05`). */
const PUBLIC_KEY_ID = /^(kem|sign|kex)-\d+$/;

function bundledManifestPath(id: string | undefined, file: string, options: ResolveCandidateOptions): string | null {
  if (id === undefined) return null;
  const found = (options.officialManifest ?? ((wanted: string) => officialManifestPath(readBundledCatalog(), wanted)))(
    id,
  );
  if (found === null) {
    // The public-key manifests are not named here: the kat phase judges such a candidate by the
    // bundled manifest of its own id, or by the one holding its KAT files' digests.
    throw new IntakeError(
      'CANDIDATE_INVALID',
      PUBLIC_KEY_ID.test(id)
        ? `${file}: field "bundledManifest": "${id}" is a public-key id, and "bundledManifest" names hash manifests only. Remove the field: a candidate whose "id" is "${id}" is judged by the bundled ${id} manifest, and any other by the bundled manifest that holds its KAT files' digests; or give "manifest" with a file of your own.`
        : `${file}: field "bundledManifest": no official manifest "${id}" is bundled with ngcc-perf. Use an id of data/ngcc-hash-catalog.csv, or give "manifest" instead.`,
    );
  }
  return found;
}

function invalid(file: string, detail: string): IntakeError {
  return new IntakeError(
    'CANDIDATE_INVALID',
    `${file}: ${detail}. Fix candidate.json to the format in @ngcc-perf/intake/docs/CANDIDATE.md.`,
  );
}

async function readCandidateJson(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (cause) {
    throw new IntakeError(
      'CANDIDATE_NOT_FOUND',
      `${file}: cannot read it (${(cause as NodeJS.ErrnoException).code ?? String(cause)}). ` +
        'Pass a candidate folder that holds a candidate.json (see @ngcc-perf/intake/docs/CANDIDATE.md).',
      { cause },
    );
  }
  try {
    // editors on Windows save "UTF-8 with BOM" (and CRLF, which JSON takes as whitespace)
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (cause) {
    throw new IntakeError(
      'CANDIDATE_INVALID',
      `${file}: not valid JSON (${(cause as Error).message}). Fix the syntax.`,
      { cause },
    );
  }
}

/**
 * Reads and validates `<directory>/candidate.json` (@ngcc-perf/intake/docs/CANDIDATE.md): id, algorithm, category,
 * variant, instances (name, digest bits or an XOF's list of them, KAT name, variant), sources and
 * include dirs per candidate or per instance, or a prebuilt library per instance, and the
 * `kat.sha256` manifest. An XOF instance with `digestBits: [256, 512]` becomes the instances
 * `<name>_256` and `<name>_512`, one shared library each.
 * @param directory - the candidate folder
 * @throws {@link IntakeError} `CANDIDATE_NOT_FOUND` when the file is missing, `CANDIDATE_INVALID`
 *   for bad JSON, an unknown, missing or bad field (named with its path, e.g.
 *   `instances.1.digestBits`), duplicate instance names, an instance with neither sources nor a
 *   library (or both), or a path that leaves the folder.
 * @example
 * const candidate = await loadCandidate('native/examples/sm3');
 * candidate.instances[0]; // { name: 'sm3', digestBits: 256, katName: 'sm3', variant: 'reference', … }
 */
export async function loadCandidate(directory: string, options: ResolveCandidateOptions = {}): Promise<Candidate> {
  const folder = path.resolve(directory);
  const file = path.join(folder, 'candidate.json');
  return resolveCandidate(await readCandidateJson(file), folder, file, options);
}

/**
 * Validates a candidate document (the contents of a candidate.json, or one made by discovery)
 * whose paths are relative to `directory`; see {@link loadCandidate}.
 * @param file - the name errors give it (`<dir>/candidate.json`, or the package for a discovered one)
 * @throws {@link IntakeError} `CANDIDATE_INVALID` as {@link loadCandidate}, and for an unknown `bundledManifest`.
 */
export async function resolveCandidate(
  document: unknown,
  directory: string,
  file: string,
  options: ResolveCandidateOptions = {},
): Promise<Candidate> {
  const folder = path.resolve(directory);
  const input = document;
  const parsed = candidateSchema.safeParse(input);
  if (!parsed.success) {
    const knownFields = (at: readonly PropertyKey[]): readonly string[] =>
      Object.keys((at.length === 0 ? candidateSchema : instanceSchema).shape);
    throw invalid(file, describeInputIssue(parsed.error.issues, input, knownFields));
  }
  const data = parsed.data;
  const realFolder = await realpath(folder);
  const inside = (relative: string, field: string): string => {
    const resolved = path.resolve(realFolder, relative);
    if (resolved !== realFolder && !resolved.startsWith(realFolder + path.sep)) {
      throw new IntakeError(
        'CANDIDATE_INVALID',
        `${file}: field "${field}" path "${relative}" leaves the candidate folder. Use a path inside ${realFolder}.`,
      );
    }
    return resolved;
  };
  const instances: CandidateInstance[] = [];
  const seen = new Map<string, string>();
  data.instances.forEach((entry, index) => {
    const at = `instances.${index}`;
    if (entry.library !== undefined && entry.sources !== undefined) {
      throw invalid(file, `field "${at}": give either "sources" or "library", not both`);
    }
    const sources = entry.library === undefined ? (entry.sources ?? data.sources) : [];
    if (sources === undefined) {
      throw invalid(
        file,
        `field "${at}.sources": instance "${entry.name}" has no sources (and the candidate has no "sources") and no prebuilt "library"`,
      );
    }
    const sourcePaths = sources.map((s, i) => inside(s, entry.sources ? `${at}.sources.${i}` : `sources.${i}`));
    const includeDirPaths = (entry.includeDirs ?? data.includeDirs).map((d, i) =>
      d === ICCS_HEADERS_TOKEN
        ? iccsHeadersDirectory()
        : inside(d, entry.includeDirs ? `${at}.includeDirs.${i}` : `includeDirs.${i}`),
    );
    const prebuiltLibraryPath = entry.library === undefined ? null : inside(entry.library, `${at}.library`);
    if (entry.digestBits === undefined && data.category === 'hash')
      throw invalid(
        file,
        `field "${at}.digestBits": a hash instance needs its digest length (a positive multiple of 8)`,
      );
    const lengths = Array.isArray(entry.digestBits) ? entry.digestBits : [entry.digestBits ?? 0];
    if (new Set(lengths).size !== lengths.length)
      throw invalid(file, `field "${at}.digestBits": a length is listed twice`);
    const xof = Array.isArray(entry.digestBits);
    lengths.forEach((digestBits, lengthIndex) => {
      const name = xof ? `${entry.name}_${digestBits}` : entry.name;
      const where = xof ? `${at}.digestBits.${lengthIndex}` : `${at}.name`;
      if (seen.has(name)) {
        throw new IntakeError(
          'CANDIDATE_INVALID',
          `${file}: instance "${name}" is listed twice (field "${where}", first at "${seen.get(name)}"). Give each instance a unique name.`,
        );
      }
      seen.set(name, where);
      const katName = entry.katName === undefined ? name : xof ? `${entry.katName}_${digestBits}` : entry.katName;
      instances.push({
        name,
        category: data.category,
        ...(digestBits === 0 ? {} : { digestBits }),
        patchPath: entry.patch === undefined ? null : inside(entry.patch, `${at}.patch`),
        defines: entry.defines ?? {},
        cFlags: (entry.cFlags ?? []).map((c, j) => ({
          flag: c.flag,
          reason: c.reason,
          ...(c.files === undefined
            ? {}
            : { filePaths: c.files.map((f, k) => inside(f, `${at}.cFlags.${j}.files.${k}`)) }),
        })),
        katName,
        variant: entry.variant ?? data.variant,
        xofName: xof ? entry.name : null,
        sourcePaths,
        includeDirPaths,
        prebuiltLibraryPath,
        versionLabel: entry.version ?? null,
        katFilePaths: (entry.katFiles ?? []).map((k, i) => inside(k, `${at}.katFiles.${i}`)),
        addedSources: entry.added ?? [],
      });
    });
  });
  const manifestPath =
    data.manifest === undefined
      ? bundledManifestPath(data.bundledManifest, file, options)
      : inside(data.manifest, 'manifest');
  return {
    id: data.id,
    algorithm: data.algorithm,
    category: data.category,
    variant: data.variant,
    directory: realFolder,
    manifestPath,
    instances,
    unmeasured: data.unmeasured,
    origin: options.origin ?? null,
  };
}
