import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.js';
import { signUpByEmail } from './support/sign-in.js';
import { firstStoryPath } from './support/stories.js';

const h = useBrowser();

/** What the page's Content-Security-Policy refused, as the browser reports it to the page itself. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
}

const cspErrors = (errors: string[]) => errors.filter((e) => /Content Security Policy/i.test(e));

/** Loads `path`, waits for the network to settle, and returns what the policy refused there. */
async function visit(page: Page, path: string, violations: () => Promise<string[]>): Promise<string[]> {
  const res = await page.goto(path, { waitUntil: 'networkidle' });
  expect(res?.status(), path).toBeLessThan(400);
  expect(res?.headers()['content-security-policy'], path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  return violations();
}

describe.skipIf(h.skipReason !== '')(`content security policy and framing${h.skipReason ? ` (skipped: ${h.skipReason})` : ''}`, () => {
  it('signed out: the main page kinds load, hydrate and navigate without a policy violation', async () => {
    const story = await firstStoryPath(h.baseUrl);
    const username = story.split('/')[1]!;
    const { page, errors } = await h.open(1200);
    const violations = await watchViolations(page);
    for (const path of ['/', story, `/${username}`, '/tag/programming', '/explore-topics', '/search?q=types', '/m/signin']) {
      expect(await visit(page, path, violations), path).toEqual([]);
    }
    // Client-side navigation: Apollo and the next page's chunk load under the same policy.
    await page.goto('/', { waitUntil: 'networkidle' });
    const storyHref = await page.getByTestId('post-card').first().locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')).find((href) => /^\/@[^/]+\/./.test(href ?? '')));
    await page.getByTestId('post-card').first().locator(`a[href="${storyHref}"]`).first().click();
    await page.getByTestId('post-title').waitFor();
    await page.getByRole('button', { name: 'Clap' }).first().click();
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
    expect(cspErrors(errors)).toEqual([]);
  });

  it('signed in: home, a story, the editor and settings load without a policy violation', async () => {
    const { page, errors } = await h.open(1200);
    const violations = await watchViolations(page);
    await signUpByEmail(page, 'Casey Policy', `csp.${Date.now()}@example.com`);
    const story = await firstStoryPath(h.baseUrl);
    for (const path of ['/', story, '/new-story', '/me/settings', '/me/stories/drafts', '/me/notifications']) {
      const res = await page.goto(path, { waitUntil: 'networkidle' });
      expect(res?.headers()['cache-control'], path).toBe('private, no-cache');
      expect(await violations(), path).toEqual([]);
    }
    await page.goto(story, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Clap' }).first().click();
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
    expect(cspErrors(errors)).toEqual([]);
  });

  describe('in an iframe on another origin', () => {
    let outer: http.Server;
    let outerUrl = '';
    beforeAll(async () => {
      outer = http.createServer((req, res) => {
        const src = new URL(req.url ?? '/', 'http://x').searchParams.get('src') ?? '/';
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(`<!doctype html><title>Another site</title><iframe id="framed" src="${h.baseUrl}${src}" width="800" height="600"></iframe>`);
      });
      await new Promise<void>((resolve) => outer.listen(0, '127.0.0.1', resolve));
      outerUrl = `http://127.0.0.1:${(outer.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => outer.close(() => resolve())));

    /** The framed document's title text, or null when the browser refused to render it. */
    async function framedTitle(page: Page, path: string): Promise<string | null> {
      await page.goto(`${outerUrl}/?src=${encodeURIComponent(path)}`, { waitUntil: 'networkidle' });
      const frame = page.frames().find((f) => f !== page.mainFrame());
      if (!frame || !frame.url().startsWith(h.baseUrl)) return null;
      return frame.evaluate(() => document.querySelector('[data-testid="post-title"]')?.textContent ?? document.title).catch(() => null);
    }

    it('does not render a page, signed out or signed in', async () => {
      const story = await firstStoryPath(h.baseUrl);
      const signedOut = await h.open(1200);
      expect(await framedTitle(signedOut.page, story)).toBeNull();
      expect(await framedTitle(signedOut.page, '/')).toBeNull();

      const signedIn = await h.open(1200);
      await signUpByEmail(signedIn.page, 'Frankie Frame', `frame.${Date.now()}@example.com`);
      for (const path of [story, '/', '/me/settings']) expect(await framedTitle(signedIn.page, path), path).toBeNull();
      // The same page on its own origin renders: the refusal is the framing, not the page.
      await signedIn.page.goto(story, { waitUntil: 'networkidle' });
      await expect(signedIn.page.getByTestId('post-title').textContent()).resolves.toBeTruthy();
    });
  });
});
