// Opens, in headless Chromium (test/chromium-harness.ts, as html-browser.test.ts does), the site of a run that holds a
// hash candidate and a KEM candidate together (test/fixtures/run-site), written to a folder of its
// own as `ngcc-perf report RUN --out SITE` writes it (writeRunReports with the run directory: the
// evidence copied beside the pages). From the site index: both categories and their candidate
// pages, the KEM page's sections (per-operation tables, sizes, memory, primitive profile,
// constant-time), the ranking page of the KEM's target and back; then every page the index reaches,
// each internal link resolving (file and anchor) and no console error.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { BrowserContext, Page } from 'playwright-core';
import { loadRunDirectory } from '../src/load-run-directory.js';
import { writeRunReports } from '../src/write-run-reports.js';
import type { Dataset } from '../src/dataset.js';
import { describeInBrowser, launchChromium, pageWidth, SCREENSHOT_DIRECTORY } from './chromium-harness.js';

const RUN = fileURLToPath(new URL('./fixtures/run-site', import.meta.url));
const KEM_PAGE = 'kem-99/perf_x86_1.html';
const HASH_PAGE = 'example-sm3/perf_x86_1.html';

/** The `href` attributes of the links `selector` matches, as written. */
async function hrefsOf(page: Page, selector: string): Promise<string[]> {
  return page
    .locator(selector)
    .evaluateAll((links) =>
      links.map((link) => (link as unknown as { getAttribute: (name: string) => string }).getAttribute('href')),
    );
}

/** Every link of the page, resolved against it (`a.href`). */
async function resolvedLinks(page: Page): Promise<string[]> {
  return page
    .locator('a[href]')
    .evaluateAll((links) => links.map((link) => (link as unknown as { href: string }).href));
}

/** Why a `file:` link does not resolve (no file; an HTML page without the anchor), or null. */
function unresolved(url: string): string | null {
  const target = new URL(url);
  const file = fileURLToPath(target);
  if (!existsSync(file)) return 'no such file';
  const anchor = decodeURIComponent(target.hash.slice(1));
  if (anchor === '' || !file.endsWith('.html')) return null;
  return readFileSync(file, 'utf8').includes(`id="${anchor}"`) ? null : `no element #${anchor}`;
}

