// A complete small run directory for validation tests: test/fixtures/run-small plus a stand-in
// library, two small KAT files, their KAT log (the layout of @ngcc-perf/kat's renderKatLog) and
// every digest build.json and the records carry, then the pages and exports.
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadRunDirectory } from '../src/load-run-directory.js';
import { writeRunReports } from '../src/write-run-reports.js';

const FIXTURE = fileURLToPath(new URL('./fixtures/run-small', import.meta.url));
const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

// SM3("") from GB/T 32905 Appendix-style test: the empty message's digest.
const SM3_EMPTY = '1AB21D8355CFA17F8E61194831E81A8F22BEC8C728FEFB747ED035EB5082AA2B';
export const KAT_2_12 = `Msg_Len = 0\nMsg = \nDst_Len = 256\nDst = ${SM3_EMPTY}\n\n`;
/** Canonical form by hand: the trailing space after "Msg =" and the empty line are dropped. */
export const KAT_2_12_CANONICAL = `Msg_Len = 0\nMsg =\nDst_Len = 256\nDst = ${SM3_EMPTY}\n`;
export const KAT_2_23 = `Msg_Len = 8388608\nMsg_Seed = \nMsg_Exp = 0000000000000000 .... 0000000000000000\nDst_Len = 256\nDst = ${'AB'.repeat(32)}\n\n`;
const KAT_2_23_CANONICAL = `Msg_Len = 8388608\nMsg_Seed =\nMsg_Exp = 0000000000000000 .... 0000000000000000\nDst_Len = 256\nDst = ${'AB'.repeat(32)}\n`;
export const LIBRARY = 'stand-in for libsm3.so: validation checks its SHA-256 only\n';

function katLog(): string {
  const header = [
    ['library', 'lib/example-sm3/libsm3.so'],
    ['id', 'example-sm3'],
    ['type', 'hash'],
    ['algorithm', 'SM3'],
    ['instance', 'sm3'],
    ['variant', 'reference'],
    ['source_dir', 'native/examples/sm3'],
    ['compiler', 'gcc (Debian 12.2.0-14+deb12u1) 12.2.0'],
    ['build_flags', '-std=c99 -Wpedantic -Wall -Wextra -O2 -fPIC -shared'],
    ['digest_bits', '256'],
    ['digest_bytes', '32'],
  ].map(([key, value]) => `${key!.padEnd(12)} = ${value}\n`);
  const block = (name: string, text: string, canonical: string, line: number): string =>
    `${name}\n  took      0.001 s\n  written   kat/example-sm3/sm3/${name} (${text.length} bytes)\n` +
    `  sha256    ${sha256(canonical)} strict (canonical form)\n` +
    `  manifest  ${sha256(canonical)} strict sm3/${name} (native/examples/sm3/kat.sha256 line ${line}): match\n`;
  return [
    ...header,
    block('KAT_2_12_sm3.txt', KAT_2_12, KAT_2_12_CANONICAL, 1),
    block('KAT_2_23_sm3.txt', KAT_2_23, KAT_2_23_CANONICAL, 2),
    'RESULT example-sm3 sm3 PASS\n',
  ].join('');
}

function editJson(file: string, change: (value: Record<string, unknown>) => void): void {
  const value = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  change(value);
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

/** Writes the run directory into a new temporary folder and returns its path. */
export async function makeRunDirectory(): Promise<string> {
  const directory = mkdtempSync(path.join(tmpdir(), 'report-validate-'));
  cpSync(FIXTURE, directory, { recursive: true });
  mkdirSync(path.join(directory, 'lib/example-sm3'), { recursive: true });
  mkdirSync(path.join(directory, 'kat/example-sm3/sm3'), { recursive: true });
  writeFileSync(path.join(directory, 'lib/example-sm3/libsm3.so'), LIBRARY);
  writeFileSync(path.join(directory, 'kat/example-sm3/sm3/KAT_2_12_sm3.txt'), KAT_2_12);
  writeFileSync(path.join(directory, 'kat/example-sm3/sm3/KAT_2_23_sm3.txt'), KAT_2_23);
  const log = katLog();
  writeFileSync(path.join(directory, 'kat/example-sm3/sm3.log'), log);
  const digests = { librarySha256: sha256(LIBRARY), katLogSha256: sha256(log) };
  editJson(path.join(directory, 'build.json'), (build) =>
    Object.assign((build.instances as Record<string, unknown>[])[0]!, digests),
  );
  for (const size of [32, 128])
    editJson(path.join(directory, `records/example-sm3/sm3__hash_${size}.json`), (record) =>
      Object.assign(record, digests),
    );
  await writeRunReports(await loadRunDirectory(directory), directory);
  return directory;
}
