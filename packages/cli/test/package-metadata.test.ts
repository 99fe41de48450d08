// Every workspace's package.json names the same source repository, with its own folder in it, so that
// npm's "repository", "homepage" and "bugs" links of each published package lead to one place, and the
// root README says where that is.
import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readReadmeExamples, readReadmeStudy } from '../../../scripts/readme-example.mjs';
import { repositoryRoot } from './campaign-support.js';

const SOURCE_URL = 'https://github.com/ngcc-perf/ngcc-perf';

interface PackageJson {
  name: string;
  os?: string[];
  scripts?: Record<string, string>;
  exports?: Record<string, unknown>;
  publishConfig?: { access?: string };
  dependencies?: Record<string, string>;
  description?: string;
  license?: string;
  keywords?: string[];
  homepage?: string;
  bugs?: { url?: string };
  repository?: { type?: string; url?: string; directory?: string };
  engines?: { node?: string };
  files?: string[];
  workspaces?: string[];
}

const readJson = (folder: string) =>
  JSON.parse(readFileSync(path.join(repositoryRoot, folder, 'package.json'), 'utf8')) as PackageJson;
const root = readJson('.');

describe('package metadata', () => {
  it('the root package.json and README name the source repository', () => {
    expect(root.repository).toEqual({ type: 'git', url: `git+${SOURCE_URL}.git` });
    expect(root.homepage).toBe(`${SOURCE_URL}#readme`);
    expect(root.bugs).toEqual({ url: `${SOURCE_URL}/issues` });
    const readme = readFileSync(path.join(repositoryRoot, 'README.md'), 'utf8');
    expect(readme).toContain(`Source: <${SOURCE_URL}>`);
  });

  it.each(root.workspaces ?? [])(
    '%s: repository, homepage and bugs lead to its folder in that repository',
    (folder) => {
      const pkg = readJson(folder);
      expect({
        repository: pkg.repository,
        homepage: pkg.homepage,
        bugs: pkg.bugs,
        license: pkg.license,
        licenseFile: existsSync(path.join(repositoryRoot, folder, 'LICENSE')),
        engines: pkg.engines,
        described: (pkg.description ?? '').length > 0,
        keywords: (pkg.keywords ?? []).length > 0,
        filesHaveLicense: pkg.files?.includes('LICENSE'),
      }).toEqual({
        repository: { type: 'git', url: `git+${SOURCE_URL}.git`, directory: folder },
        homepage: `${SOURCE_URL}/tree/main/${folder}#readme`,
        bugs: { url: `${SOURCE_URL}/issues` },
        license: 'MIT',
        licenseFile: true,
        engines: { node: '>=20' },
        described: true,
        keywords: true,
        filesHaveLicense: true,
      });
    },
  );

  it.each(root.workspaces ?? [])(
    '%s: publishes public, exports its package.json, has no scripts (targets are in project.json), os as its driver needs',
    (folder) => {
      const pkg = readJson(folder);
      const byName = new Map((root.workspaces ?? []).map((other) => [readJson(other).name, readJson(other)]));
      // a package that runs candidate code needs the driver, which builds and runs on Linux only
      const needsDriver = (manifest: PackageJson): boolean =>
        manifest.name === '@ngcc-perf/native' ||
        Object.keys(manifest.dependencies ?? {}).some((name) => byName.has(name) && needsDriver(byName.get(name)!));
      expect({
        access: pkg.publishConfig?.access,
        exportsPackageJson: pkg.exports?.['./package.json'],
        scripts: pkg.scripts,
        os: pkg.os,
        projectJson: existsSync(path.join(repositoryRoot, folder, 'project.json')),
      }).toEqual({
        access: 'public',
        exportsPackageJson: './package.json',
        scripts: undefined,
        os: needsDriver(pkg) ? ['linux'] : undefined,
        projectJson: true,
      });
    },
  );

  it('README links into the source use that address (the NGCC harness dataset is the one other GitHub link)', () => {
    const folders = ['.', ...(root.workspaces ?? [])];
    const links = folders.flatMap((folder) =>
      (
        readFileSync(path.join(repositoryRoot, folder, 'README.md'), 'utf8').match(
          /https:\/\/github\.com\/[^\s)>"'`]*/g,
        ) ?? []
      )
        .filter((link) => !link.startsWith('https://github.com/ngcc-dev/ngcc-harness'))
        .map((link) => ({ folder, link })),
    );
    expect(links.length).toBeGreaterThan(0);
    expect(links.filter(({ link }) => !/^https:\/\/github\.com\/ngcc-perf\/ngcc-perf([/#]|$)/.test(link))).toEqual([]);
  });

  it.each(root.workspaces ?? [])(
    '%s: every README example (and the study) is JavaScript that Node 20 parses as written',
    (folder) => {
      const readme = path.join(repositoryRoot, folder, 'README.md');
      const blocks = readReadmeExamples(readme).map((example) => example.code);
      if (/^#+ .*\bstudy\b/im.test(readFileSync(readme, 'utf8'))) blocks.push(readReadmeStudy(readme).code);
      const scratch = mkdtempSync(path.join(os.tmpdir(), 'readme-syntax-'));
      try {
        const refused = blocks.flatMap((code, index) => {
          const file = path.join(scratch, `example-${index}.mjs`);
          writeFileSync(file, code);
          try {
            execFileSync(process.execPath, ['--check', file], { stdio: 'pipe' });
            return [];
          } catch (error) {
            return [
              `example ${index + 1}: ${String((error as { stderr?: unknown }).stderr)
                .split('\n')
                .slice(0, 5)
                .join(' ')}`,
            ];
          }
        });
        expect({ folder, refused }).toEqual({ folder, refused: [] });
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    },
  );
});
