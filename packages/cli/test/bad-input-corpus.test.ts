// The bad-input corpus: malformed manifests, KAT files, candidate descriptions, ELF files, run
// directories and command lines. Every case must end with exit code 2 and one line on stderr that
// starts "ngcc-perf: " (commander's own usage errors: "error: "), names the input (file, line,
// field or option) and says how to fix it — and never a stack trace, unless --debug is given.
import { cpSync, mkdirSync, readFileSync, rmSync, truncateSync, unlinkSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { measuringCpu, repositoryRoot, runCli } from './campaign-support.js';
import { pacedMilliseconds } from '@ngcc-perf/native';

const testlibs = path.join(repositoryRoot, 'native', 'build', 'testlibs');
const XOR_OK = path.join(testlibs, 'libxor_ok.so');
const sm3Candidate = path.join(repositoryRoot, 'native', 'examples', 'sm3');
const HEX64 = 'a'.repeat(64);

let scratch: string;
/** A finished run of the bundled SM3 candidate (one size, two short trials), copied before each corruption. */
let goodRun: string;

/** A fresh copy of the good run, to corrupt. */
function copyOfGoodRun(name: string): string {
  const copy = path.join(scratch, 'runs', name);
  cpSync(goodRun, copy, { recursive: true });
  return copy;
}

function file(relative: string, content: string | Buffer): string {
  const target = path.join(scratch, relative);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, content);
  return target;
}

/** A candidate folder with this candidate.json text (and an empty x.c). */
function candidate(name: string, json: unknown): string {
  const folder = path.join(scratch, 'candidates', name);
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    path.join(folder, 'x.c'),
    'int CryptHash(int d, const unsigned char *m, unsigned long long l, unsigned char *o) { (void)d; (void)m; (void)l; (void)o; return 0; }\n',
  );
  writeFileSync(path.join(folder, 'candidate.json'), typeof json === 'string' ? json : JSON.stringify(json));
  return folder;
}

const CANDIDATE = {
  id: 'hash-99',
  algorithm: 'X',
  category: 'hash',
  sources: ['x.c'],
  instances: [{ name: 'x', digestBits: 256 }],
};

/** An ELF file made from libxor_ok.so with `patch` applied to its bytes. */
function elf(name: string, patch: (bytes: Buffer) => Buffer): string {
  return file(path.join('elf', name), patch(Buffer.from(readFileSync(XOR_OK))));
}

interface Case {
  name: string;
  /** The argv, once its input exists. */
  argv: () => string[];
  /** What the message must contain to name the input (a path, a line, a field, an option). */
  names: () => string | RegExp;
  /** How it must say to fix it. */
  fix: RegExp;
  /**
   * The exit code when not 2: `validate` judges a run directory, and one that does not validate is
   * its verdict, exit 1 (packages/cli/src/commands/validate-command.ts), not unreadable input.
   */
  code?: 1;
}

const kat = (...extra: string[]) => ['kat', XOR_OK, '--digest-bits', '256', '--name', 'x', ...extra];
const runOf = (folder: string) => [
  'run',
  folder,
  '--out',
  path.join(scratch, 'out', path.basename(folder)),
  '--sizes',
  '32',
  '--quiet',
];

