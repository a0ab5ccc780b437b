// What a logged-out reader's browser downloads as JavaScript for a page.
import { gzipSync } from 'node:zlib';
import { closing, ensureOpen, track } from './cleanup.mjs';

export const CHROMIUM_ARGS = [
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
 * Loads `url` in a fresh Chromium profile, waits for the network to go idle and returns every
 * JavaScript response with its size as served and gzipped here at level 9 (the app serves
 * assets uncompressed; a reverse proxy or CDN would compress them).
 */
export async function measurePageJs({ url, executablePath }) {
  const { chromium } = await import('playwright-core');
  ensureOpen();
  const browser = await chromium.launch({
    executablePath,
    args: CHROMIUM_ARGS,
    // The benchmark's own signal handling closes the browser.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  if (closing()) {
    await browser.close();
    throw new Error('interrupted');
  }
  const untrack = track('chromium', { async: () => browser.close(), sync: () => {} });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts = new Map();
    const reads = [];
    const pageErrors = [];
    page.on('pageerror', (err) => pageErrors.push(err.message));
    page.on('console', (msg) => {
      if (msg.type() === 'error') pageErrors.push(`console: ${msg.text()}`);
    });
    page.on('response', (response) => {
      const type = response.request().resourceType();
      const contentType = response.headers()['content-type'] ?? '';
      if (type !== 'script' && !/javascript|ecmascript/.test(contentType)) return;
      reads.push(
        (async () => {
          const body = await response.body();
          scripts.set(response.url(), {
            url: response.url(),
            status: response.status(),
            bytes: body.length,
            gzipBytes: gzipSync(body, { level: 9 }).length,
          });
        })(),
      );
    });

    const response = await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
    if (!response || response.status() !== 200) throw new Error(`Chromium: ${url} answered ${response?.status() ?? 'nothing'}.`);
    await Promise.all(reads);
    await context.close();

    const chunks = [...scripts.values()].sort((a, b) => b.gzipBytes - a.gzipBytes);
    const failed = chunks.filter((c) => c.status < 200 || c.status >= 300);
    if (failed.length) throw new Error(`Chromium: scripts failed to load: ${failed.map((c) => `${c.url} (${c.status})`).join(', ')}`);
    return {
      chunks,
      totalBytes: chunks.reduce((n, c) => n + c.bytes, 0),
      totalGzipBytes: chunks.reduce((n, c) => n + c.gzipBytes, 0),
      pageErrors,
    };
  } finally {
    await browser.close();
    untrack();
  }
}
