import type { ImplementationVersion } from './implementation-version.js';
import type { TargetFlag } from './target-feature-flags.js';

/** A file left out of an instance's sources, and why. */
export interface ExcludedSource {
  /** Path relative to the package folder (`/`-separated). */
  file: string;
  reason:
    | 'defines main'
    | 'ICCS DRNG, not used by the algorithm'
    | `does not compile (${string}); the other objects define ${string}`
    | `defines ${string}, the ICCS DRNG the driver provides`
    // a prebuilt object or archive (`.o`, `.a`) the package ships, read with nm and its ELF header
    | `built for ${string}`
    | `its member${string} main${string}`
    | `cannot be read (${string})`
    | `a prebuilt ${string}`;
}

/** A source or include folder from outside the instance folder that the compiler or the linker needed, and why. */
export interface AddedSource {
  /** Path relative to the package folder (`/`-separated). */
  file: string;
  /** `source`: linked in for symbols the instance's objects leave undefined; `include-dir`: holds a header they include. */
  kind: 'source' | 'include-dir';
  reason: string;
}

/** What discovery made of one folder of the package (what `init` prints). */
export interface FolderExplanation {
  folder: string;
  /** `instance`: measured as an instance; `shared`: lends sources or headers to instances; `left-out`: not used. */
  role: 'instance' | 'shared' | 'left-out';
  /** One sentence a person can act on. */
  detail: string;
  /** For a left-out folder with code: what would measure it (`ngcc-perf init` prints it), else absent. */
  suggestion?: FolderSuggestion;
}

/** The fields of one candidate.json `instances` entry that discovery writes (@ngcc-perf/intake/docs/CANDIDATE.md); paths relative to the package. */
export interface CandidateInstanceEntry {
  name: string;
  /** Absent for a public-key instance. */
  digestBits?: number;
  katName: string;
  variant: 'reference' | 'performance' | 'resource';
  version: string;
  sources: string[];
  includeDirs: string[];
}

/** What would measure a left-out folder that holds code but no instance header of its own. */
export interface FolderSuggestion {
  /**
   * The instance of the package its code is taken to implement (same folder name or instance
   * name, the reference version first): its digest length and official digests apply. Null when none.
   */
  twin: { name: string; katName: string; folder: string } | null;
  /**
   * Headers its sources include that the folder lacks (gcc: "No such file or directory"), each
   * with the package file to copy into the folder (the twin's first), or null when the package has none.
   */
  missingHeaders: { header: string; copyFrom: string | null }[];
  /** Whether an object of its sources defines CryptHash (once the headers are supplied). */
  definesCryptHash: boolean;
  /** Symbols the linker leaves undefined in its sources' library ([] when it links). */
  undefinedSymbols: string[];
  /**
   * The candidate.json `instances` entry that measures it once the missing headers are copied
   * into the folder (paths relative to the package); null when it cannot build (see the fields above).
   */
  instance: CandidateInstanceEntry | null;
}

/** One instance folder found by its header (a measurable implementation of one instance). */
export interface DiscoveredInstance {
  /** Unique instance name in the candidate: the header's name, with the version appended for other versions than the first. */
  name: string;
  /** `ALGORITHM_INSTANCE` of the header: KAT file names and manifest label. */
  katName: string;
  /** The category its objects' API decides (`nm`): `hash` for a CryptHash header, a registry id (`kem`, `sig`, `kex`) for a public-key one. */
  category: string;
  /**
   * Macros the package's own build scripts define (`-DMODE=256`, CMake `set()`), read as text, that the
   * instance name was read with; the build defines them too. [] when none.
   */
  defines: { name: string; value: string; source: string }[];
  /** `DIGEST_BIT_LENGTH` of the header; null for a public-key instance (its header has none). */
  digestBits: number | null;
  /** Folder relative to the package folder (`/`-separated; `.` for the package folder itself). */
  folder: string;
  /** The header that defines the instance macros, relative to the package folder. */
  header: string;
  version: ImplementationVersion;
  /** Sources compiled into the library, relative to the package folder, sorted. */
  sources: string[];
  /** Whether any source is C++ (`.cc`, `.cpp`, `.cxx`): the library is then linked as C++. */
  cplusplus: boolean;
  excluded: ExcludedSource[];
  /** Include folders relative to the package: the instance folder, then folders holding headers its sources include. */
  includeDirs: string[];
  /** Sources and include folders from outside the instance folder (or a program's file the linker needed), each with why. */
  added: AddedSource[];
  /** KAT files of this instance found in the package (`KAT_2_12_<katName>.txt`, …), relative paths. */
  katFiles: string[];
  /** Target flags (`-maes`) its sources needed to compile on this host, each with why (the build adds them the same way). */
  targetFlags: TargetFlag[];
}

/** A folder that is not measured, and why (an ISA the host cannot run, no instance header of its own, …). */
export interface UnmeasuredFolder {
  folder: string;
  /** The implementation version's label (`Additional_Implementation/ARMv8`). */
  version: string;
  /** The instance name when the folder has a header, else null. */
  katName: string | null;
  /**
   * `skipped`: software for an ISA this host cannot run, or a hardware description (no host runs it):
   * a limit of the host, not of the package; `not-measurable`: the package gives no instance to measure there.
   */
  status: 'skipped' | 'not-measurable';
  reason: string;
}

/** What {@link discoverPackage} found in one official package. */
export interface DiscoveredPackage {
  /** Package name: the archive's or folder's name without `.zip`. */
  packageName: string;
  /** Absolute folder that was searched (the extracted archive or the given folder). */
  directory: string;
  /** `hash-NN` from the catalog, or `pkg-<name>` for a package the catalog does not list. */
  id: string;
  /** Official name from the catalog, or the package name. */
  algorithm: string;
  catalogued: boolean;
  /** Measurable instances, versions in order (reference first), then digest length, then name. */
  instances: DiscoveredInstance[];
  unmeasured: UnmeasuredFolder[];
  /** Every folder with code or an instance header, and what discovery made of it. */
  folders: FolderExplanation[];
  /** Labels of the implementation versions measured, reference first. */
  versions: string[];
  /**
   * The official API the package's C text names (`packageApi`): `hash` (CryptHash), `public-key`
   * (a public-key instance header, or kem_/sig_/kex_ API functions and no CryptHash), null when
   * neither; refusals speak of that API.
   */
  api?: 'hash' | 'public-key' | null;
}
