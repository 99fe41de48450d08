// The arm64 build, run: the driver and the bundled instances cross-compiled with Debian's
// gcc-aarch64-linux-gnu (scripts/build-native-aarch64.sh) and run under qemu-user
// (qemu-aarch64-static), through the real `ngcc-perf kat`, `time` and `size` (docs/ARM64.md).
//
// What emulation gives: arm64 code generation, the ELF layout, the KAT verdicts and digests, the
// CNTVCT_EL0 read path and its CNTFRQ_EL0 frequency. What it cannot give, and this test asserts
// is reported rather than faked: the PMU (qemu-user has no perf_event_open: ENOSYS), the sandbox
// (qemu-user refuses PR_SET_SECCOMP with EINVAL, since a filter would bind the emulator itself, so
// the driver runs with --no-sandbox here), and any timing figure of a real arm64 core (qemu's
// cntvct counts host time at its own 62.5 MHz, and the code runs translated).
// Skips only when the cross tools are absent; .ci/run installs them.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { binPath, measuringCpu, repositoryRoot } from './campaign-support.js';

const SYSROOT = '/usr/aarch64-linux-gnu';
const onPath = (tool: string): boolean => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;
const missing = [
  ...(onPath('aarch64-linux-gnu-gcc') ? [] : ['gcc-aarch64-linux-gnu libc6-dev-arm64-cross']),
  ...(onPath('qemu-aarch64-static') ? [] : ['qemu-user-static']),
];
const x86Build = process.env.NGCC_PERF_NATIVE_BUILD ?? path.join(repositoryRoot, 'native', 'build');
const INSTANCES = [
  { candidate: 'sha512', name: 'sha512', digestBits: 512 },
  { candidate: 'sm3', name: 'sm3', digestBits: 256 },
  { candidate: 'shake256', name: 'shake256_512', digestBits: 512 },
  { candidate: 'shake256', name: 'shake256_768', digestBits: 768 },
  { candidate: 'shake256', name: 'shake256_1024', digestBits: 1024 },
];

interface KatJson {
  verdict: string;
  files: { file: string; canonicalSha256: string }[];
}

