// Opens the HTML pages of a real run (test/fixtures/run-real) in headless Chromium — Debian's
// /usr/bin/chromium driven by playwright-core, no downloaded browser — and checks what a reader
// sees: the tables, a drawn mark in every chart, no network request, no sideways scrolling on a
// phone. Screenshots go to <tmpdir>/ngcc-perf-report-browser/.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { chromium, type BrowserContext } from 'playwright-core';
import { loadRunDirectory } from '../src/load-run-directory.js';
import { renderCandidateHtml } from '../src/render-candidate-html.js';
import { renderSystemSummaryHtml } from '../src/render-system-summary.js';

const CHROMIUM = '/usr/bin/chromium';
const REAL_RUN = fileURLToPath(new URL('./fixtures/run-real', import.meta.url));
export const SCREENSHOT_DIRECTORY = path.join(tmpdir(), 'ngcc-perf-report-browser');
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const available = existsSync(CHROMIUM);
if (!available) console.warn(`html-browser.test.ts skipped: ${CHROMIUM} is absent (install it with "apt-get install -y chromium"; .ci/run does).`);
const describeInBrowser = available ? describe : describe.skip;

describeInBrowser('HTML report of a real run in headless Chromium', () => {
  let context: BrowserContext;
  let profile: string;
  let pages: string;

  beforeAll(async () => {
    profile = mkdtempSync(path.join(tmpdir(), 'report-chromium-profile-'));
    pages = mkdtempSync(path.join(tmpdir(), 'report-pages-'));
    mkdirSync(SCREENSHOT_DIRECTORY, { recursive: true });
    const dataset = await loadRunDirectory(REAL_RUN);
    writeFileSync(path.join(pages, 'perf_x86_1.html'), renderCandidateHtml(dataset, 'example-sm3'));
    writeFileSync(path.join(pages, 'summary_x86_1.html'), renderSystemSummaryHtml(dataset));
    context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: ARGS, viewport: { width: 1280, height: 900 } });
  }, 60_000);

  afterAll(async () => {
    await context?.close();
    rmSync(profile, { recursive: true, force: true });
    rmSync(pages, { recursive: true, force: true });
  });

  it('shows the seed tables with every row, and draws marks in every chart', async () => {
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (request) => void requests.push(request.url()));
    await page.goto(pathToFileURL(path.join(pages, 'perf_x86_1.html')).href);
    expect(await page.title()).toBe('example-sm3 SM3 — performance on x86-64 (system x86_1)');
    expect(await page.locator('h2').allTextContents()).toEqual([
      '1. Basic information',
      '2. Assessment environment',
      '3. Functional testing (KAT)',
      '4. Performance',
      '5. Resource consumption',
      '7. Raw evidence index',
    ]);
    const performance = page.locator('table', { has: page.locator('caption', { hasText: 'Mean cost per call by instance and message length' }) });
    expect(await performance.locator('tbody tr').count()).toBe(8);
    expect(await performance.locator('tbody tr').first().locator('td').allTextContents()).toEqual(['sm3', '32 B', '2890', '90.3', '1.18 µs', '27.1', '38035 (5 × 7607)']);
    const memory = page.locator('table', { has: page.locator('caption', { hasText: /^Memory of one call by instance/ }) });
    expect(await memory.locator('tbody tr').count()).toBe(8);
    const charts = page.locator('svg[role="img"]');
    expect(await charts.count()).toBe(5); // cycles/byte, MB/s, spread, RSS, memory of one call
    for (let index = 0; index < 5; index += 1) {
      const chart = charts.nth(index);
      expect(await chart.locator('.mark').count()).toBeGreaterThan(0);
      expect(await chart.locator('title').textContent()).toMatch(/^example-sm3: /);
      const box = await chart.locator('.mark').first().boundingBox();
      expect(box === null ? 0 : box.width + box.height).toBeGreaterThan(0);
    }
    expect(requests.every((url) => url.startsWith('file://'))).toBe(true);
    await page.screenshot({ path: path.join(SCREENSHOT_DIRECTORY, 'perf_example-sm3_x86_1.png'), fullPage: true });
    await page.close();
  }, 60_000);

  it('fits a phone screen: the page never scrolls sideways, wide tables scroll in their box', async () => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(pathToFileURL(path.join(pages, 'perf_x86_1.html')).href);
    // evaluated in the page; Node's types have no DOM, so reach the document through globalThis
    const pageWidth = await page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(390);
    await page.screenshot({ path: path.join(SCREENSHOT_DIRECTORY, 'perf_example-sm3_x86_1-phone.png'), fullPage: false });
    await page.close();
  }, 60_000);

  it('the summary page shows one row per instance and a bar per instance', async () => {
    const page = await context.newPage();
    await page.goto(pathToFileURL(path.join(pages, 'summary_x86_1.html')).href);
    expect(await page.locator('table').first().locator('tbody tr').count()).toBe(2);
    expect(await page.locator('svg[role="img"] rect.mark').count()).toBe(2);
    await page.screenshot({ path: path.join(SCREENSHOT_DIRECTORY, 'summary_x86_1.png'), fullPage: true });
    await page.close();
  }, 60_000);
});
