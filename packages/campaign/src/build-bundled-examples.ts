import { BUILD_PROFILES, buildInstance, describeOptionsProblem, type BuildProfile } from '@ngcc-perf/native';
import { z } from 'zod';
import { bundledCandidateDirectories } from './campaign-defaults.js';
import { CampaignError } from './campaign-error.js';
import { loadCandidate } from '@ngcc-perf/intake';

/** Options of {@link buildBundledExamples}. `libraryDirectory` is required. */
export interface BuildBundledExamplesOptions {
  /** Where the libraries go (created): `lib<instance>.so` each. */
  libraryDirectory: string;
  /** Instance names to build (`sm3`, `sha512`, `shake256_512`, …); default all of them. */
  instances?: readonly string[];
  /** The guide profile; default each candidate's variant (`reference` for all bundled examples). */
  profile?: BuildProfile;
}

/** One bundled example instance, built: everything `runKat` and `measureOperation` need. */
export interface BundledExampleLibrary {
  /** The candidate id (`example-sm3`). */
  candidateId: string;
  /** The algorithm's name (`SM3`). */
  algorithm: string;
  /** Instance name (`sm3`); also the KAT files' name. */
  name: string;
  digestBits: number;
  /** Absolute path of the built `lib<name>.so`. */
  libraryPath: string;
  /** Absolute path of the candidate's `kat.sha256` manifest. */
  manifestPath: string | null;
  /** The gcc flags it was built with, `-fPIC -shared` included. */
  buildFlags: string;
  /** SHA-256 of the library file, 64 lower-case hex. */
  librarySha256: string;
}

const optionsSchema = z.strictObject({
  libraryDirectory: z.string().min(1),
  instances: z.array(z.string()).optional(),
  profile: z.enum(BUILD_PROFILES as [BuildProfile, ...BuildProfile[]]).optional(),
});

/**
 * Builds the example candidates shipped in @ngcc-perf/native (`examples/`: SM3, SHA-512,
 * SHAKE256) with `buildInstance`, the builder a campaign uses, so a script gets ready libraries
 * with their digest lengths and KAT manifests and needs no compiler command line.
 *
 * @returns the built instances, in the order of the candidate folders, then of their instances.
 * @throws {@link CampaignError} `USAGE` for an unknown or mistyped option or an unknown instance
 *   name; NativeError `BUILD_FAILED` / `MISSING_TOOLS` from the build.
 * @example
 * const [sm3] = await buildBundledExamples({ libraryDirectory: 'lib', instances: ['sm3'] });
 * sm3.libraryPath; // '/…/lib/libsm3.so'
 */
export async function buildBundledExamples(options: BuildBundledExamplesOptions): Promise<BundledExampleLibrary[]> {
  const problem = describeOptionsProblem(optionsSchema, options);
  if (problem !== null) throw new CampaignError('USAGE', `buildBundledExamples: ${problem}.`);
  const candidates = await Promise.all((await bundledCandidateDirectories()).map((folder) => loadCandidate(folder)));
  const known = candidates.flatMap((candidate) => candidate.instances.map((instance) => instance.name));
  const unknown = (options.instances ?? []).filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    throw new CampaignError(
      'USAGE',
      `buildBundledExamples: no bundled instance ${unknown.map((name) => `"${name}"`).join(', ')}; the bundled instances are ${known.join(', ')}.`,
    );
  }
  const built: BundledExampleLibrary[] = [];
  for (const candidate of candidates) {
    for (const instance of candidate.instances) {
      if (options.instances !== undefined && !options.instances.includes(instance.name)) continue;
      const library = await buildInstance({
        instance: { name: instance.name, sourcePaths: instance.sourcePaths, includeDirPaths: instance.includeDirPaths },
        profile: options.profile ?? instance.variant,
        libraryDirectory: options.libraryDirectory,
        sourceRoot: candidate.directory,
      });
      built.push({
        candidateId: candidate.id,
        algorithm: candidate.algorithm,
        name: instance.name,
        // the bundled examples are hash candidates, whose instances all carry a digest length
        digestBits: instance.digestBits!,
        libraryPath: library.libraryPath,
        manifestPath: candidate.manifestPath,
        buildFlags: library.buildFlags,
        librarySha256: library.librarySha256,
      });
    }
  }
  return built;
}
