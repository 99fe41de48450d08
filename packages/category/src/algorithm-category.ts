import type { InstanceParameterValue, OperationIdentity, OperationParameterValue } from '@ngcc-perf/record';

/**
 * One instance of a category as intake found it: its name (`sm3`, `aigis_enc_1`) and the
 * parameters its instance header gives (hash: `{ digestBits: 256 }`; a KEM: none).
 */
export interface CategoryInstance {
  name: string;
  parameters: Readonly<Record<string, InstanceParameterValue>>;
}

/**
 * Where the driver finds the category's C table (@ngcc-perf/native/driver/ngcc_category.h): built into the
 * driver (`categories` lists them), or in an adapter library given to the driver with `--adapter`.
 */
export type CategoryDriverTable = { kind: 'built-in' } | { kind: 'adapter'; adapterPath: string };

/** How a library of the category is recognised (the ICCS CryptHash and public-key APIs): decided by `nm`, never by names. */
export interface CategoryApi {
  /** Dynamic symbols a library of the category defines, every one of them (`nm -D --defined-only`). */
  symbols: readonly string[];
  /**
   * The macros of the instance header that give an instance's parameters, macro → parameter
   * (hash: `{ DIGEST_BIT_LENGTH: 'digestBits' }`); `ALGORITHM_INSTANCE` names every instance.
   */
  instanceHeaderMacros: Readonly<Record<string, string>>;
}

/** What a campaign asks of the operations it measures: its own message lengths, for categories whose operations take a message. */
export interface CategoryOperationPlan {
  /** Message lengths, bytes, in the campaign's order (`run --sizes`); a category without messages ignores them. */
  messageSizesBytes?: readonly number[];
}

/** The operations of a category, their parameters, and how records and pages name them. */
export interface CategoryOperations {
  /**
   * The operations measured for one instance, in page order (hash: one per guide message length,
   * or per length of `plan.messageSizesBytes` when the campaign names its own, `run --sizes`).
   */
  list(instance: CategoryInstance, plan?: CategoryOperationPlan): readonly OperationIdentity[];
  /**
   * The driver's `--param NAME=VALUE` values of an operation (`op-time`), by the parameter names
   * of the category's C table.
   */
  driverParameters(operation: OperationIdentity): Readonly<Record<string, string>>;
  /** The record file's stem, unique within an instance: `hash_64`, `enc` (records/<id>/<instance>__<stem>.json). */
  fileStem(operation: OperationIdentity): string;
  /** Words for progress lines and page rows: `64 B`, `enc`. */
  label(operation: OperationIdentity): string;
  /** Bytes one call processes, behind per-byte figures (hash: the message length); null when none. */
  bytesPerCall(operation: OperationIdentity): number | null;
}

/** One kind of KAT file of a category (`KAT_2_12`, `KAT_KEM`). */
export interface CategoryKatKind {
  kind: string;
  /** Generated when the user names no kinds. */
  byDefault: boolean;
  /** The file's name for an instance, as the official program names it: `KAT_2_12_sm3.txt`. */
  fileName(instanceName: string): string;
}

/** One record of a KAT file: its fields in file order, as the driver's `op-kat-record` lines give them. */
export interface KatRecordFields {
  index: number;
  fields: readonly { name: string; value: string }[];
}

/** A category's KAT files: their kinds, how they are produced and how their text is written and read. */
export interface CategoryKat {
  kinds: readonly CategoryKatKind[];
  /**
   * Who produces the records: the driver's `op-kat` from the category's C table (`op-kat`), a
   * generator of the KAT package that predates the seam (`kat-package`: hash, until its
   * generator moves behind `op-kat`), or the driver's `pk-kat`, which writes the official
   * KAT_KEM/KAT_SIG/KAT_KEX files of a public-key instance (`pk-kat`: kem, sig, kex).
   */
  producedBy: 'op-kat' | 'kat-package' | 'pk-kat';
  /**
   * `pk-kat` only: where each report item (6) size comes from in that run — the getter the driver
   * called and the output whose written length it noted (@ngcc-perf/native/PROTOCOL.md `pk-kat`).
   */
  sizeSources?: readonly CategorySizeSource[];
  /** The file's text from its records, byte for byte as the official program writes it. */
  formatFile(kind: string, records: readonly KatRecordFields[]): string;
  /** The records of a file's text: the inverse of {@link CategoryKat.formatFile}. */
  parseFile(kind: string, text: string): KatRecordFields[];
}