const CASES: Case[] = [
  // Manifests (the ICCS KAT rules kat.sha256)
  {
    name: 'manifest: a digest of 63 hex digits',
    argv: () => kat('--manifest', file('m/short.sha256', `${'a'.repeat(63)} strict x/KAT_2_12_x.txt\n`)),
    names: () => /short\.sha256 line 1/,
    fix: /write-manifest|64/,
  },
  {
    name: 'manifest: an unknown mode',
    argv: () => kat('--manifest', file('m/mode.sha256', `${HEX64} fuzzy x/KAT_2_12_x.txt\n`)),
    names: () => /mode\.sha256 line 1/,
    fix: /strict|nolen/,
  },
  {
    name: 'manifest: a record limit that is not a number',
    argv: () => kat('--manifest', file('m/limit.sha256', `${HEX64} strict:abc x/KAT_2_12_x.txt\n`)),
    names: () => /limit\.sha256 line 1/,
    fix: /strict|nolen|write-manifest/,
  },
  {
    name: 'manifest: the same file listed twice',
    argv: () =>
      kat('--manifest', file('m/twice.sha256', `${HEX64} strict x/KAT_2_12_x.txt\n${HEX64} strict x/KAT_2_12_x.txt\n`)),
    names: () => /twice\.sha256 line 2/,
    fix: /write-manifest|remove|one/i,
  },
  {
    name: 'manifest: a path that does not exist',
    argv: () => kat('--manifest', path.join(scratch, 'm', 'absent.sha256')),
    names: () => /absent\.sha256/,
    fix: /path|pass|create|write-manifest/i,
  },
  {
    name: 'manifest: a folder instead of a file',
    argv: () => (
      mkdirSync(path.join(scratch, 'm', 'folder.sha256'), { recursive: true }),
      kat('--manifest', path.join(scratch, 'm', 'folder.sha256'))
    ),
    names: () => /folder\.sha256/,
    fix: /file|path|pass/i,
  },
  {
    name: 'manifest: binary garbage',
    argv: () => kat('--manifest', file('m/binary.sha256', Buffer.from([0x00, 0xff, 0xfe, 0x0a, 0x00]))),
    names: () => /binary\.sha256 line 1/,
    fix: /write-manifest|expected/,
  },
  // Submitted KAT files (compared record by record when the manifest has no entry)
  {
    name: 'KAT file: a line without " = "',
    argv: () => kat('--kat-dir', path.dirname(file('katdir1/KAT_2_12_x.txt', 'Msg_Len = 0\nMsg\nDst_Len = 256\n'))),
    names: () => /KAT_2_12_x\.txt line 2/,
    fix: /=|key|format/i,
  },
  {
    name: 'KAT file: a Msg that is not hex',
    argv: () =>
      kat(
        '--kat-dir',
        path.dirname(file('katdir2/KAT_2_12_x.txt', 'Msg_Len = 8\nMsg = ZZ\nDst_Len = 256\nDst = 00\n')),
      ),
    names: () => /KAT_2_12_x\.txt line 2/,
    fix: /hex/i,
  },
  {
    name: 'KAT file: a KAT folder that does not exist',
    argv: () => kat('--kat-dir', path.join(scratch, 'no-such-kat-dir')),
    names: () => /no-such-kat-dir/,
    fix: /folder|director|pass|path/i,
  },
  {
    name: 'KAT file: a folder where the file should be',
    argv: () => (
      mkdirSync(path.join(scratch, 'katdir3', 'KAT_2_12_x.txt'), { recursive: true }),
      kat('--kat-dir', path.join(scratch, 'katdir3'))
    ),
    names: () => /KAT_2_12_x\.txt/,
    fix: /file|read|replace|remove/i,
  },
  // Candidate descriptions (@ngcc-perf/intake/docs/CANDIDATE.md)
  {
    name: 'candidate: no candidate.json',
    argv: () => (
      mkdirSync(path.join(scratch, 'candidates', 'empty'), { recursive: true }),
      runOf(path.join(scratch, 'candidates', 'empty'))
    ),
    names: () => /empty.*candidate\.json|candidate\.json.*empty/,
    fix: /CANDIDATE\.md|create|write/i,
  },
  {
    name: 'candidate: truncated JSON',
    argv: () => runOf(candidate('truncated', '{"id": "hash-99", "algorithm": ')),
    names: () => /truncated.*candidate\.json/,
    fix: /JSON|fix/i,
  },
  {
    name: 'candidate: no id',
    argv: () => runOf(candidate('no-id', { ...CANDIDATE, id: undefined })),
    names: () => /candidate\.json.*\bid\b/,
    fix: /hash-NN|add|id/i,
  },
  {
    name: 'candidate: a digest length that is not a multiple of 8',
    argv: () => runOf(candidate('bits', { ...CANDIDATE, instances: [{ name: 'x', digestBits: 250 }] })),
    names: () => /instances\.0\.digestBits/,
    fix: /multiple of 8/,
  },
  {
    name: 'candidate: two instances with one name',
    argv: () =>
      runOf(
        candidate('dup', {
          ...CANDIDATE,
          instances: [
            { name: 'x', digestBits: 256 },
            { name: 'x', digestBits: 512 },
          ],
        }),
      ),
    names: () => /instances\.1\.name|duplicate|"x"/,
    fix: /rename|unique|different|another/i,
  },
  {
    name: 'candidate: a source outside the folder',
    argv: () => runOf(candidate('escape', { ...CANDIDATE, sources: ['../../../etc/passwd.c'] })),
    names: () => /sources\.0|passwd/,
    fix: /inside|folder|copy|within/i,
  },
  {
    name: 'candidate: an instance with neither sources nor library',
    argv: () => runOf(candidate('nothing', { ...CANDIDATE, sources: undefined })),
    names: () => /instances\.0/,
    fix: /sources|library/,
  },
  {
    name: 'candidate: a category other than hash',
    argv: () => runOf(candidate('cipher', { ...CANDIDATE, category: 'cipher' })),
    names: () => /category/,
    fix: /hash/,
  },
  {
    name: 'candidate: an empty list of XOF lengths',
    argv: () => runOf(candidate('xof', { ...CANDIDATE, instances: [{ name: 'x', digestBits: [] }] })),
    names: () => /instances\.0\.digestBits/,
    fix: /docs\/CANDIDATE\.md/,
  },
  {
    name: 'candidate: an instance name with a slash',
    argv: () => runOf(candidate('slash', { ...CANDIDATE, instances: [{ name: 'a/b', digestBits: 256 }] })),
    names: () => /instances\.0\.name/,
    fix: /letters|digits/,
  },
  // ELF files (size)
  {
    name: 'ELF: an empty file',
    argv: () => ['size', file('elf/empty.so', Buffer.alloc(0))],
    names: () => /empty\.so/,
    fix: /rebuild|shared library|ELF/i,
  },
  {
    name: 'ELF: the first 40 bytes of a library',
    argv: () => ['size', elf('cut.so', (b) => b.subarray(0, 40))],
    names: () => /cut\.so/,
    fix: /rebuild|copy|again|complete/i,
  },
  {
    name: 'ELF: an undefined class byte',
    argv: () => ['size', elf('class.so', (b) => (b.writeUInt8(7, 4), b))],
    names: () => /class\.so/,
    fix: /rebuild|ELF|shared library/i,
  },
  {
    name: 'ELF: a program-header table beyond the end',
    argv: () => ['size', elf('phoff.so', (b) => (b.writeBigUInt64LE(1n << 40n, 0x20), b))],
    names: () => /phoff\.so/,
    fix: /rebuild|corrupt|again/i,
  },
  {
    name: 'ELF: an object file, not a library',
    argv: () => ['size', elf('object.o', (b) => (b.writeUInt16LE(1, 0x10), b))],
    names: () => /object\.o/,
    fix: /-shared|link|shared library/i,
  },
  {
    name: 'ELF: a static archive',
    argv: () => ['size', file('elf/libx.a', '!<arch>\n')],
    names: () => /libx\.a/,
    fix: /-shared|shared library/i,
  },
  {
    name: 'ELF: a folder',
    argv: () => (
      mkdirSync(path.join(scratch, 'elf', 'dir.so'), { recursive: true }),
      ['size', path.join(scratch, 'elf', 'dir.so')]
    ),
    names: () => /dir\.so/,
    fix: /file|path|pass/i,
  },
  // Run directories (@ngcc-perf/record/docs/RUN-DIRECTORY.md)
  {
    name: 'run directory: a record cut in half',
    argv: () => {
      const run = copyOfGoodRun('cut-record');
      const record = path.join(run, 'records', 'example-sm3', 'sm3__hash_32.json');
      truncateSync(record, Math.floor(readFileSync(record).length / 2));
      return ['report', run];
    },
    names: () => /sm3__hash_32\.json/,
    fix: /rerun|measure|run again|restore|JSON/i,
  },
  {
    name: 'run directory: the KAT log is missing',
    argv: () => {
      const run = copyOfGoodRun('no-kat-log');
      unlinkSync(path.join(run, 'kat', 'example-sm3', 'sm3.log'));
      return ['validate', run];
    },
    names: () => /kat\/example-sm3\/sm3\.log: missing, but build\.json instances\[0\] lists it/,
    fix: /Keep the KAT logs/,
    code: 1,
  },
  {
    name: 'run directory: campaign.json edited by hand (a plan field of the wrong type)',
    argv: () => {
      const run = copyOfGoodRun('edited-campaign');
      const campaign = path.join(run, 'campaign.json');
      writeFileSync(campaign, readFileSync(campaign, 'utf8').replace('"systemId": "x86_9"', '"systemId": 9'));
      return ['report', run];
    },
    names: () => /campaign\.json.*systemId|systemId.*campaign\.json/,
    fix: /restore|rerun|string|run again|fix/i,
  },
  {
    name: 'run directory: campaign.json that is not JSON',
    argv: () => {
      const run = copyOfGoodRun('broken-campaign');
      writeFileSync(path.join(run, 'campaign.json'), '{ "systemId": ');
      return ['report', run];
    },
    names: () => /campaign\.json/,
    fix: /restore|rerun|run again|JSON/i,
  },
  {
    name: 'run directory: a folder that is not a run directory',
    argv: () => (
      mkdirSync(path.join(scratch, 'not-a-run'), { recursive: true }),
      ['report', path.join(scratch, 'not-a-run')]
    ),
    names: () => /not-a-run/,
    fix: /ngcc-perf run|run directory/i,
  },
  {
    name: 'run directory: compare with a run that does not exist',
    argv: () => ['compare', goodRun, path.join(scratch, 'no-such-run')],
    names: () => /no-such-run/,
    fix: /ngcc-perf run|run directory|path/i,
  },
  // Command lines
  {
    name: 'CLI: run --sizes with a word in it',
    argv: () => ['run', sm3Candidate, '--out', path.join(scratch, 'out', 'cli'), '--sizes', '32,abc'],
    names: () => '--sizes',
    fix: /whole number|bytes|comma/i,
  },
  {
    name: 'CLI: run --trial-target 0',
    argv: () => ['run', sm3Candidate, '--out', path.join(scratch, 'out', 'cli'), '--trial-target', '0'],
    names: () => '--trial-target',
    fix: /positive|greater/i,
  },
  {
    name: 'CLI: run --system with a space',
    argv: () => ['run', sm3Candidate, '--out', path.join(scratch, 'out', 'cli'), '--system', 'my box'],
    names: () => '--system "my box"',
    fix: /letters, digits/,
  },
  {
    name: 'CLI: run --shard 3/2',
    argv: () => ['run', sm3Candidate, '--out', path.join(scratch, 'out', 'cli'), '--shard', '3/2'],
    names: () => /--shard|3\/2/,
    fix: /K\/N|1 to|between|1\.\./i,
  },
  {
    name: 'CLI: run --phases with an unknown phase',
    argv: () => ['run', sm3Candidate, '--out', path.join(scratch, 'out', 'cli'), '--phases', 'build,bake'],
    names: () => /--phases|bake/,
    fix: /check-host|build|kat|measure/,
  },
  {
    name: 'CLI: kat --digest-bits 12',
    argv: () => ['kat', XOR_OK, '--digest-bits', '12', '--name', 'x'],
    names: () => /digest|12/,
    fix: /multiple of 8/,
  },
  {
    name: 'CLI: kat --timeout 0',
    argv: () => kat('--timeout', '0'),
    names: () => /--timeout|timeout/,
    fix: /positive|greater|seconds/i,
  },
  {
    name: 'CLI: time --bytes beyond 16 MiB',
    argv: () => ['time', XOR_OK, '--digest-bits', '256', '--bytes', '99999999999'],
    names: () => '--bytes',
    fix: /16777216|16 MiB|at most/,
  },
  {
    name: 'CLI: compare --threshold abc',
    argv: () => ['compare', goodRun, goodRun, '--threshold', 'abc'],
    names: () => '--threshold',
    fix: /number|fraction/i,
  },
  {
    name: 'CLI: an unknown option',
    argv: () => ['size', XOR_OK, '--frobnicate'],
    names: () => /--frobnicate/,
    fix: /unknown option|help/i,
  },
];

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'ngcc-bad-corpus-'));
  goodRun = path.join(scratch, 'good-run');
  const made = await runCli([
    'run',
    sm3Candidate,
    '--out',
    goodRun,
    '--no-baseline',
    '--system',
    'x86_9',
    '--sizes',
    '32',
    '--trial-target',
    '0.002',
    '--trials',
    '2',
    '--cpu',
    measuringCpu,
    '--quiet',
  ]);
  if (made.code !== 0) throw new Error(`the good run failed: ${made.stderr}`);
}, pacedMilliseconds(180_000));

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

