import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { IntakeError } from './intake-error.js';
import { zipEntryName } from './zip-entry-name.js';

/** Limits of {@link extractZipArchive}; defaults in {@link ZIP_EXTRACTION_LIMITS}. */
export interface ZipExtractionLimits {
  /** Most bytes all entries may expand to together. */
  maxTotalBytes: number;
  /** Most entries (files and folders). */
  maxEntries: number;
  /** Largest uncompressed/compressed ratio of one entry over 1 MiB (a zip bomb has thousands). */
  maxEntryRatio: number;
}

/**
 * Default limits: 8 GiB in all, 200 000 entries, a ratio of 200 (the largest official package,
 * 205.7 MB zipped, holds PDFs, sources and KAT files, which compress far less).
 * @example
 * ZIP_EXTRACTION_LIMITS.maxEntryRatio; // 200
 */
export const ZIP_EXTRACTION_LIMITS: ZipExtractionLimits = {
  maxTotalBytes: 8 * 1024 ** 3,
  maxEntries: 200_000,
  maxEntryRatio: 200,
};

/** What {@link extractZipArchive} extracted. */
export interface ZipExtractionResult {
  /** Absolute path of the folder the entries were written into. */
  directory: string;
  /** SHA-256 of the archive file, 64 lower-case hex. */
  archiveSha256: string;
  archiveBytes: number;
  /** Files written. */
  fileCount: number;
  /** Bytes written. */
  extractedBytes: number;
}

const UNIX_TYPE_MASK = 0o170000;
const UNIX_TYPES: Record<number, string> = {
  0o120000: 'a symbolic link',
  0o020000: 'a character device',
  0o060000: 'a block device',
  0o010000: 'a named pipe',
  0o140000: 'a socket',
};

function refuse(archive: string, detail: string, cause?: unknown): IntakeError {
  return new IntakeError(
    'ARCHIVE_UNSAFE',
    `${archive}: ${detail}. Nothing from this archive is measured; unpack it by hand after checking it, or ask its author for a clean one.`,
    cause === undefined ? undefined : { cause },
  );
}

/** SHA-256 of a file, streamed. */
export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

function openZip(archive: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(
      archive,
      { lazyEntries: true, decodeStrings: true, validateEntrySizes: true, autoClose: true },
      (error, zip) => {
        if (error || !zip)
          reject(
            refuse(
              archive,
              `not a readable zip archive (${error?.message ?? 'no archive'}); it may be truncated`,
              error,
            ),
          );
        else resolve(zip);
      },
    );
  });
}

/**
 * The path an entry name writes to, relative to the extraction folder: `./x`, `x/`, `a//x` and `x`
 * (in any Unicode normalization form) all write `x`.
 */
function extractedPath(name: string): string {
  return path.posix.normalize(name.normalize('NFC')).replace(/\/+$/, '');
}

function entryProblem(entry: yauzl.Entry, seen: Map<string, string>, limits: ZipExtractionLimits): string | null {
  const name = entry.fileName;
  const type = UNIX_TYPES[(entry.externalFileAttributes >>> 16) & UNIX_TYPE_MASK];
  if (type !== undefined) return `entry "${name}" is ${type}; only files and folders are extracted`;
  const key = extractedPath(name);
  const first = seen.get(key);
  if (first !== undefined) {
    return first === name
      ? `entry "${name}" appears twice in the archive`
      : `entry "${name}" appears twice in the archive: it is the path of entry "${first}" before it`;
  }
  seen.set(key, name);
  if (
    entry.uncompressedSize > 1024 ** 2 &&
    entry.uncompressedSize > limits.maxEntryRatio * Math.max(1, entry.compressedSize)
  ) {
    return `entry "${name}" expands ${entry.compressedSize} bytes to ${entry.uncompressedSize} (over ${limits.maxEntryRatio}× : a zip bomb)`;
  }
  return null;
}