/** One entry of a `kat.sha256` manifest an instance's KAT files make (the ICCS KAT rules: `<sha256> <mode>[:N] <label>/<file>`). */
export interface CategoryManifestEntry {
  /** The KAT file's name ({@link CategoryKatKind.fileName}). */
  file: string;
  /** `strict` digests the canonical text; `nolen` drops every `*_Len = …` line first. */
  mode: 'strict' | 'nolen';
}

/** One size of report item (6), transmission and storage overhead (guide §3.5; the ICCS public-key API). */
export interface CategorySize {
  /** Stable key: `pk`, `sk`, `ct`, `ss`, `signature`, `messages`… */
  key: string;
  /** Words on the page: `public key`. */
  label: string;
  /** Bytes, or null when the instance does not say (its getter is measured by the driver). */
  bytes: number | null;
}

/**
 * Where one size of report item (6) comes from in a `pk-kat` run: the getter's figure (the meta
 * line's `getters`) and the longest length the calls wrote (the end line's `written`).
 */
export interface CategorySizeSource {
  /** {@link CategorySize.key}: `pk`, `ct`, `signature`, `messages`… */
  key: string;
  label: string;
  /** The getter (`kem_get_pk_len_bytes`), or null when the API has none for it. */
  getter: string | null;
  /**
   * The output's name in the driver's `written` (`pk`, `sn`, `messages`), or several names whose
   * longest length counts (a key exchange's `pka`/`pkb`: one side of a protocol may have no
   * long-term key and write 0 bytes), or null when no call writes it.
   */
  written: string | readonly string[] | null;
  /** The getter gives the largest length and a call may write less (a signature): written ≤ getter agrees. */
  mayBeShorter: boolean;
}

/** One size of report item (6) as measured: the getter's figure beside what the calls wrote. */
export interface MeasuredSize {
  key: string;
  label: string;
  /** Bytes the getter says; null when there is no getter or the run did not reach it. */
  getterBytes: number | null;
  /** The longest length the calls wrote, bytes; null when nothing wrote it. */
  writtenBytes: number | null;
  /** Whether the two agree (equal, or written ≤ getter where {@link CategorySizeSource.mayBeShorter}); null when one is missing. */
  agrees: boolean | null;
}

/** One metric of the published comparison's mean rank (the published comparison pages). */
export interface CategoryRankingMetric {
  id: string;
  label: string;
  /**
   * Whether the metric enters the overall mean rank (default true). A metric that does not is
   * ranked on its own beside it (hash: static image, stack and heap, apart from the published
   * comparison's three cycle figures).
   */
  enters?: boolean;
  /**
   * What is ranked: the headline of an operation (by name, with the parameters that pick one
   * measurement of it, e.g. a message length), an item (6) size by key, or a resource figure of
   * the instance.
   */
  source:
    | { operation: string; parameters?: Readonly<Record<string, OperationParameterValue>> }
    | { size: string }
    | { resource: 'imageBytes' | 'stackHighWaterBytes' | 'heapPeakBytes' };
}

/** A table of a category's page section: header texts and rows of plain cell texts. */
export interface CategoryPageTable {
  caption: string;
  headers: readonly string[];
  /** Per column: right-aligned numbers. */
  numeric: readonly boolean[];
  rows: readonly (readonly string[])[];
}

/** A section of a candidate page the category contributes (the page frame numbers and places it). */
export interface CategoryPageSection {
  id: string;
  heading: string;
  /**
   * The guide §3.5 report item the section belongs to: 4 (performance) or 6 (transmission and
   * storage overhead); the page frame numbers it so and places it among its own items (1)–(3),
   * (5) and (7). Absent: item 4.
   */
  item?: 4 | 6;
  paragraphs: readonly string[];
  tables: readonly CategoryPageTable[];
}