describe('the bad-input corpus', () => {
  it('has at least 30 cases', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(30);
  });

  it.each(CASES.map((c) => [c.name, c] as const))(
    '%s: exit 2, one line naming the input and the fix, no stack',
    async (_name, c) => {
      const argv = c.argv();
      const result = await runCli(argv);
      // Progress lines ("[ngcc-perf] KAT_2_12_x.txt: …") may come first; the error is one line.
      const lines = result.stderr
        .trim()
        .split('\n')
        .filter((line) => !line.startsWith('[ngcc-perf] '));
      expect({ code: result.code, lines: lines.length }).toEqual({ code: c.code ?? 2, lines: 1 });
      expect(lines[0]).toMatch(/^(ngcc-perf: |error: )/);
      expect(result.stderr).not.toMatch(/\n\s+at |internal error/);
      const names = c.names();
      if (typeof names === 'string') expect(result.stderr).toContain(names);
      else expect(result.stderr).toMatch(names);
      expect(result.stderr).toMatch(c.fix);
    },
    pacedMilliseconds(60_000),
  );

  it('--debug adds the stack of the typed error (a record cut in half)', async () => {
    const run = copyOfGoodRun('debug');
    const record = path.join(run, 'records', 'example-sm3', 'sm3__hash_32.json');
    truncateSync(record, 10);
    const plain = await runCli(['report', run]);
    const debug = await runCli(['report', run, '--debug']);
    expect([plain.code, debug.code]).toEqual([2, 2]);
    expect(plain.stderr).not.toMatch(/\n\s+at /);
    expect(debug.stderr).toMatch(/\n\s+at /);
    rmSync(run, { recursive: true, force: true });
  });
});
