// Opens the pages of a real run (test/fixtures/run-real, every page and export rendered beside its
// records) in headless Chromium — Debian's /usr/bin/chromium driven by playwright-core, no
// downloaded browser — as an evaluator would: the summary first, then every link it offers. Checks
// the headline of each candidate page against the records, the seed tables, a drawn mark in every
// chart, no network request and no sideways scrolling. Screenshots at 1400 px and 800 px (and a
// phone) are kept in packages/report/.test-results/screenshots/.
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { BrowserContext } from 'playwright-core';
import { loadRunDirectory } from '../src/load-run-directory.js';
import { formatHeadlineCyclesPerByte, formatMegabytesPerSecond, headlineFigure } from '@ngcc-perf/stats';
import { renderRunReports } from '../src/render-run-reports.js';
import type { Dataset } from '../src/dataset.js';
import { describeInBrowser, launchChromium, pageWidth, SCREENSHOT_DIRECTORY } from './chromium-harness.js';
import { withBaseline } from './with-baseline.js';

const REAL_RUN = fileURLToPath(new URL('./fixtures/run-real', import.meta.url));
const WIDTHS_PX = [1400, 800] as const;

/** What the headline must say for each instance of a candidate, from the records themselves. */
function expectedHeadline(dataset: Dataset, candidate: string): string[][] {
  return dataset.build.instances
    .filter((entry) => entry.candidate === candidate)
    .map((entry) => {
      const longest = dataset.records
        .map(({ record }) => record)
        .filter((record) => record.instance === entry.instance && record.status === 'complete')
        .sort((a, b) => b.messageBytes - a.messageBytes)[0]!;
      if (longest.status !== 'complete') throw new Error('unreachable');
      // ‡ when the trial CV is above its limit (2 % from 4096 B)
      const unsteady =
        typeof longest.derived.cv === 'number' && longest.derived.cv > (longest.messageBytes >= 4096 ? 0.02 : 0.05);
      // the headline: the median of the trial means with its interval, from the record's trials
      const trials = longest.processes.flatMap((process) => (process.trial === null ? [] : [process.trial]));
      const perByte =
        formatHeadlineCyclesPerByte(headlineFigure(trials), longest.messageBytes) + (unsteady ? ' ‡' : '');
      return [
        entry.instance,
        entry.kat === 'PASS' ? 'PASS' : `⚠ ${entry.kat}`,
        perByte,
        formatMegabytesPerSecond(longest.derived.megabytesPerSecond),
      ];
    });
}

