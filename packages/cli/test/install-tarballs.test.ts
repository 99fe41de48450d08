// What a new user does: every workspace packed with `npm pack --workspaces`, the tarballs
// installed in an empty folder outside the repository, and `npx ngcc-perf run` measuring the
// bundled examples there (every phase but the constant-time audit), the driver built on first use
// into a fresh cache folder; then every example of every installed package's README (ct's audits
// a library under valgrind), two at a time, runs there (not in the checkout) as written and prints
// what the README says, and the study of @ngcc-perf/timing's README, saved as study.mjs in an
// empty folder there, builds, checks and compares its two toy libraries. Each tarball ships a
// LICENSE and no source map, and every file its docs name is installed. Needs the npm registry (for execa, zod, ...; the npm cache first),
// cmake, a C compiler and valgrind. Also: `npx ngcc-perf` in the repository itself, and the
// committed bin's message when the command is not built.
import { afterAll, describe, expect, it } from '@jest/globals';
import { copyFile, mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultSystemId } from '@ngcc-perf/campaign';
import { execa } from 'execa';
import { findUnresolvedReferences } from '../../../scripts/installed-docs.mjs';
import { EXAMPLE_MARKER, matches, readReadmeStudy, runReadmeExample } from '../../../scripts/readme-example.mjs';
import { repositoryRoot } from './campaign-support.js';

const scratchRoot = mkdtempSync(path.join(os.tmpdir(), 'ngcc-install-'));
afterAll(() => rmSync(scratchRoot, { recursive: true, force: true }));

/** The environment of a user: no checkout driver, no test-only variables, a fresh cache folder. */
function userEnvironment(cache: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NGCC_PERF_CACHE_DIR: cache };
  for (const name of ['NGCC_PERF_DRIVER', 'NGCC_PERF_NATIVE_BUILD', 'NGCC_PERF_ALLOW_UNFIXED_HOST']) delete env[name];
  return env;
}

/**
 * Lines of JavaScript in `code`: blank lines, comment lines (what it prints) and the lines of a
 * template literal's text (the C source the study writes) left out; the line that opens a template
 * counts, its closing line not.
 */