/**
 * Extracts a `.zip` archive into `destination` (created; it must not exist yet) with yauzl, refusing
 * anything that could write outside it or exhaust the disk: entries with `../` or absolute paths,
 * symbolic links, device files, pipes and sockets, duplicate names, an entry that expands more than
 * {@link ZipExtractionLimits.maxEntryRatio} times, more than `maxTotalBytes` in all, or a truncated
 * or corrupt archive (the sizes of every entry are checked against its header). Entries are written
 * into a temporary sibling folder renamed into place at the end, so a refused archive leaves nothing.
 * @param archive - path of the `.zip` file
 * @param destination - folder to create for its entries
 * @throws {@link IntakeError} `ARCHIVE_UNSAFE` naming the archive and the entry.
 * @example
 * const { directory, archiveSha256 } = await extractZipArchive('submissions/Litchi.zip', 'runs/x86_1/packages/Litchi');
 */
export async function extractZipArchive(
  archive: string,
  destination: string,
  limits: ZipExtractionLimits = ZIP_EXTRACTION_LIMITS,
): Promise<ZipExtractionResult> {
  const archiveBytes = (await stat(archive)).size;
  const archiveSha256 = await sha256OfFile(archive);
  const target = path.resolve(destination);
  const staging = `${target}.${process.pid}.partial`;
  const zip = await openZip(archive);
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  let fileCount = 0;
  let extractedBytes = 0;
  let current: string | null = null;
  let inFlight: Promise<unknown> = Promise.resolve();
  try {
    await new Promise<void>((resolve, reject) => {
      const seen = new Map<string, string>();
      let entries = 0;
      const fail = (error: unknown) => {
        zip.close();
        reject(error);
      };
      zip.on('error', (error: Error) => {
        const named = error.message.replace(
          /^(invalid relative path|absolute path): (.*)$/,
          'entry "$2" leaves the extraction folder ($1)',
        );
        const where = current === null ? 'the first entry' : `the entry after "${current}"`;
        fail(
          refuse(
            archive,
            named === error.message ? `${where}: ${error.message}; the archive may be truncated or corrupt` : named,
            error,
          ),
        );
      });
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        entries += 1;
        entry.fileName = zipEntryName(entry);
        current = entry.fileName;
        if (entries > limits.maxEntries)
          return fail(refuse(archive, `more than ${limits.maxEntries} entries (at "${entry.fileName}")`));
        const problem = entryProblem(entry, seen, limits);
        if (problem !== null) return fail(refuse(archive, problem));
        const output = path.resolve(staging, entry.fileName);
        if (output !== staging && !output.startsWith(staging + path.sep)) {
          return fail(refuse(archive, `entry "${entry.fileName}" leaves the extraction folder`));
        }
        if (entry.fileName.endsWith('/')) {
          inFlight = mkdir(output, { recursive: true }).then(() => zip.readEntry(), fail);
          return;
        }
        extractedBytes += entry.uncompressedSize;
        if (extractedBytes > limits.maxTotalBytes) {
          return fail(
            refuse(
              archive,
              `entries expand to more than ${limits.maxTotalBytes} bytes (at "${entry.fileName}"): a zip bomb`,
            ),
          );
        }
        zip.openReadStream(entry, (error, stream) => {
          if (error || !stream)
            return fail(
              refuse(archive, `entry "${entry.fileName}" cannot be read (${error?.message ?? 'no data'})`, error),
            );
          stream.on('error', (cause: Error) =>
            fail(
              refuse(
                archive,
                `entry "${entry.fileName}": ${cause.message}; the archive may be truncated or corrupt`,
                cause,
              ),
            ),
          );
          inFlight = mkdir(path.dirname(output), { recursive: true })
            .then(() => pipeline(stream, createWriteStream(output, { flags: 'wx', mode: 0o644 })))
            .then(() => {
              fileCount += 1;
              zip.readEntry();
            })
            .catch((cause: unknown) =>
              fail(
                refuse(
                  archive,
                  `entry "${entry.fileName}" cannot be extracted (${(cause as Error).message}); the archive may be truncated or corrupt`,
                  cause,
                ),
              ),
            );
        });
      });
      zip.readEntry();
    });
    await rm(target, { recursive: true, force: true });
    await rename(staging, target);
  } catch (error) {
    await inFlight.catch(() => undefined);
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  return { directory: target, archiveSha256, archiveBytes, fileCount, extractedBytes };
}
