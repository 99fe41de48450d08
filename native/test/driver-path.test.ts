// driverPath() and buildDriver(): the override, the checkout build, the missing-tools error, and
// two processes building the driver into one cache folder at once (needs cmake and gcc).
import { afterAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdtemp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { buildDriver, driverPath, NativeError, nativePackageVersion } from '../src/index.js';
import { pacedMilliseconds } from '../src/host-pace.js';
import { lib } from './sandbox-support.js';

const run = promisify(execFile);
const nativeRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const checkoutDriver = path.join(nativeRoot, 'build', 'ngcc-perf-driver');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'ngcc-cache-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('driverPath', () => {
  it('returns NGCC_PERF_DRIVER when set, and refuses one that is not executable', async () => {
    await expect(driverPath({ env: { NGCC_PERF_DRIVER: checkoutDriver } })).resolves.toBe(checkoutDriver);
    const missing = driverPath({ env: { NGCC_PERF_DRIVER: '/nonexistent/ngcc-perf-driver' } });
    await expect(missing).rejects.toThrow(NativeError);
    await expect(missing).rejects.toThrow(
      /^NGCC_PERF_DRIVER=\/nonexistent\/ngcc-perf-driver is not an executable file/,
    );
  });

  it('uses the checkout build (native/build) when there is one', async () => {
    await expect(driverPath({ env: { PATH: '' } })).resolves.toBe(checkoutDriver);
  });
});

describe('bundled paths', () => {
  it('the ESM and the CJS build both find the package: examples, instance CMake project', async () => {
    for (const [entry, load] of [
      ['index.js', 'import'],
      ['index.cjs', 'require'],
    ] as const) {
      const module = JSON.stringify(path.join(nativeRoot, 'dist', entry));
      const script =
        load === 'import'
          ? `import(${module}).then((n) => console.log(n.bundledExamplesDirectory(), n.instanceCmakeProjectDirectory()))`
          : `const n = require(${module}); console.log(n.bundledExamplesDirectory(), n.instanceCmakeProjectDirectory())`;
      const { stdout } = await run(process.execPath, ['-e', script]);
      expect(stdout.trim()).toBe(`${path.join(nativeRoot, 'examples')} ${path.join(nativeRoot, 'cmake', 'instance')}`);
    }
  });
});

describe('buildDriver', () => {
  it('names the missing cmake, make and C compiler in one line with the install command', async () => {
    const directory = await mkdtemp(path.join(scratch, 'cache-'));
    const build = buildDriver(directory, { env: { PATH: directory }, log: () => undefined });
    await expect(build).rejects.toMatchObject({ code: 'MISSING_TOOLS' });
    await expect(build).rejects.toThrow(
      /^ngcc-perf-driver must be built on first use, but cmake, a C compiler \(cc, gcc or clang\) and make are not installed: install them \(Debian\/Ubuntu: sudo apt-get install cmake build-essential; [^\n]*NGCC_PERF_DRIVER[^\n]*$/,
    );
    expect(await readdir(directory)).toEqual([]);
  });

  it(
    'two processes building into one folder at once both get a working driver of this package version',
    async () => {
      const cache = await mkdtemp(path.join(scratch, 'cache-'));
      const directory = path.join(cache, 'v');
      const script = `import('${path.join(nativeRoot, 'dist', 'index.js')}').then(async (n) => console.log(await n.buildDriver(${JSON.stringify(directory)})))`;
      const [first, second] = await Promise.all([0, 1].map(() => run(process.execPath, ['-e', script])));
      for (const result of [first, second]) {
        expect(result?.stdout.trim()).toBe(path.join(directory, 'ngcc-perf-driver'));
        expect(result?.stderr).toMatch(/^ngcc-perf: building ngcc-perf-driver 0\.1\.0 for this machine \(first use/);
        expect(result?.stderr).toMatch(/ngcc-perf: built .*ngcc-perf-driver in \d+\.\d s/);
      }
      expect((await readdir(directory)).sort()).toEqual([
        'libngcc-perf-iccs-profile.so',
        'libngcc-perf-iccs.so',
        'ngcc-perf-driver',
      ]);
      // pk-kat finds the ICCS support library beside the cached driver, op-profile its profiling twin.
      const pk = await run(path.join(directory, 'ngcc-perf-driver'), ['pk-kat', lib('pk_toy_kem'), 'Toy']);
      expect(pk.stdout).toMatch(/"type":"end","count":10,/);
      const profile = await run(path.join(directory, 'ngcc-perf-driver'), [
        'op-profile',
        lib('pk_toy_kem'),
        'kem',
        'enc',
        '2',
        '1',
      ]);
      expect(profile.stdout).toMatch(/"type":"profile",/);
      const version = await run(path.join(directory, 'ngcc-perf-driver'), ['--version']);
      expect(JSON.parse(version.stdout)).toEqual({
        v: 1,
        type: 'version',
        driver: nativePackageVersion(),
        protocol: 1,
      });
    },
    pacedMilliseconds(300_000),
  );
});