function javascriptLines(code: string): number {
  let inTemplate = false;
  let lines = 0;
  for (const line of code.split('\n')) {
    const backticks = (line.match(/`/g) ?? []).length;
    if (!inTemplate && line.trim() !== '' && !line.trim().startsWith('//')) lines += 1;
    if (backticks % 2 === 1) inTemplate = !inTemplate;
  }
  return lines;
}

/** `work` on every item, at most two at once; the results in the items' order. */
async function mapTwoAtATime<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    for (let index = next++; index < items.length; index = next++) results[index] = await work(items[index]!);
  };
  await Promise.all([lane(), lane()]);
  return results;
}

describe('installed from tarballs', () => {
  it('npx ngcc-perf run measures the bundled examples, building the driver on first use', async () => {
    const scratch = await mkdtemp(path.join(scratchRoot, 'install-'));
    const tarballs = path.join(scratch, 'tarballs');
    const app = path.join(scratch, 'app');
    await mkdir(tarballs);
    await mkdir(app);
    await execa('npm', ['pack', '--workspaces', '--pack-destination', tarballs, '--silent'], { cwd: repositoryRoot });
    const packed = (await readdir(tarballs)).filter((name) => name.endsWith('.tgz')).sort();
    expect(packed).toContain('ngcc-perf-native-0.1.0.tgz');
    expect(packed).toContain('ngcc-perf-cli-0.1.0.tgz');
    await writeFile(path.join(app, 'package.json'), '{ "name": "study", "private": true }\n');
    await execa(
      'npm',
      ['install', '--no-audit', '--no-fund', '--prefer-offline', ...packed.map((name) => path.join(tarballs, name))],
      {
        cwd: app,
      },
    );

    const env = userEnvironment(path.join(scratch, 'cache'));
    const version = await execa('npx', ['ngcc-perf', '--version'], { cwd: app, env, extendEnv: false });
    expect(version.stdout.trim()).toBe('0.1.0');
    const run = await execa(
      'npx',
      [
        'ngcc-perf',
        'run',
        '--out',
        'r',
        '--sizes',
        '64',
        '--trial-target',
        '0.05',
        '--trials',
        '2',
        '--allow-unfixed-host',
        // every phase but the constant-time audit, which ct's README example runs in this folder
        '--phases',
        'check-host,build,kat,calibrate,measure,report',
      ],
      { cwd: app, env, extendEnv: false, reject: false },
    );
    expect(run.stderr).toMatch(/^ngcc-perf: building ngcc-perf-driver 0\.1\.0 for this machine \(first use/m);
    expect(run.stderr).toContain(
      `ngcc-perf: built ${path.join(scratch, 'cache', '0.1.0', `${process.platform}-${process.arch}`, 'ngcc-perf-driver')} in `,
    );
    expect(run.exitCode).toBe(0);
    // stdout holds the results: the closing table first, then the index, summary and method pages,
    // then the candidate pages and the system summary last
    const stdoutLines = run.stdout.trim().split('\n');
    expect(stdoutLines[0]).toMatch(/^(ticks|cycles)\/byte by message length/);
    const indexPath = path.join(app, 'r', 'reports', `index_${defaultSystemId()}.html`);
    expect(stdoutLines.filter((line) => line.startsWith('index:') && line.endsWith(indexPath))).toHaveLength(1);
    expect(stdoutLines.slice(-5)).toEqual([
      ...['example-sha512', 'example-shake256', 'example-sm3', 'iccs-baseline'].map((id) =>
        path.join(app, 'r', 'reports', id, `perf_${defaultSystemId()}.html`),
      ),
      path.join(app, 'r', 'reports', `summary_${defaultSystemId()}.html`),
    ]);
    const records = (await readdir(path.join(app, 'r', 'records'), { recursive: true }))
      .filter((name) => name.endsWith('.json'))
      .sort();
    expect(records).toEqual([
      'example-sha512/sha512__hash_64.json',
      'example-shake256/shake256_1024__hash_64.json',
      'example-shake256/shake256_512__hash_64.json',
      'example-shake256/shake256_768__hash_64.json',
      'example-sm3/sm3__hash_64.json',
      // the ICCS baseline, measured by default: sm3hash and pseudoXOF at every width the examples use
      'iccs-baseline/pseudoxof_1024__hash_64.json',
      'iccs-baseline/pseudoxof_256__hash_64.json',
      'iccs-baseline/pseudoxof_512__hash_64.json',
      'iccs-baseline/pseudoxof_768__hash_64.json',
      'iccs-baseline/sm3hash__hash_64.json',
    ]);
    for (const name of records) {
      const record = JSON.parse(await readFile(path.join(app, 'r', 'records', name), 'utf8')) as {
        status: string;
        kat: string;
      };
      expect({ name, status: record.status, kat: record.kat }).toEqual({ name, status: 'complete', kat: 'PASS' });
    }

    const installed = path.join(app, 'node_modules', '@ngcc-perf');
    const packages = (await readdir(installed)).sort();
    expect(packages).toHaveLength(packed.length);
    for (const name of packages) {
      const folder = path.join(installed, name);
      expect({ name, license: existsSync(path.join(folder, 'LICENSE')) }).toEqual({ name, license: true });
      // a source map would point at src/, which no package ships
      const maps = (await readdir(folder, { recursive: true })).filter((file) => file.endsWith('.map'));
      expect({ name, maps }).toEqual({ name, maps: [] });
      expect({
        name,
        examples: (await readFile(path.join(folder, 'README.md'), 'utf8')).includes(EXAMPLE_MARKER),
      }).toEqual({ name, examples: true });
    }
    // Every relative link and every file named in an installed .md or .d.ts is installed too.
    expect(findUnresolvedReferences(installed)).toEqual([]);

    // The study of @ngcc-perf/timing's README, exactly as printed there, saved as study.mjs in an
    // empty folder where the tarballs are installed: at most ten lines of JavaScript besides its C.
    const study = readReadmeStudy(path.join(installed, 'timing', 'README.md'));
    expect(javascriptLines(study.code)).toBeLessThanOrEqual(10);
    const studyFolder = path.join(app, 'study');
    await mkdir(studyFolder);
    await writeFile(path.join(studyFolder, 'study.mjs'), study.code);
    const studied = await execa(process.execPath, ['study.mjs'], { cwd: studyFolder, env, extendEnv: false });
    const printed = studied.stdout.split('\n').filter((line) => line !== '');
    expect(
      printed.map((line, index) => (matches(line, study.expected[index] ?? '') ? study.expected[index] : line)),
    ).toEqual(study.expected);
    // the verdict of each pair is one of the three
    expect(
      printed
        .filter((line) => / B: toy2 \/ toy4 = /.test(line))
        .map((line) => /: (toy2 faster|toy4 faster|cannot be told apart)$/.test(line)),
    ).toEqual([true, true]);

    // Every installed package's README examples run where only the tarballs are: two at a time, as
    // the host has 2 CPUs.
    const readmes = packages.map((name) => path.join(installed, name));
    const results = await mapTwoAtATime(readmes, (folder) => runReadmeExample(folder, { cwd: app, env }));
    results.forEach(({ printed, expected }, index) => {
      const name = path.basename(readmes[index]!);
      expect({ name, printed }).toEqual({ name, printed: expected });
    });
  }, 1_800_000);
});

describe('the ngcc-perf command in the repository', () => {
  it('npx ngcc-perf --version works in the checkout', async () => {
    const version = await execa('npx', ['ngcc-perf', '--version'], { cwd: repositoryRoot });
    expect(version.stdout.trim()).toBe('0.1.0');
  });

  it('says to run npm run build when the command is not built', async () => {
    const scratch = await mkdtemp(path.join(scratchRoot, 'bin-'));
    await mkdir(path.join(scratch, 'bin'));
    await writeFile(path.join(scratch, 'package.json'), '{ "type": "module" }\n');
    await copyFile(
      path.join(repositoryRoot, 'packages', 'cli', 'bin', 'ngcc-perf.js'),
      path.join(scratch, 'bin', 'ngcc-perf.js'),
    );
    const run = await execa(process.execPath, [path.join(scratch, 'bin', 'ngcc-perf.js'), '--version'], {
      reject: false,
    });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(
      /^ngcc-perf: the command is not built yet \(.*dist\/bin\.js is missing\): run "npm run build" at the repository root\.$/,
    );
  });
});
