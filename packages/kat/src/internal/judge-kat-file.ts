import { canonicalDigest } from '../canonical-digest.js';
import { findManifestEntry, findManifestEntryByDigest, findManifestEntryBySpelling } from '../find-manifest-entry.js';
import type { KatVerdictFields } from '../kat-result.js';
import { parseKatFile } from '../parse-kat-file.js';
import type { KatManifest, KatManifestEntry } from '../parse-manifest.js';
import { compareKatRecords } from './compare-kat-records.js';
import { loadSubmittedKat } from './load-references.js';

type MismatchFields = Extract<KatVerdictFields, { verdict: 'MISMATCH' }>;

/** How a generated file compares with its reference. */
export interface KatFileJudgement {
  canonicalSha256: string;
  manifestEntry: KatManifestEntry | null;
  comparedSha256: string | null;
  katFilePath: string | null;
  matched: boolean | null;
  /** Verdict fields when the file does not match (without the KatResultBase fields). */
  mismatch: MismatchFields | null;
}

/**
 * Compares a generated KAT text with the manifest entry for `<label>/<file>` (or `<file>`); when
 * the manifest names none, with the entry of the same KAT kind whose digest the text reproduces
 * (any label spelling), else with the entry whose label is `label` spelled another way, else with
 * the entry of `twinLabel` (the reference twin of the same digest length); when the manifest has
 * none of those, record by record with the submitted file `<katDir>/<file>` (the ICCS KAT rules: a manifest
 * entry takes precedence over a submitted KAT file).
 */
export async function judgeKatFile(
  text: string,
  file: string,
  manifest: KatManifest | null,
  label: string,
  katDir: string | undefined,
  twinLabel?: string,
): Promise<KatFileJudgement> {
  const canonicalSha256 = canonicalDigest(text, { mode: 'strict' });
  const twinFile =
    twinLabel === undefined ? undefined : file.replace(/^(KAT_(?:2_12|2_23|2_33|Loop))_.*$/, `$1_${twinLabel}.txt`);
  const entry =
    manifest === null
      ? undefined
      : (findManifestEntry(manifest, label, file) ??
        findManifestEntryByDigest(manifest, file, canonicalSha256) ??
        findManifestEntryBySpelling(manifest, label, file) ??
        (twinLabel === undefined || twinFile === undefined
          ? undefined
          : (findManifestEntry(manifest, twinLabel, twinFile) ??
            findManifestEntryBySpelling(manifest, twinLabel, twinFile))));
  if (entry !== undefined) {
    const plain = entry.mode === 'strict' && entry.recordLimit === undefined;
    const compared = plain
      ? canonicalSha256
      : canonicalDigest(text, { mode: entry.mode, recordLimit: entry.recordLimit });
    const matched = compared === entry.digest;
    return {
      canonicalSha256,
      manifestEntry: entry,
      comparedSha256: compared,
      katFilePath: null,
      matched,
      mismatch: matched
        ? null
        : {
            verdict: 'MISMATCH',
            reference: 'manifest',
            file,
            manifestLine: entry.line,
            expected: entry.digest,
            actual: compared,
          },
    };
  }
  const submitted = await loadSubmittedKat(katDir, file);
  if (submitted === null) {
    return {
      canonicalSha256,
      manifestEntry: null,
      comparedSha256: null,
      katFilePath: null,
      matched: null,
      mismatch: null,
    };
  }
  const difference = compareKatRecords(parseKatFile(submitted.text, submitted.path), parseKatFile(text, file));
  return {
    canonicalSha256,
    manifestEntry: null,
    comparedSha256: null,
    katFilePath: submitted.path,
    matched: difference === null,
    mismatch:
      difference === null
        ? null
        : {
            verdict: 'MISMATCH',
            reference: 'kat-file',
            file,
            record: difference.record,
            field: difference.field,
            line: difference.actualLine,
            expectedLine: difference.expectedLine,
            expected: difference.expected,
            actual: difference.actual,
          },
  };
}
