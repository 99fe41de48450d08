// `report`: every input is read and checked before anything is written; several runs written to
// one --out link each other's candidate pages.
import { mkdtempSync, rmSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from '@jest/globals';
import { main } from '../src/main.js';

const RUN_SMALL = fileURLToPath(new URL('./fixtures/run-small', import.meta.url));
const work = mkdtempSync(path.join(os.tmpdir(), 'ngcc-report-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { stdout: (t) => void out.push(t), stderr: (t) => void err.push(t) });
  return { code, stdout: out.join(''), stderr: err.join('') };
}

/** A copy of run-small as system `systemId`. */
async function runOf(scratch: string, name: string, systemId: string): Promise<string> {
  const directory = path.join(scratch, name);
  await cp(RUN_SMALL, directory, { recursive: true });
  const file = path.join(directory, 'campaign.json');
  const campaign = JSON.parse(await readFile(file, 'utf8')) as { systemId: string };
  campaign.systemId = systemId;
  await (await import('node:fs/promises')).writeFile(file, JSON.stringify(campaign));
  // the KAT log build.json names (the fixture keeps none)
  await mkdir(path.join(directory, 'kat', 'example-sm3'), { recursive: true });
  await writeFile(path.join(directory, 'kat', 'example-sm3', 'sm3.log'), 'RESULT example-sm3 sm3 PASS\n');
  return directory;
}

describe('report', () => {
  it('two runs of one system: refused before any page is written', async () => {
    const scratch = await mkdtemp(path.join(work, 'case-'));
    const [a, b] = [await runOf(scratch, 'a', 'x86_1'), await runOf(scratch, 'b', 'x86_1')];
    const out = path.join(scratch, 'out');
    const result = await run(['report', a, b, '--out', out]);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(`${a} and ${b} are both system "x86_1"`);
    expect(result.stdout).toBe('');
    await expect(readdir(out)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('two systems into one --out: each candidate page links the other system; the site index reaches every page in one click', async () => {
    const scratch = await mkdtemp(path.join(work, 'case-'));
    const out = path.join(scratch, 'out');
    const result = await run([
      'report',
      await runOf(scratch, 'a', 'x86_1'),
      await runOf(scratch, 'b', 'arm_1'),
      '--out',
      out,
    ]);
    expect(result.code).toBe(0);
    const page = await readFile(path.join(out, 'reports', 'example-sm3', 'perf_x86_1.html'), 'utf8');
    expect(page).toContain('system: <a href="perf_arm_1.html">arm_1</a> · x86_1</nav>');
    const written = result.stdout.trim().split('\n');
    expect(written.at(-1)).toBe(path.join(out, 'reports', 'index.html'));
    expect(written).toContain(path.join(out, 'reports', 'summary.html'));
    // every HTML page written is linked from the site index, and every relative link of every page resolves
    const index = await readFile(path.join(out, 'reports', 'index.html'), 'utf8');
    const hrefsOf = (html: string): string[] => [...html.matchAll(/href="([^"#]+)(#[^"]*)?"/g)].map((m) => m[1]!);
    const fromIndex = new Set(hrefsOf(index).map((href) => path.join(out, 'reports', href)));
    const pages = written.filter((file) => file.endsWith('.html') && file !== path.join(out, 'reports', 'index.html'));
    // per system: a candidate page, summary, method, index, 4 rankings, constant-time; the summary across systems
    expect(pages).toHaveLength(2 * 9 + 1);
    // a ranking page that ranks no instance is named in the index ("no eligible instance"), not linked
    for (const file of pages) {
      if (fromIndex.has(file)) continue;
      expect([file, await readFile(file, 'utf8')]).toEqual([file, expect.stringContaining('No instance is eligible')]);
      expect(path.basename(file)).toMatch(/^ranking_/);
    }
    expect(index).toContain('(no eligible instance)');
    for (const file of written.filter((name) => name.endsWith('.html') || name.endsWith('.md'))) {
      const text = await readFile(file, 'utf8');
      const links = file.endsWith('.html')
        ? hrefsOf(text)
        : [...text.matchAll(/\]\(([^)#]+)(#[^)]*)?\)/g)].map((m) => m[1]!);
      for (const href of links.filter((link) => !link.startsWith('http'))) {
        const target = path.resolve(path.dirname(file), decodeURIComponent(href));
        // the records and KAT logs too: copied into evidence/<system>/ of the site
        await expect(readFile(target)).resolves.toBeDefined();
      }
    }
  });
});
