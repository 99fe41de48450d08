// The browser tests' harness: Debian's /usr/bin/chromium driven by playwright-core (no downloaded
// browser), headless, in a fresh profile, with no network of its own. The tests are skipped, with a
// warning saying how to install it, when the browser is absent.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe } from '@jest/globals';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

/** The browser the tests drive (Debian's package `chromium`; .ci/run installs it). */
export const CHROMIUM = '/usr/bin/chromium';
/** Where the browser tests keep their screenshots. */
export const SCREENSHOT_DIRECTORY = fileURLToPath(new URL('../.test-results/screenshots', import.meta.url));
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * `describe` when {@link CHROMIUM} exists, else `describe.skip` with a warning naming the test file.
 *
 * @param testFile - the test file's name, for the warning
 * @returns the describe to use
 * @example
 * describeInBrowser('html-browser.test.ts')('the pages of a run', () => { … });
 */
export function describeInBrowser(testFile: string): typeof describe | typeof describe.skip {
  if (existsSync(CHROMIUM)) return describe;
  console.warn(
    `${testFile} skipped: ${CHROMIUM} is absent (install it with "apt-get install -y chromium"; .ci/run does).`,
  );
  return describe.skip;
}

/** A browser context in a fresh profile, and how to close it and remove the profile. */
export interface ChromiumSession {
  context: BrowserContext;
  close: () => Promise<void>;
}

/**
 * Launches headless Chromium in a fresh temporary profile at 1400 × 900 px.
 *
 * @returns the context and its `close` (closes the browser, removes the profile)
 * @example
 * const { context, close } = await launchChromium();
 */
export async function launchChromium(): Promise<ChromiumSession> {
  const profile = mkdtempSync(path.join(tmpdir(), 'report-chromium-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    viewport: { width: 1400, height: 900 },
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * scrollWidth of the page, evaluated in the page (Node's types have no DOM).
 *
 * @param page - an open page
 * @returns the document's scroll width, CSS px
 * @example
 * expect(await pageWidth(page)).toBeLessThanOrEqual(800);
 */
export async function pageWidth(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement
        .scrollWidth,
  );
}