/** The measured figures a category's sections are built from, one per instance × operation. */
export interface CategoryPageInput {
  instances: readonly CategoryInstance[];
  operations: readonly {
    instance: string;
    operation: OperationIdentity;
    /** The headline figure in counter ticks per call (`derived.headline`); null when not measured. */
    headline: { medianTicks: number; lowTicks: number | null; highTicks: number | null } | null;
    /**
     * Failed attempts the timed calls retried (a signature's sign), summed over the trials, and
     * the timed calls they fell in (records' `processes[].trial.retries`); absent when the
     * driver counts none for the category.
     */
    retries?: { attempts: number; calls: number };
    /**
     * The record's other guide §3.5 item (4) figures as every page writes them, formatted by the
     * page frame (one number format for all categories): mean ticks per call (`derived.meanCycles`),
     * mean time per call (`derived.meanSeconds`), calls per second (`derived.opsPerSecond`) and
     * `n (trials × iterations)`; null when not measured, absent when the page frame does not give them.
     */
    cells?: { meanTicks: string; meanTime: string; opsPerSecond: string; calls: string } | null;
  }[];
  /** What a tick is on this run: `cycles` (a core-cycle counter) or `ticks`. */
  counterTerm: 'cycles' | 'ticks';
  /**
   * Report item (6) per instance name, as the KAT run measured them (build.json instance `sizes`:
   * the getter's bytes beside the bytes written, and whether they agree); absent when the category has none.
   */
  sizes?: Readonly<Record<string, readonly MeasuredSize[]>>;
}

/** The parts of a page only the category can say. */
export interface CategoryPages {
  /** Heading of the category's part of the system index and summary: `Hash functions`. */
  title: string;
  /**
   * Guide §3.5 item (1)'s words for the category, as the published pages name it: its kind of
   * algorithm (`public-key algorithm`) and its function (`key encapsulation`); absent: the id.
   */
  classification?: { category: string; function: string };
  /** The candidate page's category sections (guide §3.5 items (4) and (6) as the category has them). */
  sections(input: CategoryPageInput): readonly CategoryPageSection[];
}

/**
 * One operation the constant-time audit runs (the engine's `ct` phase, `runOperationCt` of
 * @ngcc-perf/ct): which operation, which of its buffers are secret (as the driver's table names
 * its kept inputs: `sk`, `ska`, `skb`, a key-exchange side's state `sta`, `stb`; `drng`, the DRNG's state, so that its output is secret too),
 * and in words what is secret and what is public, for the page.
 */
export interface CategoryConstantTimeOperation {
  operation: OperationIdentity;
  secrets: readonly string[];
  /** Buffers whose copies inside a secret one are public (`pk`: a secret key that embeds its public key). */
  publicInside?: readonly string[];
  /** E.g. "the secret key; the ciphertext is the attacker's input, public". */
  description: string;
  /**
   * The timing test's classes in words, for the record and the page: what the fixed class holds
   * and what the random class draws (e.g. "fixed: one key pair and its own ciphertext; random: …").
   */
  timingClasses: string;
}

/** What a category audits for constant time ({@link AlgorithmCategory.constantTime}). */
export interface CategoryConstantTime {
  operations: readonly CategoryConstantTimeOperation[];
  /** What the audit does not cover, said on the page (e.g. a state the driver cannot mark). */
  limits: readonly string[];
}

/**
 * Everything category-specific, in one place (https://github.com/ngcc-perf/ngcc-perf/blob/main/docs/ARCHITECTURE.md#categories): the engine,
 * the driver boundary, the record contract, the statistics and the page frame ask a category
 * these questions and know no category themselves. A category is registered once
 * (`@ngcc-perf/categories`), or handed to a registry by a script or a test
 * ({@link createCategoryRegistry}).
 */
