import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

/** Debian Chromium, started the way this machine allows (no background networking). */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A desktop Chrome user agent: headless Chromium's own one counts as a bot (no analytics). */
export const DESKTOP_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

export const ARTIFACTS_DIR = path.resolve('test-results', 'e2e');

export interface BrowserHarness {
  baseUrl: string;
  /** A fresh context and page at the given width; console errors are collected. */
  open(width?: number, opts?: { userAgent?: string }): Promise<{ page: Page; context: BrowserContext; errors: string[] }>;
}

/**
 * One Chromium per test file. `skipReason` is set when Chromium is missing outside CI
 * (the global setup fails the run in CI instead).
 */
export function useBrowser(): BrowserHarness & { skipReason: string } {
  const baseUrl = inject('e2eBaseUrl');
  const executablePath = inject('chromiumPath');
  let browser: Browser | null = null;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    if (!executablePath) return;
    browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
    fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
  });
  return {
    baseUrl,
    skipReason: inject('e2eSkipReason'),
    async open(width = 1200, opts = {}) {
      if (!browser) throw new Error('Chromium did not start.');
      const context = await browser.newContext({ viewport: { width, height: 900 }, baseURL: baseUrl, userAgent: opts.userAgent });
      contexts.push(context);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      page.on('pageerror', (e) => errors.push(e.message));
      return { page, context, errors };
    },
  };
}

export const screenshotPath = (name: string) => path.join(ARTIFACTS_DIR, `${name}.png`);

/** The page reloaded at three widths around spec §9's breakpoints, to look at; ends at 1200. */
export async function shootWidths(page: Page, name: string): Promise<void> {
  for (const width of [500, 800, 1200]) {
    await page.setViewportSize({ width, height: 900 });
    await page.reload({ waitUntil: 'networkidle' });
    await page.screenshot({ path: screenshotPath(`${name}-${width}`), fullPage: true });
  }
}
