import type { CandidateInstanceEntry, DiscoveredPackage } from './discovery-types.js';

/** The `candidate.json` (format 1, @ngcc-perf/intake/docs/CANDIDATE.md) that discovery writes for a package; paths relative to the package folder. */
export interface CandidateDocument {
  id: string;
  algorithm: string;
  /** The category id (`hash`, `kem`, `sig`, `kex`): the one its instances' objects define the API of (nm). */
  category: string;
  bundledManifest?: string;
  instances: (CandidateInstanceEntry & {
    katFiles?: string[];
    defines?: Record<string, string>;
    cFlags?: { flag: string; reason: string; files?: string[] }[];
    added?: { file: string; kind: 'source' | 'include-dir'; reason: string }[];
  })[];
  unmeasured?: {
    folder: string;
    version: string;
    katName: string | null;
    status: 'skipped' | 'not-measurable';
    reason: string;
  }[];
}

/**
 * The candidate.json of a discovered package: one instance per instance folder and version, each
 * with its own sources and its folder as include directory; `bundledManifest` names the official
 * manifest shipped with ngcc-perf when the catalog has one.
 * @param hasOfficialManifest - whether the catalog holds `<id>.kat.sha256`
 * @example
 * JSON.stringify(candidateDocument(found, true), null, 2); // what `ngcc-perf init` writes
 */
export function candidateDocument(found: DiscoveredPackage, hasOfficialManifest: boolean): CandidateDocument {
  return {
    id: found.id,
    algorithm: found.algorithm,
    category: found.instances[0]?.category ?? 'hash',
    ...(hasOfficialManifest ? { bundledManifest: found.id } : {}),
    instances: found.instances.map((i) => ({
      name: i.name,
      ...(i.digestBits === null ? {} : { digestBits: i.digestBits }),
      katName: i.katName,
      variant: i.version.variant,
      version: i.version.label,
      sources: i.sources,
      includeDirs: i.includeDirs,
      ...(i.defines.length > 0 ? { defines: Object.fromEntries(i.defines.map((d) => [d.name, d.value])) } : {}),
      ...(i.targetFlags.some((t) => !t.flag.startsWith('-m'))
        ? { cFlags: i.targetFlags.filter((t) => !t.flag.startsWith('-m')) }
        : {}),
      ...(i.katFiles.length > 0 ? { katFiles: i.katFiles } : {}),
      ...(i.added.length > 0 ? { added: i.added } : {}),
    })),
    ...(found.unmeasured.length > 0 ? { unmeasured: found.unmeasured } : {}),
  };
}
