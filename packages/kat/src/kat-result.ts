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
  /** Wall-clock seconds to run the driver (messages, CryptHash calls), format the text and judge it. */
  seconds: number;
  /** CryptHash calls the driver made for this file, repeats included. */
  cryptHashCalls: number;
  /** Seconds spent inside CryptHash, summed over those calls. */
  cryptHashSeconds: number;
  /** Seconds the driver spent drawing DRNG output. */
  drbgSeconds: number;
  /** Which calls were made twice to catch a nondeterministic library: every one, the first and last, or none. */
  repeat: 'all' | 'ends' | 'none';
  /** Peak RSS of the driver process, in bytes, or null. */
  peakRssBytes: number | null;
  /** True when test-only sizes were used (the file matches no official manifest). */
  testSizes: boolean;
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
  /**
   * One line explaining anything but PASS (for build.json's `katDetail`); null for PASS. Paths in
   * it are shown as in the log (`logPathsRelativeTo`, `logHeader.library` of `runKat`).
   */
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
      /** 1-based number of the first record that differs. */
      record: number;
      /** Its first differing field (e.g. `Dst`), or `(record)` when one file has fewer records. */
      field: string;
      /** That field's line in the generated file (0 when the generated file ended first). */
      line: number;
      /** Its line in the submitted file (0 when it ended first). */
      expectedLine: number;
      /** The submitted value (hex as written), `<key> = <value>` when the keys differ, or `<end of file>`. */
      expected: string;
      /** The generated value, in the same form. */
      actual: string;
    }
  | {
      verdict: 'MISMATCH';
      /** Two calls on the same message gave different digests: no fixed known answer can match. */
      reference: 'repeat';
      file: string;
      /** The record whose message was hashed twice (0-based as the driver counts: Msg_Len for KAT_2_12). */
      index: number;
      /** The KAT_Loop step, or null. */
      iteration: number | null;
      messageBits: number;
      /** The first digest (upper-case hex). */
      expected: string;
      /** The second digest. */
      actual: string;
    }
  | { verdict: 'NOKAT'; /** Generated files with neither a manifest entry nor a submitted file. */ missing: string[] }
  | {
      verdict: 'CRYPTOFAIL';
      file: string;
      /** Length of the message whose call returned non-zero. */
      messageBits: number;
      returnCode: number | null;
      /** The record (0-based as the driver counts: Msg_Len for KAT_2_12), and the KAT_Loop step or null. */
      index: number;
      iteration: number | null;
    }
  | {
      verdict: 'OVERFLOW';
      file: string;
      messageBits: number;
      /** Which buffer: `message-content` means the library wrote into its (const) input message. */
      buffer: 'digest' | 'message' | 'message-content' | null;
      index: number;
      iteration: number | null;
    }
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