describeInBrowser('html-browser-site.test.ts')('the site of a run with a hash and a KEM candidate', () => {
  let context: BrowserContext;
  let closeBrowser: () => Promise<void>;
  let site: string;
  let dataset: Dataset;
  const requests: string[] = [];
  const reports = (relative: string) => pathToFileURL(path.join(site, 'reports', relative)).href;

  beforeAll(async () => {
    site = mkdtempSync(path.join(tmpdir(), 'report-site-'));
    dataset = await loadRunDirectory(RUN);
    await writeRunReports(dataset, site, { runDirectory: RUN });
    ({ context, close: closeBrowser } = await launchChromium());
    context.on('request', (request) => void requests.push(request.url()));
  }, 60_000);

  afterAll(async () => {
    await closeBrowser?.();
    rmSync(site, { recursive: true, force: true });
  });

  it('the site index lists the hash candidates and the KEM candidates apart, each linking its candidate page', async () => {
    const categories = [...new Set(dataset.build.instances.map((entry) => entry.category))];
    expect(categories).toEqual(['hash', 'kem']);
    const page = await context.newPage();
    await page.goto(reports('index.html'));
    expect(await hrefsOf(page, 'section[aria-labelledby="candidates"] tbody a')).toEqual([HASH_PAGE]);
    expect(await hrefsOf(page, 'section[aria-labelledby="category-kem"] tbody a')).toEqual([KEM_PAGE]);
    for (const [section, href, candidate] of [
      ['candidates', HASH_PAGE, 'example-sm3'],
      ['category-kem', KEM_PAGE, 'kem-99'],
    ] as const) {
      await page.goto(reports('index.html'));
      await page.locator(`section[aria-labelledby="${section}"] tbody a`).click();
      expect(page.url()).toBe(reports(href));
      expect(await page.locator('h1').textContent()).toContain(candidate);
      expect(await page.locator('nav.breadcrumbs a').first().getAttribute('href')).toBe('../index.html');
    }
    await page.close();
  }, 60_000);

  it('the KEM candidate page shows its per-operation tables, sizes, memory, primitive profile and constant-time audit', async () => {
    const page = await context.newPage();
    await page.goto(reports(KEM_PAGE));
    for (const id of ['kem-performance', 'resources', 'kem-sizes', 'placeholder-primitives', 'constant-time'])
      expect({ id, visible: await page.locator(`section[aria-labelledby="${id}"]`).isVisible() }).toEqual({
        id,
        visible: true,
      });
    const instances = dataset.build.instances.filter((entry) => entry.category === 'kem');
    const operations = ['keygen', 'enc', 'dec'];
    // item (4): a row per instance and operation, as many as the run has records
    const timing = page.locator('section[aria-labelledby="kem-performance"] table tbody tr');
    const timed = await Promise.all((await timing.all()).map((row) => row.locator('td').nth(1).textContent()));
    expect(timed).toEqual(instances.flatMap(() => operations));
    expect((dataset.operationRecords ?? []).length).toBe(timed.length);
    // item (5): the memory of one call of each operation
    const memory = page.locator('section[aria-labelledby="resources"] table', {
      has: page.locator('caption', { hasText: 'the memory of one call' }),
    });
    expect(await memory.locator('tbody tr').count()).toBe(instances.length * operations.length);
    // item (6): the bytes build.json holds, in the order of its sizes
    const sizes = page.locator('section[aria-labelledby="kem-sizes"] table');
    expect(await sizes.locator('thead th').allTextContents()).toEqual([
      'instance',
      ...instances[0]!.sizes!.map((size) => size.label),
    ]);
    for (const [index, entry] of instances.entries())
      expect(await sizes.locator('tbody tr').nth(index).locator('td').allTextContents()).toEqual([
        entry.instance,
        ...entry.sizes!.map((size) => String(size.getterBytes)),
      ]);
    // the ICCS placeholder primitives: one table per operation, one row per instance
    const profiles = page.locator('section[aria-labelledby="placeholder-primitives"] table');
    expect(await profiles.locator('thead th:first-child').allTextContents()).toEqual(
      operations.map((operation) => `${operation}: instance`),
    );
    for (const table of await profiles.all())
      expect(await table.locator('tbody tr td:first-child').allTextContents()).toEqual(
        instances.map((entry) => entry.instance),
      );
    // the constant-time audit: build.json's verdict per instance
    const verdicts = page.locator('section[aria-labelledby="constant-time"] table tbody tr');
    expect(await verdicts.count()).toBe(instances.length);
    for (const [index, entry] of instances.entries())
      expect(await verdicts.nth(index).locator('td').nth(2).textContent()).toContain(entry.ct!.verdict);
    await page.setViewportSize({ width: 800, height: 900 });
    expect(await pageWidth(page)).toBeLessThanOrEqual(800);
    await page.screenshot({
      path: path.join(SCREENSHOT_DIRECTORY, 'site_kem-99_perf_x86_1-800px.png'),
      fullPage: true,
    });
    await page.close();
  }, 60_000);

  it('the ranking page of the KEM’s target opens from the site index, ranks it, and links back', async () => {
    const page = await context.newPage();
    await page.goto(reports('index.html'));
    const rankings = (await hrefsOf(page, 'main a')).filter((href) => /^ranking_x86_1_\d+\.html$/.test(href));
    expect(rankings.length).toBeGreaterThan(0);
    const ranked: string[] = [];
    for (const href of rankings) {
      await page.goto(reports('index.html'));
      await page.locator(`main a[href="${href}"]`).first().click();
      expect(page.url()).toBe(reports(href));
      const links = await hrefsOf(page, 'section[aria-labelledby="ranking-kem"] tbody a');
      if (links.includes(KEM_PAGE)) ranked.push(href);
      expect(await hrefsOf(page, 'nav.breadcrumbs a')).toEqual(['index.html', 'index_x86_1.html', 'method_x86_1.html']);
    }
    // the KEM's name claims the 128-bit target and it passed its KAT: ranked there alone
    expect(ranked).toEqual(['ranking_x86_1_128.html']);
    await page.goto(reports('ranking_x86_1_128.html'));
    await page.locator(`section[aria-labelledby="ranking-kem"] tbody a[href="${KEM_PAGE}"]`).first().click();
    expect(page.url()).toBe(reports(KEM_PAGE));
    await page.locator('nav.breadcrumbs a').first().click();
    expect(page.url()).toBe(reports('index.html'));
    await page.close();
  }, 60_000);

  it('every page the site index reaches: each internal link resolves, no console error, no network', async () => {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => void errors.push(`${page.url()}: ${error.message}`));
    page.on('requestfailed', (request) => void errors.push(`${page.url()}: ${request.url()} failed`));
    const queue = [reports('index.html')];
    const seen = new Set(queue);
    const broken: string[] = [];
    while (queue.length > 0) {
      const url = queue.shift()!;
      await page.goto(url);
      for (const link of await resolvedLinks(page)) {
        if (!link.startsWith('file:')) continue;
        const why = unresolved(link);
        if (why !== null) broken.push(`${url} → ${link}: ${why}`);
        const target = link.split('#')[0]!;
        if (why === null && target.endsWith('.html') && !seen.has(target)) {
          seen.add(target);
          queue.push(target);
        }
      }
    }
    expect(broken).toEqual([]);
    expect(errors).toEqual([]);
    // the KEM page, its ranking page and the evidence copied beside the site were among them
    for (const href of [KEM_PAGE, HASH_PAGE, 'ranking_x86_1_128.html', 'constant-time_x86_1.html'])
      expect(seen).toContain(reports(href));
    expect(requests.every((url) => url.startsWith('file://'))).toBe(true);
    await page.close();
  }, 120_000);
});
