// Hostile archives: every way a zip could write outside its extraction folder or exhaust the
// disk is refused with a message naming the entry, and nothing is left behind.
import { afterAll, describe, expect, test } from '@jest/globals';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import iconv from 'iconv-lite';
import { extractZipArchive } from '../src/extract-zip-archive.js';
import { IntakeError } from '../src/intake-error.js';
import { writeRawZip, type RawZipEntry } from './support/raw-zip.js';

const work = mkdtempSync(path.join(tmpdir(), 'archive-safety-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function archiveOf(name: string, entries: RawZipEntry[] | Buffer): string {
  const file = path.join(work, `${name}.zip`);
  writeFileSync(file, Buffer.isBuffer(entries) ? entries : writeRawZip(entries));
  return file;
}

/** Extracts into <case>/run/packages/<name> and returns the error, checking nothing was written anywhere. */
async function refusal(name: string, entries: RawZipEntry[] | Buffer): Promise<IntakeError> {
  const archive = archiveOf(name, entries);
  const root = path.join(work, name);
  mkdirSync(path.join(root, 'run', 'packages'), { recursive: true });
  const error = await extractZipArchive(archive, path.join(root, 'run', 'packages', name)).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(IntakeError);
  expect((error as IntakeError).code).toBe('ARCHIVE_UNSAFE');
  expect(readdirSync(root)).toEqual(['run']);
  expect(readdirSync(path.join(root, 'run', 'packages'))).toEqual([]);
  return error as IntakeError;
}

const source = { name: 'Toy/Reference_Implementation/toy.c', data: 'int toy(void) { return 1; }\n' };

describe('extractZipArchive', () => {
  test('extracts files and folders, UTF-8 names and spaces, and gives the archive SHA-256', async () => {
    const entries = [
      { name: 'Toy/' },
      { name: 'Toy/中文资料/说明.txt', data: 'x' },
      { name: 'Toy/Impl and Vectors/a.c', data: 'int a;\n', deflate: true },
    ];
    const archive = archiveOf('good', entries);
    const result = await extractZipArchive(archive, path.join(work, 'good-out'));
    expect(result.archiveSha256).toBe(createHash('sha256').update(readFileSync(archive)).digest('hex'));
    expect(result.fileCount).toBe(2);
    expect(readFileSync(path.join(work, 'good-out', 'Toy', 'Impl and Vectors', 'a.c'), 'utf8')).toBe('int a;\n');
    expect(readFileSync(path.join(work, 'good-out', 'Toy', '中文资料', '说明.txt'), 'utf8')).toBe('x');
  });

  test('a UTF-8 name stored without the UTF-8 flag (Info-ZIP zip) keeps its spelling; other bytes stay CP437', async () => {
    const archive = archiveOf('no-flag', [
      { name: 'Toy/3 实现代码/', noUtf8Flag: true },
      { name: 'Toy/3 实现代码/toy.c', data: 'int toy;\n', noUtf8Flag: true },
      { name: 'Toy/legacy.txt', nameBytes: Buffer.from('Toy/\x80\xff.txt', 'latin1'), data: 'x', noUtf8Flag: true },
    ]);
    const extracted = await extractZipArchive(archive, path.join(work, 'no-flag-out'));
    expect(readFileSync(path.join(extracted.directory, 'Toy', '3 实现代码', 'toy.c'), 'utf8')).toBe('int toy;\n');
    expect(readdirSync(path.join(extracted.directory, 'Toy')).sort()).toEqual(['3 实现代码', 'Ç\u00a0.txt']);
  });

  test('a GBK name without the UTF-8 flag (a Chinese Windows archiver) is read as GBK, not CP437; a CP437 name stays CP437', async () => {
    const gbk = (name: string) => iconv.encode(name, 'gbk');
    const archive = archiveOf('gbk', [
      { name: 'Toy/東方/', nameBytes: gbk('Toy/東方/'), noUtf8Flag: true },
      { name: 'Toy/東方/实现.c', nameBytes: gbk('Toy/東方/实现.c'), data: 'int toy;\n', noUtf8Flag: true },
      { name: 'Toy/Résumé.txt', nameBytes: Buffer.from('Toy/R\x82sum\x82.txt', 'latin1'), data: 'x', noUtf8Flag: true },
    ]);
    const extracted = await extractZipArchive(archive, path.join(work, 'gbk-out'));
    // CP437 would have made 東方 "û|╖╜", a folder name with a "|" that no build can use
    expect(readdirSync(path.join(extracted.directory, 'Toy')).sort()).toEqual(['Résumé.txt', '東方']);
    expect(readFileSync(path.join(extracted.directory, 'Toy', '東方', '实现.c'), 'utf8')).toBe('int toy;\n');
  });

  test('refuses an entry that climbs out with ../', async () => {
    const error = await refusal('climb', [source, { name: 'Toy/../../evil.c', data: 'x' }]);
    expect(error.message).toContain('entry "Toy/../../evil.c" leaves the extraction folder');
  });

  test('refuses an absolute entry path', async () => {
    const error = await refusal('absolute', [{ name: '/tmp/evil.c', data: 'x' }]);
    expect(error.message).toContain('entry "/tmp/evil.c" leaves the extraction folder');
  });

  test('refuses a symbolic link', async () => {
    const error = await refusal('symlink', [source, { name: 'Toy/link', data: '/etc/passwd', mode: 0o120777 }]);
    expect(error.message).toContain('entry "Toy/link" is a symbolic link');
  });

  test('refuses a device file', async () => {
    const error = await refusal('device', [{ name: 'Toy/null', mode: 0o020644 }]);
    expect(error.message).toContain('entry "Toy/null" is a character device');
  });

  test('refuses a path that appears twice under two spellings, naming both (./x after x was "may be truncated or corrupt")', async () => {
    const error = await refusal('duplicate-spelling', [source, { ...source, name: `./${source.name}` }]);
    expect(error.message).toContain(
      `entry "./${source.name}" appears twice in the archive: it is the path of entry "${source.name}" before it`,
    );
    expect(error.message).not.toMatch(/truncated or corrupt/);
  });

  test('refuses a name that appears twice', async () => {
    const error = await refusal('duplicate', [source, { ...source, data: 'int toy(void) { return 2; }\n' }]);
    expect(error.message).toContain(`entry "${source.name}" appears twice`);
  });

  test('refuses a zip bomb (16 MiB of zeros in a few KiB)', async () => {
    const error = await refusal('bomb', [
      source,
      { name: 'Toy/KAT_2_12_toy.txt', data: Buffer.alloc(16 * 1024 ** 2), deflate: true },
    ]);
    expect(error.message).toMatch(/entry "Toy\/KAT_2_12_toy.txt" expands \d+ bytes to 16777216 .*zip bomb/);
  });

  test('refuses more bytes in all than the limit', async () => {
    const archive = archiveOf('total', [source, { name: 'Toy/b.c', data: 'y'.repeat(100) }]);
    mkdirSync(path.join(work, 'total'));
    const error = await extractZipArchive(archive, path.join(work, 'total', 'out'), {
      maxTotalBytes: 64,
      maxEntries: 10,
      maxEntryRatio: 200,
    }).catch((e: unknown) => e);
    expect((error as IntakeError).message).toContain('more than 64 bytes (at "Toy/b.c")');
    expect(readdirSync(path.join(work, 'total'))).toEqual([]);
  });

  test('refuses a truncated archive', async () => {
    const whole = writeRawZip([source, { name: 'Toy/b.c', data: 'int b;\n' }]);
    const error = await refusal('truncated', whole.subarray(0, whole.length - 40));
    expect(error.message).toContain('truncated.zip: not a readable zip archive');
  });

  test('refuses an entry whose data is shorter than its header says', async () => {
    const whole = writeRawZip([{ name: 'Toy/a.c', data: 'int a_long_enough_body;\n', deflate: true }]);
    whole.writeUInt32LE(4096, 22);
    const directoryAt = whole.readUInt32LE(whole.length - 6);
    whole.writeUInt32LE(4096, directoryAt + 24);
    const error = await refusal('short', whole);
    expect(error.message).toContain('entry "Toy/a.c"');
  });
});