export interface AlgorithmCategory {
  /** The category's id: the driver's CATEGORY, `operation.category` of records (`hash`, `kem`). */
  id: string;
  driver: CategoryDriverTable;
  api: CategoryApi;
  operations: CategoryOperations;
  kat: CategoryKat;
  /** Manifest entries of an instance's KAT files. */
  manifestEntries(instance: CategoryInstance): readonly CategoryManifestEntry[];
  /** Report item (6) of an instance; empty when the category has none (hash: guide §3.5 asks it of public key only). */
  sizes(instance: CategoryInstance): readonly CategorySize[];
  pages: CategoryPages;
  /** The metrics of the category's ranking, in the published comparison's order. */
  rankingMetrics: readonly CategoryRankingMetric[];
  /**
   * How the engine drives the category's instances. `dedicated`: the category predates the seam
   * and keeps the driver's own subcommands for it (`time`, `kat`, `memory`, `count`, `ct-*`: its
   * instance's parameters and the operation's bytes per call as arguments) and its records their
   * own form (@ngcc-perf/record/docs/RUN-DIRECTORY.md), so that its KAT logs, records and pages stay what they
   * were. Absent or `generic`: `op-kat`/`pk-kat`, `op-time` and generic records. Ask it with
   * {@link usesDedicatedDriverCommands}.
   */
  driverCommands?: 'generic' | 'dedicated';
  /**
   * The operations the constant-time audit runs with their secret buffers marked (`runOperationCt`
   * of @ngcc-perf/ct). Absent: the category has no constant-time harness (the dedicated hash
   * category keeps its own, the message as secret).
   */
  constantTime?: CategoryConstantTime;
  /**
   * The claimed security target of an instance in bits (the published comparison: rankings are per target),
   * or null when the instance does not say.
   */
  securityTargetBits(instance: CategoryInstance): number | null;
  /**
   * The claimed security target of an instance with the evidence it rests on (bundled data with its
   * source, the instance header, the instance's name), for the rankings per target; null when
   * nothing says it (the instance is then listed apart, never guessed). Absent: the rankings take
   * {@link AlgorithmCategory.securityTargetBits} and call its source "the category".
   */
  securityTarget?(instance: IdentifiedInstance): SecurityTarget | null;
  /**
   * Instance parameters its KAT run establishes from the getters' figures (by function name, the
   * `pk-kat` meta line's `getters`): a key exchange's `passes` from `kex_get_passes_num`. The
   * engine merges them into the instance's parameters (build.json `parameters`) before the
   * operations are listed for timing, so that what the library says it is decides what is timed.
   * Absent: the getters establish nothing.
   */
  parametersFromGetters?(getters: Readonly<Record<string, number>>): Readonly<Record<string, InstanceParameterValue>>;
}

/** An instance with the candidate it belongs to, as the rankings look its security target up. */
export interface IdentifiedInstance extends CategoryInstance {
  /** The candidate id (`kem-02`), when known. */
  candidate?: string;
  /** The candidate's algorithm name (`Amoeba`), when known: a package unpacked under another id is still found by it. */
  algorithm?: string;
}

/** A claimed security target and the evidence for it ({@link AlgorithmCategory.securityTarget}). */
export interface SecurityTarget {
  bits: number;
  /** Where the figure comes from, in words a page prints: `bundled data: …`, `its instance header`, `its name`. */
  source: string;
  /**
   * True when the bundled data say that the published comparison ranks this parameter set for its
   * candidate at this target (its recommended set there); false or absent otherwise.
   */
  publishedRepresentative?: boolean;
}

/**
 * True when the engine takes the category's instances through the driver's dedicated subcommands
 * and writes its records in the category's own form ({@link AlgorithmCategory.driverCommands}).
 * The one place the engine tells the two paths apart.
 * @example
 * if (usesDedicatedDriverCommands(operation.category)) return measureCallMemory(…);
 */
export function usesDedicatedDriverCommands(category: Pick<AlgorithmCategory, 'driverCommands'>): boolean {
  return category.driverCommands === 'dedicated';
}