describeInBrowser('html-browser.test.ts')('the pages of a real run in headless Chromium', () => {
  let context: BrowserContext;
  let closeBrowser: () => Promise<void>;
  let run: string;
  let dataset: Dataset;
  const requests: string[] = [];

  beforeAll(async () => {
    run = mkdtempSync(path.join(tmpdir(), 'report-run-'));
    cpSync(REAL_RUN, run, { recursive: true });
    mkdirSync(SCREENSHOT_DIRECTORY, { recursive: true });
    dataset = await loadRunDirectory(run);
    for (const file of renderRunReports(dataset)) {
      mkdirSync(path.dirname(path.join(run, file.path)), { recursive: true });
      writeFileSync(path.join(run, file.path), file.content);
    }
    ({ context, close: closeBrowser } = await launchChromium());
    context.on('request', (request) => void requests.push(request.url()));
  }, 60_000);

  afterAll(async () => {
    await closeBrowser?.();
    rmSync(run, { recursive: true, force: true });
  });

  it('from the summary, every candidate page and the method page are one click away; each headline matches the records', async () => {
    const page = await context.newPage();
    await page.goto(pathToFileURL(path.join(run, 'reports/summary_x86_1.html')).href);
    expect(await page.locator('table').first().locator('tbody tr').count()).toBe(2);
    expect(await page.locator('svg[role="img"] rect.mark').count()).toBe(2);
    const candidates = [...new Set(dataset.build.instances.map((entry) => entry.candidate))];
    for (const candidate of candidates) {
      await page.goto(pathToFileURL(path.join(run, 'reports/summary_x86_1.html')).href);
      await page.locator('#pages ~ ul a', { hasText: candidate }).first().click();
      expect(page.url()).toBe(pathToFileURL(path.join(run, `reports/${candidate}/perf_x86_1.html`)).href);
      const rows = page.locator('section.headline table tbody tr');
      const cells = await Promise.all(
        (await rows.all()).map(async (row) => (await row.locator('td').allTextContents()).slice(0, 4)),
      );
      expect(cells).toEqual(expectedHeadline(dataset, candidate));
      expect(await page.locator('section.headline caption').textContent()).toBe(
        'At a glance, per instance (figures at 65536 B)',
      );
      // the headline is on the first screen (900 px) at 1400 px
      const box = await page.locator('section.headline').boundingBox();
      expect(box === null ? Infinity : box.y + box.height).toBeLessThan(900);
      // the breadcrumb leads back to the site and system index, an evidence link opens a record (this fixture keeps records, not KAT logs)
      expect(await page.locator('nav.breadcrumbs a').first().getAttribute('href')).toBe('../index.html');
      expect(await page.locator('nav.breadcrumbs a').nth(1).getAttribute('href')).toBe('../index_x86_1.html');
      const evidence = await page.locator('#evidence ~ div a[href*="/records/"]').first().getAttribute('href');
      expect(existsSync(path.join(run, 'reports', candidate, evidence!))).toBe(true);
    }
    await page.goto(pathToFileURL(path.join(run, 'reports/summary_x86_1.html')).href);
    await page
      .locator('a', { hasText: /^method$/ })
      .last()
      .click();
    expect(await page.title()).toBe('Method — x86-64 (system x86_1)');
    expect(await page.locator('h2#static-image').count()).toBe(1);
    expect(requests.every((url) => url.startsWith('file://'))).toBe(true);
    await page.close();
  }, 120_000);

  it('from the site index every page of the system is one click away, and each leads back by its breadcrumbs', async () => {
    const page = await context.newPage();
    const index = pathToFileURL(path.join(run, 'reports/index.html')).href;
    await page.goto(index);
    expect(await page.title()).toBe('Performance measurements');
    const hrefs = await page
      .locator('main a')
      .evaluateAll((links) =>
        links.map((link) => (link as unknown as { getAttribute: (name: string) => string }).getAttribute('href')),
      );
    const expected = [
      'example-sm3/perf_x86_1.html',
      'example-sha512/perf_x86_1.html',
      'index_x86_1.html',
      'ranking_x86_1_128.html',
      'ranking_x86_1_256.html',
      'ranking_x86_1_instances.html',
      'constant-time_x86_1.html',
      'summary_x86_1.html',
      'method_x86_1.html',
    ];
    for (const href of expected) expect(hrefs).toContain(href);
    // no instance of this run has a 1024-bit digest (the 512-bit target): that ranking is named, not linked
    expect(hrefs).not.toContain('ranking_x86_1_512.html');
    expect(await page.locator('main li', { hasText: 'ranking by security target' }).textContent()).toContain(
      '512-bit (no eligible instance)',
    );
    for (const href of expected) {
      await page.goto(index);
      await page.locator(`main a[href="${href}"]`).first().click();
      expect(page.url()).toBe(pathToFileURL(path.join(run, 'reports', href)).href);
      expect(await page.locator('h1').count()).toBe(1);
      // the first breadcrumb leads back to the site index
      const home = await page.locator('nav.breadcrumbs a').first().getAttribute('href');
      expect(path.resolve(path.dirname(path.join(run, 'reports', href)), home!)).toBe(
        path.join(run, 'reports/index.html'),
      );
    }
    // a ranking page: one row per eligible candidate, the rank in the first column, a badge link per row
    await page.goto(pathToFileURL(path.join(run, 'reports/ranking_x86_1_instances.html')).href);
    const rows = page.locator('#ranking ~ div table tbody tr');
    expect(await rows.count()).toBe(dataset.build.instances.filter((entry) => entry.kat === 'PASS').length);
    expect(await rows.first().locator('td').first().textContent()).toMatch(/^\d+(\.5)?(–\d+)?$/);
    expect(requests.every((url) => url.startsWith('file://'))).toBe(true);
    await page.close();
  }, 120_000);

  it('the summary links its exports, and they exist', async () => {
    const page = await context.newPage();
    await page.goto(pathToFileURL(path.join(run, 'reports/summary_x86_1.html')).href);
    const exports = await page
      .locator('a[href^="../exports/"]')
      .evaluateAll((links) =>
        links.map((link) => (link as unknown as { getAttribute: (name: string) => string }).getAttribute('href')),
      );
    expect(exports).toEqual(['../exports/records_x86_1.csv', '../exports/records_x86_1.json']);
    for (const href of exports) expect(existsSync(path.join(run, 'reports', href))).toBe(true);
    await page.close();
  }, 60_000);

  it('shows the seed tables with every row, and draws marks in every chart', async () => {
    const page = await context.newPage();
    await page.goto(pathToFileURL(path.join(run, 'reports/example-sm3/perf_x86_1.html')).href);
    expect(await page.title()).toBe('example-sm3 SM3 — performance on x86-64 (system x86_1)');
    expect(await page.locator('h2').allTextContents()).toEqual([
      '1. Basic information',
      '2. Assessment environment',
      '3. Functional testing (KAT)',
      '4. Performance',
      '5. Resource consumption',
      '7. Raw evidence index',
    ]);
    const performance = page.locator('table', {
      has: page.locator('caption', { hasText: 'Mean cost per call by instance and message length' }),
    });
    expect(await performance.locator('tbody tr').count()).toBe(8);
    expect((await performance.locator('tbody tr').first().locator('td').allTextContents()).slice(0, 2)).toEqual([
      'sm3',
      '32 B',
    ]);
    const reliability = page.locator('table', {
      has: page.locator('caption', { hasText: /^Reliability of each row/ }),
    });
    expect(await reliability.locator('tbody tr').count()).toBe(8);
    const charts = page.locator('svg[role="img"]');
    expect(await charts.count()).toBe(5); // cycles/byte, MB/s, spread, RSS, memory of one call
    for (let index = 0; index < 5; index += 1) {
      const chart = charts.nth(index);
      expect(await chart.locator('.mark').count()).toBeGreaterThan(0);
      expect(await chart.locator('title').textContent()).toMatch(/^example-sm3: /);
      const box = await chart.boundingBox();
      // one column: every chart at least its nominal 720 px wide at 1400 px, so its text is not shrunk
      expect(box === null ? 0 : box.width).toBeGreaterThanOrEqual(720);
    }
    await page.close();
  }, 60_000);

  it.each(WIDTHS_PX)(
    'at %i px: no sideways scrolling; screenshots of every page kept',
    async (width) => {
      const page = await context.newPage();
      await page.setViewportSize({ width, height: 900 });
      const pages = [
        'summary_x86_1',
        'method_x86_1',
        'example-sm3/perf_x86_1',
        'example-sha512/perf_x86_1',
        'index',
        'index_x86_1',
        'ranking_x86_1_256',
        'ranking_x86_1_instances',
        'constant-time_x86_1',
      ];
      for (const name of pages) {
        await page.goto(pathToFileURL(path.join(run, `reports/${name}.html`)).href);
        expect(await pageWidth(page)).toBeLessThanOrEqual(width);
        const file = `${name.replace('/', '_')}-${width}px`;
        await page.screenshot({ path: path.join(SCREENSHOT_DIRECTORY, `${file}-first-screen.png`), fullPage: false });
        await page.screenshot({ path: path.join(SCREENSHOT_DIRECTORY, `${file}.png`), fullPage: true });
      }
      await page.close();
    },
    120_000,
  );

  it('the system index of a run with the ICCS baseline at 800 px: candidate, instance and × pseudoXOF at every length visible without scrolling the table', async () => {
    const withIccs = mkdtempSync(path.join(tmpdir(), 'report-run-baseline-'));
    try {
      for (const file of renderRunReports(await withBaseline(REAL_RUN))) {
        mkdirSync(path.dirname(path.join(withIccs, file.path)), { recursive: true });
        writeFileSync(path.join(withIccs, file.path), file.content);
      }
      const page = await context.newPage();
      await page.setViewportSize({ width: 800, height: 900 });
      await page.goto(pathToFileURL(path.join(withIccs, 'reports/index_x86_1.html')).href);
      expect(await pageWidth(page)).toBeLessThanOrEqual(800);
      const table = page.locator('table', { has: page.locator('caption', { hasText: /^Every instance measured/ }) });
      const headers = await table.locator('thead th').allTextContents();
      const key = ['candidate', 'instance', '× pseudoXOF @ 32 B', '× pseudoXOF @ 1 KiB', '× pseudoXOF @ 64 KiB'];
      for (const name of key) expect(headers).toContain(name);
      // the box the table scrolls in: what a reader sees without scrolling it sideways
      const box = (await table.locator('xpath=..').boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(800);
      const rows = await table.locator('tbody tr').all();
      expect(rows).toHaveLength(2);
      for (const row of [table.locator('thead tr'), ...rows]) {
        for (const name of key) {
          const cell = row.locator(':is(th, td)').nth(headers.indexOf(name));
          const cellBox = (await cell.boundingBox())!;
          expect({ name, right: Math.round(cellBox.x + cellBox.width) }).toEqual({
            name,
            right: Math.min(Math.round(cellBox.x + cellBox.width), Math.round(box.x + box.width)),
          });
        }
      }
      // the figures read as the baseline made them: SHA-512 is its own baseline at 512 bits
      const sha512 = await rows[1]!.locator('td').allTextContents();
      expect(sha512.slice(2, 5).every((text) => text.startsWith('1.00×'))).toBe(true);
      await page.screenshot({
        path: path.join(SCREENSHOT_DIRECTORY, 'index_x86_1-baseline-800px.png'),
        fullPage: true,
      });
      await page.close();
    } finally {
      rmSync(withIccs, { recursive: true, force: true });
    }
  }, 60_000);

  it('fits a phone screen: the page never scrolls sideways, wide tables scroll in their box', async () => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(pathToFileURL(path.join(run, 'reports/example-sm3/perf_x86_1.html')).href);
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    await page.screenshot({
      path: path.join(SCREENSHOT_DIRECTORY, 'example-sm3_perf_x86_1-phone.png'),
      fullPage: false,
    });
    await page.close();
  }, 60_000);
});
