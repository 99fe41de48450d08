import { z } from 'zod';
import { ctAuditSchema } from './ct-audit-schema.js';

/**
 * The `format` value of a `build.json` this package reads (@ngcc-perf/record/docs/RUN-DIRECTORY.md).
 *
 * @example
 * ```ts
 * if (json.format !== BUILD_FORMAT) throw new Error('not a format-1 build.json');
 * ```
 */
export const BUILD_FORMAT = 'ngcc-perf/build@1';

/**
 * KAT verdicts (the ICCS KAT rules "Verdicts"); `ngcc-perf kat` exits with the code kat's `VERDICT_EXIT_CODES` gives each.
 *
 * @example
 * ```ts
 * katVerdictSchema.parse('PASS');
 * ```
 */
export const katVerdictSchema = z.enum([
  'PASS',
  'MISMATCH',
  'NOKAT',
  'CRYPTOFAIL',
  'OVERFLOW',
  'LOADFAIL',
  'TIMEOUT',
  'CRASH',
]);

/** A KAT verdict (the ICCS KAT rules). */
export type KatVerdict = z.infer<typeof katVerdictSchema>;

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/, 'expected 64 lower-case hex digits');

/**
 * Zod schema of how the KAT files of a candidate without an official manifest of its own were
 * recognised (build.json `katIdentity`, every record's `katIdentity`): the catalog candidates whose
 * official manifest holds a canonical digest of its generated KAT files (same KAT kind), and the
 * one whose manifest then judged the verdict. The digests are the evidence, whatever the package's
 * folder is called; `packageName` is the folder name (or `<packageName>.zip`) that names it.
 */
export const katIdentitySchema = z.object({
  /** Every catalog candidate whose official manifest holds one of the digests, most files matched first. */
  candidates: z.array(
    z.object({
      id: z.string().min(1),
      officialName: z.string().min(1),
      packageName: z.string().min(1),
      /** How many of the generated KAT files its manifest holds. */
      files: z.number().int().positive(),
    }),
  ),
  /** The candidate whose manifest judged the verdict (one matched more files than any other), else null. */
  judgedBy: z.string().nullable(),
});

/** build.json / record `katIdentity` ({@link katIdentitySchema}). */
export type KatIdentity = z.infer<typeof katIdentitySchema>;

/** Zod schema of one parameter value of an instance (build.json `parameters`): a number, a text or a flag. */
export const instanceParameterValueSchema = z.union([z.number(), z.string(), z.boolean()]);

/** An instance's parameter value ({@link instanceParameterValueSchema}). */
export type InstanceParameterValue = z.infer<typeof instanceParameterValueSchema>;

/**
 * Zod schema of one size of report item (6) (guide §3.5, transmission and storage overhead): its
 * key and words (`pk`, `public key`), the bytes the instance's getter or header says, the bytes
 * the library wrote, and whether they agree (null when one of them is not known).
 */
export const instanceSizeSchema = z.object({
  key: z.string().min(1),
  label: z.string().min(1),
  getterBytes: z.number().int().nonnegative().nullable(),
  writtenBytes: z.number().int().nonnegative().nullable(),
  agrees: z.boolean().nullable(),
});

/** One build.json instance `sizes` entry ({@link instanceSizeSchema}). */
export type InstanceSize = z.infer<typeof instanceSizeSchema>;

/**
 * Zod schema of one `build.json` instance: what was built, with which flags, its ELF image
 * size in bytes and its KAT verdict. Paths are relative to the run directory. Library and KAT
 * fields are `null` when the build produced no library. Source: @ngcc-perf/record/docs/RUN-DIRECTORY.md.
 *
 * @example
 * ```ts
 * const instance = buildInstanceSchema.parse(manifest.instances[0]);
 * ```
 */