/** Runs the built CLI with `driver` as NGCC_PERF_DRIVER; returns exit code, stdout, stderr. */
function cli(
  driver: string,
  args: string[],
  extraEnv: Record<string, string> = {},
): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [binPath, ...args], {
    encoding: 'utf8',
    timeout: 300000,
    env: { ...process.env, NGCC_PERF_DRIVER: driver, ...extraEnv },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function kat(
  driver: string,
  library: string,
  instance: (typeof INSTANCES)[number],
  outDir: string,
  extra: string[] = [],
): KatJson {
  const manifest = path.join(repositoryRoot, 'native', 'examples', instance.candidate, 'kat.sha256');
  const result = cli(driver, [
    'kat',
    library,
    '--digest-bits',
    String(instance.digestBits),
    '--name',
    instance.name,
    '--label',
    instance.name,
    '--manifest',
    manifest,
    '--out-dir',
    outDir,
    '--json',
    ...extra,
  ]);
  const json = JSON.parse(result.stdout) as KatJson;
  expect([instance.name, result.code]).toEqual([instance.name, 0]); // the exit code is the verdict code: PASS 0
  return json;
}

(missing.length === 0 ? describe : describe.skip)(
  `arm64 under qemu-user${missing.length === 0 ? '' : ` (skipped: install ${missing.join(' ')})`}`,
  () => {
    let scratch = '';
    let armBuild = '';
    let armDriver = '';
    beforeAll(() => {
      scratch = mkdtempSync(path.join(os.tmpdir(), 'ngcc-arm64-'));
      armBuild = path.join(scratch, 'build');
      execFileSync('bash', [path.join(repositoryRoot, 'scripts', 'build-native-aarch64.sh'), armBuild], {
        stdio: 'pipe',
      });
      armDriver = path.join(scratch, 'driver-aarch64');
      writeFileSync(
        armDriver,
        `#!/bin/sh\nexec qemu-aarch64-static -L ${SYSROOT} '${path.join(armBuild, 'ngcc-perf-driver')}' "$@"\n`,
      );
      chmodSync(armDriver, 0o755);
    }, 900000);
    afterAll(() => rmSync(scratch, { recursive: true, force: true }));

    it('builds arm64 ELF files: `size` reads the machine as AArch64', () => {
      const result = cli(armDriver, ['size', path.join(armBuild, 'examples', 'libsha512.so'), '--json']);
      expect(result.code).toBe(0);
      expect(JSON.parse(result.stdout)).toMatchObject({ elfClass: 64, machine: 'AArch64', machineCode: 183 });
    });

    it('the driver runs as aarch64 and says what emulation lacks: no PMU (ENOSYS), no sandbox (PR_SET_SECCOMP refused); cntvct available with its frequency', () => {
      const info = JSON.parse(execFileSync(armDriver, ['info'], { encoding: 'utf8' }).trim()) as {
        arch: string;
        counters: { name: string; available: boolean; reason?: string; hz?: number; access?: string }[];
        sandbox: { mode: string; reason: string };
      };
      expect(info.arch).toBe('aarch64');
      const byName = new Map(info.counters.map((counter) => [counter.name, counter]));
      expect(byName.get('pmu-cycles')).toMatchObject({
        available: false,
        reason: expect.stringContaining('Function not implemented'),
      });
      expect(byName.get('cntvct')).toMatchObject({ available: true, access: 'isb-mrs-cntvct_el0' });
      expect(byName.get('cntvct')?.hz).toBeGreaterThan(1e6);
      expect(info.sandbox.mode).toBe('unavailable');
      expect(info.sandbox.reason).toContain('PR_SET_SECCOMP');
    });

    it('kat: every bundled instance PASSes under emulation with the same KAT file digests as the x86-64 build', () => {
      for (const instance of INSTANCES) {
        const x86 = kat(
          process.env.NGCC_PERF_DRIVER ?? '',
          path.join(x86Build, 'examples', `lib${instance.name}.so`),
          instance,
          path.join(scratch, 'kat-x86'),
        );
        const arm = kat(
          armDriver,
          path.join(armBuild, 'examples', `lib${instance.name}.so`),
          instance,
          path.join(scratch, 'kat-arm64'),
          ['--no-sandbox'],
        );
        expect([instance.name, arm.verdict]).toEqual([instance.name, 'PASS']);
        expect(arm.verdict).toBe(x86.verdict);
        expect(arm.files.map((file) => [file.file, file.canonicalSha256])).toEqual(
          x86.files.map((file) => [file.file, file.canonicalSha256]),
        );
      }
    }, 300000);

    it('time --counter cntvct: the record names CNTVCT_EL0 ticks (fixed-rate, not core cycles) and their frequency', () => {
      const library = path.join(armBuild, 'examples', 'libsha512.so');
      const result = cli(
        armDriver,
        [
          'time',
          library,
          '--digest-bits',
          '512',
          '--bytes',
          '4096',
          '--trials',
          '2',
          '--trial-target',
          '0.02',
          '--counter',
          'cntvct',
          '--cpu',
          measuringCpu,
          '--json',
          '--quiet',
        ],
        { NGCC_PERF_NO_SANDBOX: '1' },
      );
      const json = JSON.parse(result.stdout) as {
        status: string;
        counter: { name: string; kind: string; hz: number; driverHz: number; access: string };
        n: number;
        hostProblems: Array<{ code: string; message: string }>;
      };
      expect(json.status).toBe('complete');
      expect(json.counter).toMatchObject({ name: 'cntvct', kind: 'fixed-rate', access: 'isb-mrs-cntvct_el0' });
      // The rate measured against CLOCK_MONOTONIC_RAW is the driver's CNTFRQ-based figure within 2 %.
      expect(Math.abs(json.counter.hz / json.counter.driverHz - 1)).toBeLessThan(0.02);
      expect(json.hostProblems).toContainEqual({
        code: 'no-core-cycle-counter',
        message:
          'no hardware cycle counter: selected with --counter cntvct; figures are CNTVCT_EL0 ticks at a fixed rate, not core cycles',
      });
      expect(json.n).toBeGreaterThanOrEqual(40);
    }, 300000);
  },
);
