import { katVerdictSchema } from '@ngcc-perf/record';
import type { BuildInstance } from '@ngcc-perf/record';
import { pickExtra } from './extra-fields.js';
import { ANCHOR_RECORD_SCHEMA, ANCHOR_TOOL } from './import-types.js';
import type { AnchorBuildEntry, AnchorCampaign } from './anchor-campaign-schema.js';
import type { AnchorRecord } from './anchor-record-schema.js';
import type { ImportedBuildInstance } from './import-types.js';
import type { KatLogHeader } from './kat-log-header.js';

/** What the mapping of one build.json entry needs besides the entry. */
export interface BuildEntryEvidence {
  /** The entry's key in the anchor's build.json, `<candidate>/<label>`. */
  key: string;
  /** The entry exactly as parsed. */
  raw: Record<string, unknown>;
  entry: AnchorBuildEntry;
  /** Header of the entry's KAT log, when the dataset holds it. */
  katHeader: KatLogHeader | null;
  /** The algorithm named by any KAT log of the same candidate. */
  candidateAlgorithm: string | null;
  /** The entry's records in the dataset. */
  records: readonly AnchorRecord[];
  campaign: AnchorCampaign;
}

/** ngcc-perf's implementation versions for the anchor's variants (guide §3.2). */
function mapVariant(variant: string): BuildInstance['variant'] | null {
  if (variant === 'reference' || variant === 'iccs-baseline') return 'reference';
  if (variant.startsWith('optimized')) return 'performance';
  return null;
}

function digestBitsOf(evidence: BuildEntryEvidence): number | null {
  const fromLog = evidence.katHeader?.fields.get('digest_bits');
  if (fromLog !== undefined && /^\d+$/.test(fromLog) && Number(fromLog) > 0) return Number(fromLog);
  for (const record of evidence.records) {
    const bytes =
      record.sizes?.digest_bytes ??
      Number(record.processes.find((entry) => entry.meta?.digest_bytes !== undefined)?.meta?.digest_bytes);
    if (typeof bytes === 'number' && bytes > 0) return bytes * 8;
  }
  return null;
}

function buildFlagsOf(evidence: BuildEntryEvidence): string {
  for (const record of evidence.records) {
    const flags =
      record.build_flags ?? record.processes.find((entry) => entry.meta?.build_flags !== undefined)?.meta?.build_flags;
    if (typeof flags === 'string') return flags;
  }
  const { arch_config: arch, harness_additions: additions } = evidence.campaign;
  if (evidence.entry.flags === 'guide' && arch !== undefined)
    return [arch.reference, additions].filter((part) => part !== undefined).join(' ');
  return '';
}

function katDetailOf(evidence: BuildEntryEvidence): string | null {
  const { entry, katHeader } = evidence;
  if (entry.kat === 'PASS') return null;
  const parts: string[] = [];
  if (entry.guide_result !== undefined && entry.guide_result !== entry.kat) {
    parts.push(
      `${entry.guide_result} with the guide's flags, then ${entry.kat} rebuilt with the flags "${entry.flags}"`,
    );
  }
  if (katHeader?.result?.detail) parts.push(katHeader.result.detail);
  return parts.length > 0
    ? parts.join('; ')
    : `verdict recorded by the ngcc-harness${entry.kat_log ? '; see the KAT log' : ', which kept no KAT log'}`;
}

/**
 * Maps one anchor build.json entry to an ngcc-perf `build.json` instance (docs/IMPORT.md): the
 * label becomes the instance name, the algorithm and category come from the KAT log header
 * (`algorithm`, `type`; the anchor's build.json has neither), the digest length from the log's
 * `digest_bits` or the records' `sizes.digest_bytes`, the build flags from the records' META.
 * The KAT log path follows the run-directory layout. `library` is null: the dataset does not hold
 * the libraries (their SHA-256 stays in `librarySha256`, the anchor's path, relative to its
 * repository, in `extra.library`).
 *
 * @returns the instance, or the reason it cannot be written in format 1 (a verdict ngcc-perf
 *   does not know, such as `BUILDFAIL`; an unknown variant; no digest length or algorithm)
 * @example
 * ```ts
 * const mapped = mapBuildInstance(evidence);
 * if ('reason' in mapped) console.warn(mapped.reason);
 * ```
 */
export function mapBuildInstance(
  evidence: BuildEntryEvidence,
): { instance: ImportedBuildInstance } | { reason: string } {
  const { entry, raw, key } = evidence;
  const verdict = katVerdictSchema.safeParse(entry.kat);
  if (!verdict.success)
    return {
      reason: `KAT verdict "${entry.kat}" has no ngcc-perf equivalent (${katVerdictSchema.options.join(', ')})`,
    };
  const variant = mapVariant(entry.variant);
  if (variant === null) return { reason: `variant "${entry.variant}" has no ngcc-perf equivalent` };
  const digestBits = digestBitsOf(evidence);
  if (digestBits === null) return { reason: 'neither its KAT log nor its records give the digest length' };
  const algorithm = evidence.katHeader?.fields.get('algorithm') ?? evidence.candidateAlgorithm;
  if (algorithm === null || algorithm === '') return { reason: 'no KAT log of its candidate names the algorithm' };
  const katLog = entry.kat_log ? `kat/${entry.candidate}/${entry.label}.log` : null;
  const consumed = ['candidate', 'label', 'flags', 'kat', 'library_sha256', 'elf_load_bytes', 'kat_log_sha256'];
  if (entry.variant === variant) consumed.push('variant');
  if (entry.kat_log === katLog) consumed.push('kat_log');
  const instance: ImportedBuildInstance = {
    candidate: entry.candidate,
    algorithm,
    category: evidence.katHeader?.fields.get('type') ?? entry.candidate.split('-')[0]!,
    instance: entry.label,
    variant,
    digestBits,
    flags: entry.flags,
    buildFlags: buildFlagsOf(evidence),
    library: null,
    librarySha256: entry.library_sha256 ?? null,
    imageBytes: entry.elf_load_bytes ?? null,
    kat: verdict.data,
    katDetail: katDetailOf(evidence),
    katLog,
    katLogSha256: entry.kat_log_sha256 ?? null,
    origin: { tool: ANCHOR_TOOL, schema: ANCHOR_RECORD_SCHEMA, file: 'build.json', key },
    extra: pickExtra(raw, consumed),
  };
  return { instance };
}