export const buildInstanceSchema = z.object({
  candidate: z.string().min(1),
  algorithm: z.string().min(1),
  category: z.string().min(1),
  instance: z.string().min(1),
  /** Name of its KAT files and the instance name in its KAT log, when it differs from `instance` (candidate.json `katName`). */
  katName: z.string().min(1).optional(),
  variant: z.enum(['reference', 'performance', 'resource']),
  /** The hash instance's digest length, bits (its `parameters.digestBits`); absent for other categories. */
  digestBits: z.number().int().positive().optional(),
  /**
   * The instance's parameters as its category names them (hash: `{ digestBits }`; a KEM: none), the
   * `CategoryInstance.parameters` of @ngcc-perf/category; absent in build.json files written before
   * it (a hash instance's are then `{ digestBits }`).
   */
  parameters: z.record(z.string(), instanceParameterValueSchema).optional(),
  /** Report item (6), transmission and storage overhead, as the category's KAT found it; absent when the category has none. */
  sizes: z.array(instanceSizeSchema).optional(),
  flags: z.string(),
  buildFlags: z.string(),
  library: z.string().nullable(),
  librarySha256: sha256Hex.nullable(),
  imageBytes: z.number().int().nonnegative().nullable(),
  kat: katVerdictSchema,
  katDetail: z.string().nullable(),
  katLog: z.string().nullable(),
  katLogSha256: sha256Hex.nullable(),
  /** The constant-time audit (the campaign's `ct` phase); absent when the run had none. */
  ct: ctAuditSchema.nullable().optional(),
  /** The implementation version's label (`Optimized_Implementation/AVX2`) of an instance discovered in a package. */
  version: z.string().nullable().optional(),
  /** The package's own KAT files for this instance, checked against the official manifest and the library's output. */
  packageKatFiles: z
    .array(
      z.object({
        file: z.string(),
        manifest: z.enum(['agrees', 'disagrees', 'no-entry']),
        generated: z.enum(['agrees', 'differs', 'not-generated']),
        detail: z.string().nullable(),
      }),
    )
    .optional(),
  /** Sources and include folders discovery took from outside the instance folder, each with why (the linker or the compiler needed it). */
  addedSources: z
    .array(z.object({ file: z.string(), kind: z.enum(['source', 'include-dir']), reason: z.string() }))
    .optional(),
  /**
   * Target flags (`-maes`) added to the profile's because gcc said an intrinsic needs a target feature
   * ("target specific option mismatch"), each with why; only features this host's CPU has are added.
   */
  targetFlags: z.array(z.object({ flag: z.string(), reason: z.string() })).optional(),
  /**
   * Flags the build added because the compiler or linker asked for them, each with the evidence:
   * `-fcommon` (a tentative definition such as `drng_algorithm` in a header, which gcc ≥ 10 no
   * longer merges), `-lgmp`/`-lcrypto` (the library leaves GMP or OpenSSL symbols undefined, nm -D).
   */
  addedFlags: z.array(z.object({ flag: z.string(), reason: z.string() })).optional(),
  /**
   * The patch candidate.json names for the instance (`patch`, a unified diff kept beside it), applied
   * with `patch -p1` to a copy of the candidate folder inside the run directory (`patched/<candidate>/<instance>/`),
   * which was built instead of the package's files: the diff (relative to the candidate folder),
   * its SHA-256 and the files it changes.
   */
  patch: z
    .object({ file: z.string(), sha256: z.string().regex(/^[0-9a-f]{64}$/), files: z.array(z.string()) })
    .optional(),
  /**
   * How the KAT verdict found its official digests: the manifest entries (`label/file`) the generated
   * files matched by KAT kind and canonical digest, and the reference twin (same digest length) whose
   * entries judged an instance the manifest does not name.
   */
  katReference: z
    .object({ entries: z.array(z.string()), twin: z.string().nullable() })
    .nullable()
    .optional(),
  /** Absent or null when the candidate has its own manifest, or no official manifest holds its digests ({@link katIdentitySchema}). */
  katIdentity: katIdentitySchema.nullable().optional(),
  /** What the library did when asked for a digest 8 bits shorter than its own (one call after a passing KAT). */
  digestLengthProbe: z
    .object({
      requestedBits: z.number().int().positive(),
      result: z.enum(['honoured', 'fixed-length', 'rejected', 'failed']),
      detail: z.string().nullable(),
    })
    .nullable()
    .optional(),
});

/** One built instance from `build.json`. */
export type BuildInstance = z.infer<typeof buildInstanceSchema>;

/**
 * Zod schema of one candidate discovered in an official package (build.json `packages[]`): the
 * archive and its SHA-256 (null for an unpacked folder), the versions measured, the folders not measured.
 */
export const packageEvidenceSchema = z.object({
  candidate: z.string().min(1),
  packageName: z.string().min(1),
  archive: z.string().nullable(),
  archiveSha256: sha256Hex.nullable(),
  versions: z.array(z.string()),
  /** Why the package yielded no measurable instance (it is listed, the run went on without it); absent when it did. */
  reason: z.string().optional(),
  unmeasured: z.array(
    z.object({
      folder: z.string(),
      version: z.string(),
      katName: z.string().nullable(),
      status: z.enum(['skipped', 'not-measurable']),
      reason: z.string(),
    }),
  ),
});

/** One build.json `packages[]` entry. */
export type PackageEvidence = z.infer<typeof packageEvidenceSchema>;

/**
 * Zod schema of `build.json` (the run-directory layout).
 *
 * @example
 * ```ts
 * const build = buildManifestSchema.parse(JSON.parse(readFileSync('runs/x86_1/build.json', 'utf8')));
 * ```
 */
export const buildManifestSchema = z.object({
  format: z.literal(BUILD_FORMAT),
  /** Candidates discovered in official packages: the archive and its SHA-256, versions measured, folders not measured. */
  packages: z.array(packageEvidenceSchema).optional(),
  instances: z.array(buildInstanceSchema),
});

/** A validated `build.json`. */
export type BuildManifest = z.infer<typeof buildManifestSchema>;
