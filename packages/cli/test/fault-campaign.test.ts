// A campaign over faulty instances carries on: `ngcc-perf run` on one candidate whose instances
// are the bundled SM3 (good, with its manifest) and faulty C sources from native/testlibs (crash,
// failing return, exit(0) from CryptHash, a write into the message, escape attempts). Every
// instance ends with its KAT verdict in build.json and a record per size with its status; the
// good instance is complete; nothing escaped the sandbox.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { driverWithEnvironment, listenOnLoopback, type Listener } from './fault-support.js';
import { tinyPlanArguments, readJson, repositoryRoot, runCli } from './campaign-support.js';
import { pacedMilliseconds } from '@ngcc-perf/native';

const testlibs = path.join(repositoryRoot, 'native', 'testlibs');
const sm3 = path.join(repositoryRoot, 'native', 'examples', 'sm3');

/**
 * Instance name → its source in native/testlibs and what the campaign must conclude: the KAT
 * verdict, and the records — none for a library that crashed its KATs (the campaign does not time
 * it), else one per size with this status (and, when failed, this failure text).
 */
const FAULTY = {
  crash: { source: 'segv.c', kat: 'CRASH', records: null, failure: null },
  rejects: { source: 'ret_fail.c', kat: 'CRYPTOFAIL', records: 'failed', failure: /CRYPTOFAIL .*returned -1/ },
  quits: { source: 'fault_exit_zero.c', kat: 'CRASH', records: null, failure: null },
  scribbles: {
    source: 'msg_write.c',
    kat: 'OVERFLOW',
    records: 'failed',
    failure: /OVERFLOW .*changed the message it was given/,
  },
  phones_home: { source: 'fault_connect.c', kat: 'NOKAT', records: 'complete', failure: null },
  writes_out: { source: 'fault_write_outside.c', kat: 'NOKAT', records: 'complete', failure: null },
} as const;

const sizes = ['32', '1024'];
let work: string;
let run: string;
let outside: string;
let listener: Listener;
let result: { code: number; stdout: string; stderr: string };
const savedDriver = process.env.NGCC_PERF_DRIVER;

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'ngcc-fault-campaign-'));
  const candidate = path.join(work, 'faulty');
  outside = path.join(work, 'outside');
  mkdirSync(candidate);
  mkdirSync(outside);
  for (const file of ['sm3.c', 'kat.sha256']) copyFileSync(path.join(sm3, file), path.join(candidate, file));
  for (const file of ['toy_hash.h', 'fault_env.h', ...Object.values(FAULTY).map((f) => f.source)]) {
    copyFileSync(path.join(testlibs, file), path.join(candidate, file));
  }
  writeFileSync(
    path.join(candidate, 'candidate.json'),
    JSON.stringify(
      {
        id: 'hash-99',
        algorithm: 'Faulty',
        category: 'hash',
        includeDirs: ['.'],
        manifest: 'kat.sha256',
        instances: [
          { name: 'sm3', digestBits: 256, sources: ['sm3.c'] },
          ...Object.entries(FAULTY).map(([name, fault]) => ({ name, digestBits: 256, sources: [fault.source] })),
        ],
      },
      null,
      2,
    ),
  );
  listener = await listenOnLoopback();
  // Every driver process the campaign starts aims the escape attempts at these.
  process.env.NGCC_PERF_DRIVER = driverWithEnvironment(work, 'driver', {
    NGCC_FAULT_DIR: outside,
    NGCC_FAULT_PORT: String(listener.port),
  });
  run = path.join(work, 'run');
  result = await runCli(['run', candidate, '--out', run, ...tinyPlanArguments({ sizes: sizes.map(Number) })]);
}, pacedMilliseconds(600_000));

afterAll(async () => {
  await listener.close();
  process.env.NGCC_PERF_DRIVER = savedDriver;
  await rm(work, { recursive: true, force: true });
});

describe('a campaign with faulty instances', () => {
  it('finishes and writes the report; exit 3, completed with failures (the failed records of rejects and scribbles; it was 0)', () => {
    expect(result.stderr).not.toMatch(/Error:|\n\s+at /);
    expect(result.code).toBe(3);
    expect(readdirSync(path.join(run, 'reports', 'hash-99')).sort()).toEqual(['perf_x86_9.html', 'perf_x86_9.md']);
  });

  it('gives every instance its KAT verdict in build.json', async () => {
    const build = await readJson<{ instances: Array<{ instance: string; kat: string }> }>(path.join(run, 'build.json'));
    const verdicts = Object.fromEntries(build.instances.map((entry) => [entry.instance, entry.kat]));
    expect(verdicts).toEqual({
      sm3: 'PASS',
      ...Object.fromEntries(Object.entries(FAULTY).map(([name, fault]) => [name, fault.kat])),
    });
  });

  it('measures the good instance completely at every size', async () => {
    for (const size of sizes) {
      const record = await readJson(path.join(run, 'records', 'hash-99', `sm3__hash_${size}.json`));
      expect({ size, status: record.status, kat: record.kat }).toEqual({ size, status: 'complete', kat: 'PASS' });
    }
  });

  it('gives every faulty instance a record per size with the status its fault deserves, or none when it crashed its KATs', async () => {
    const records = readdirSync(path.join(run, 'records', 'hash-99'));
    for (const [name, fault] of Object.entries(FAULTY)) {
      const own = records.filter((file) => file.startsWith(`${name}__`)).sort();
      if (fault.records === null) {
        expect({ name, records: own }).toEqual({ name, records: [] });
        continue;
      }
      expect({ name, records: own }).toEqual({
        name,
        records: sizes.map((size) => `${name}__hash_${size}.json`).sort(),
      });
      for (const file of own) {
        const record = await readJson<{ status: string; failure?: string }>(path.join(run, 'records', 'hash-99', file));
        expect({ file, status: record.status }).toEqual({ file, status: fault.records });
        if (fault.failure !== null) expect(record.failure).toMatch(fault.failure);
      }
    }
  });

  it('names every instance and its verdict in the report', () => {
    const page = readFileSync(path.join(run, 'reports', 'hash-99', 'perf_x86_9.md'), 'utf8');
    for (const [name, fault] of Object.entries(FAULTY)) {
      const row = page.split('\n').find((line) => line.startsWith(`| \`${name}\` |`));
      expect({ name, row: fault.kat === 'NOKAT' ? row !== undefined : row?.includes(`⚠ ${fault.kat}`) }).toEqual({
        name,
        row: true,
      });
    }
  });

  it('let nothing out: no connection to the listener, no file outside the sandbox', async () => {
    expect(await listener.connections()).toBe(0);
    expect(readdirSync(outside)).toEqual([]);
    expect(readFileSync(path.join(run, 'campaign.json'), 'utf8')).not.toContain(outside);
  });
});
