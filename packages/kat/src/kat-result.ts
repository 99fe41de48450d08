import type { KatFileKind } from './kat-messages.js';
import type { KatManifestEntry } from './parse-manifest.js';

/** What happened to one generated KAT file. */
export interface KatFileResult {
  kind: KatFileKind;
  /** File name, e.g. `KAT_2_12_sm3.txt`. */
  file: string;
  /** Where the file was written (`outDir` joined with the name), or null when not written. */
  path: string | null;
  /** Size of the generated text in bytes. */
  bytes: number;
  /** Wall-clock seconds to generate the messages, hash them in the driver and format the text. */
  seconds: number;
  /** SHA-256 of the strict canonical form (the digest a regenerated manifest would list). */
  canonicalSha256: string;
  /** The manifest entry compared with, or null. */
  manifestEntry: KatManifestEntry | null;
  /** Our digest in the manifest entry's mode and record limit (equals canonicalSha256 for plain `strict`), or null. */
  comparedSha256: string | null;
  /** The submitted KAT file compared with (used when the manifest has no entry), or null. */
  katFilePath: string | null;
  /** True when the reference matched, false when it did not, null when there was none. */
  matched: boolean | null;
}

/** Fields every {@link KatResult} has. */
export interface KatResultBase {
  candidateId: string;
  /** Instance name. */
  instance: string;
  /** Library path as given. */
  library: string;
  digestBits: number;
  /** One line explaining anything but PASS (for build.json's `katDetail`); null for PASS. */
  detail: string | null;
  /** The files that were generated completely, in order. */
  files: KatFileResult[];
  /** The KAT log text ({@link renderKatLog}). */
  logText: string;
  /** SHA-256 of the log's UTF-8 bytes, 64 lower-case hex. */
  logSha256: string;
}

/**
 * The verdict-specific fields of a {@link KatResult}, tagged by `verdict`.
 * `file` names the KAT file the failure happened in.
 */
export type KatVerdictFields =
    | { verdict: 'PASS' }
    | {
        verdict: 'MISMATCH';
        reference: 'manifest';
        file: string;
        /** Line of the manifest entry. */
        manifestLine: number;
        /** Manifest digest. */
        expected: string;
        /** Our digest in the entry's mode. */
        actual: string;
      }
    | {
        verdict: 'MISMATCH';
        reference: 'kat-file';
        file: string;
        /** First differing line, numbered in the generated file (0 when the generated file ended first). */
        line: number;
        /** The same line, numbered in the submitted file (0 when it ended first). */
        expectedLine: number;
        /** Submitted line text after canonicalisation, or `<end of file>`. */
        expected: string;
        /** Generated line text after canonicalisation, or `<end of file>`. */
        actual: string;
      }
    | { verdict: 'NOKAT'; /** Generated files with neither a manifest entry nor a submitted file. */ missing: string[] }
    | { verdict: 'CRYPTOFAIL'; file: string; messageBits: number; returnCode: number | null }
    | { verdict: 'OVERFLOW'; file: string; messageBits: number; buffer: 'digest' | 'message' | 'message-content' | null }
    | { verdict: 'LOADFAIL'; file: string }
    | { verdict: 'TIMEOUT'; file: string; timeoutSeconds: number }
    | {
        verdict: 'CRASH';
        file: string;
        /** Signal name such as `SIGSEGV`; null when the driver exited with an undocumented code. */
        signal: string | null;
        /** The driver's exit code when no signal killed it. */
        processExitCode: number | null;
        /** Length of the message being hashed, when known. */
        messageBits: number | null;
      };

/**
 * The outcome of {@link runKat}: the common fields and a union tagged by `verdict`, so a caller
 * handles each case.
 *
 * @example
 * ```ts
 * if (result.verdict === 'MISMATCH' && result.reference === 'kat-file') console.log(result.file, result.line);
 * ```
 */
export type KatResult = KatResultBase & KatVerdictFields;
