// `ngcc-perf report RUN --out SITE`: the pages written outside the run directory, every relative
// link of every HTML page checked against the files written (the KAT-log and record links did not
// resolve there).
import { afterAll, describe, expect, it } from '@jest/globals';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadRunDirectory } from './load-run-directory.js';
import { writeRunReports, writeSite } from './write-run-reports.js';

const FIXTURE = fileURLToPath(new URL('../test/fixtures/run-small', import.meta.url));
/** A run of a hash candidate and a KEM candidate, with their KAT logs. */
const RUN_SITE = fileURLToPath(new URL('../test/fixtures/run-site', import.meta.url));
const scratch = mkdtempSync(path.join(tmpdir(), 'ngcc-perf-site-elsewhere-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A copy of run-small with the KAT log its build.json names. */
function runWithKatLog(name: string): string {
  const run = path.join(scratch, name);
  cpSync(FIXTURE, run, { recursive: true });
  mkdirSync(path.join(run, 'kat', 'example-sm3'), { recursive: true });
  writeFileSync(path.join(run, 'kat', 'example-sm3', 'sm3.log'), 'RESULT example-sm3 sm3 PASS\n');
  return run;
}

/** Every relative href of the HTML pages written that does not resolve to a file. */
function brokenLinks(site: string, written: string[]): string[] {
  const broken: string[] = [];
  for (const page of written.filter((file) => file.endsWith('.html'))) {
    const html = readFileSync(path.join(site, page), 'utf8');
    for (const [, href] of html.matchAll(/href="([^"#]+)(?:#[^"]*)?"/g)) {
      if (/^[a-z]+:/i.test(href!)) continue;
      const target = path.join(site, path.dirname(page), decodeURIComponent(href!.replace(/&amp;/g, '&')));
      if (!existsSync(target)) broken.push(`${page} → ${href}`);
    }
  }
  return broken;
}

describe('a site written outside the run directory', () => {
  it('report RUN --out SITE: the KAT-log and record links resolve (copies in evidence/<system>/)', async () => {
    const run = runWithKatLog('run-one');
    const site = path.join(scratch, 'site-one');
    const written = await writeRunReports(await loadRunDirectory(run), site, { runDirectory: run });
    expect(written).toContain('evidence/x86_1/kat/example-sm3/sm3.log');
    expect(written).toContain('evidence/x86_1/records/example-sm3/sm3__hash_32.json');
    const page = readFileSync(path.join(site, 'reports/example-sm3/perf_x86_1.html'), 'utf8');
    expect(page).toContain('href="../../evidence/x86_1/kat/example-sm3/sm3.log"');
    expect(brokenLinks(site, written)).toEqual([]);
  });

  it('report RUN --out SITE of a run with a KEM: the records of its operations are copied too', async () => {
    const site = path.join(scratch, 'site-kem');
    const written = await writeRunReports(await loadRunDirectory(RUN_SITE), site, { runDirectory: RUN_SITE });
    for (const operation of ['keygen', 'enc', 'dec'])
      expect(written).toContain(`evidence/x86_1/records/kem-99/ToyKEM128__${operation}.json`);
    expect(readFileSync(path.join(site, 'reports/kem-99/perf_x86_1.html'), 'utf8')).toContain(
      'href="../../evidence/x86_1/records/kem-99/ToyKEM128__dec.json"',
    );
    expect(brokenLinks(site, written)).toEqual([]);
  });

  it('in the run directory itself the pages link the run files, and copy nothing', async () => {
    const run = runWithKatLog('run-in-place');
    const written = await writeRunReports(await loadRunDirectory(run), run, { runDirectory: run });
    expect(written.some((file) => file.startsWith('evidence/'))).toBe(false);
    expect(brokenLinks(run, written)).toEqual([]);
  });

  it("a site of two systems: each system's evidence in its own folder, every link resolving", async () => {
    const x86 = runWithKatLog('run-x86');
    const arm = runWithKatLog('run-arm');
    const campaignFile = path.join(arm, 'campaign.json');
    writeFileSync(
      campaignFile,
      readFileSync(campaignFile, 'utf8').replace('"systemId": "x86_1"', '"systemId": "arm_1"'),
    );
    const site = path.join(scratch, 'site-two');
    const datasets = [await loadRunDirectory(x86), await loadRunDirectory(arm)];
    expect(datasets[1]!.campaign.systemId).toBe('arm_1');
    const written = await writeSite(datasets, site, [x86, arm]);
    expect(written).toContain('evidence/arm_1/kat/example-sm3/sm3.log');
    expect(brokenLinks(site, written)).toEqual([]);
  });
});
