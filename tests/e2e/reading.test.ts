import { describe, expect, it } from 'vitest';
import { DESKTOP_USER_AGENT, screenshotPath, useBrowser } from './support/browser.js';
import { firstStoryPath } from './support/stories.js';

const h = useBrowser();

describe.skipIf(h.skipReason !== '')(`reading as a logged-out visitor${h.skipReason ? ` (skipped: ${h.skipReason})` : ''}`, () => {
  it('home shows the landing with staff picks and fires homepage.viewed', async () => {
    const { page, errors } = await h.open(1200, { userAgent: DESKTOP_USER_AGENT });
    const events: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/_/batch') && r.method() === 'POST') events.push(...(JSON.parse(r.postData() ?? '[]') as { key: string }[]).map((e) => e.key));
    });
    const res = await page.goto('/');
    expect(res?.status()).toBe(200);
    await expect(page.title()).resolves.toContain('Inkwell');
    const cards = page.getByTestId('post-card');
    await expect(cards.first().isVisible()).resolves.toBe(true);
    expect(await cards.count()).toBeGreaterThanOrEqual(4);
    await expect(page.getByRole('link', { name: 'Get started' }).first().isVisible()).resolves.toBe(true);
    await page.screenshot({ path: screenshotPath('layout-basic-home-lo'), fullPage: true });
    // Events go out in one batch 5 s after the first, or at once when the page is hidden.
    await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
    await expect.poll(() => events).toContain('homepage.viewed');
    expect(errors).toEqual([]);
  });

  it('a story page renders every kind of paragraph server-side and hydrates without errors', async () => {
    const path = await firstStoryPath(h.baseUrl);
    const { page, errors } = await h.open(1200);
    const res = await page.goto(path);
    expect(res?.status()).toBe(200);
    const title = await page.getByTestId('post-title').textContent();
    expect(title).toBeTruthy();
    await expect(page.title()).resolves.toContain(title!);
    await expect(page.getByText(/^\d+ min read$/).first().isVisible()).resolves.toBe(true);
    for (const selector of ['P', 'H3', 'PRE', 'ULI', 'BQ', 'IMG'].map((type) => `article [data-paragraph-type="${type}"]`)) {
      expect(await page.locator(selector).count(), selector).toBeGreaterThan(0);
    }
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(new URL(canonical!).pathname).toBe(path);
    await page.screenshot({ path: screenshotPath('layout-top-nav-post'), fullPage: true });
    expect(errors).toEqual([]);
  });

  it('/p/{id} redirects to the canonical story URL', async () => {
    const path = await firstStoryPath(h.baseUrl);
    const id = path.slice(-12);
    const res = await fetch(`${h.baseUrl}/p/${id}`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(new URL(res.headers.get('location')!, h.baseUrl).pathname).toBe(path);
  });

  it('a profile lists the writer’s stories and links each to its page', async () => {
    const path = await firstStoryPath(h.baseUrl);
    const username = path.split('/')[1]!;
    const { page, errors } = await h.open(1200);
    const res = await page.goto(`/${username}`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBeTruthy();
    expect(await page.getByTestId('post-card').count()).toBeGreaterThan(0);
    await expect(page.getByTestId('profile-sidebar').isVisible()).resolves.toBe(true);
    await page.screenshot({ path: screenshotPath('layout-two-column-user-profile'), fullPage: true });
    // Client navigation: clicking a story swaps the page without a full load and resets scroll.
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    await page.evaluate(() => window.scrollTo(0, 400));
    await page.getByTestId('post-card').first().getByRole('link').filter({ has: page.locator('h2') }).first().click();
    await page.getByTestId('post-title').waitFor();
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(errors).toEqual([]);
  });

  it('an unknown path shows the 404 page: status, title, texts, Home link and staff picks', async () => {
    const { page, errors } = await h.open(1200);
    const res = await page.goto('/this/path/does-not-exist');
    expect(res?.status()).toBe(404);
    await expect(page.title()).resolves.toBe('unknown');
    for (const text of ['PAGE NOT FOUND', '404', 'Out of nothing, something.']) {
      await expect(page.getByText(text, { exact: true }).first().isVisible(), text).resolves.toBe(true);
    }
    await expect(page.getByRole('link', { name: 'Home', exact: true }).isVisible()).resolves.toBe(true);
    const picks = await page.getByTestId('post-card').count();
    expect(picks).toBeGreaterThan(0);
    expect(picks).toBeLessThanOrEqual(4);
    await page.screenshot({ path: screenshotPath('layout-not-found'), fullPage: true });
    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
  });

  it('an unknown user and any publication slug are 404s, not coming-soon pages', async () => {
    for (const path of ['/@nobody-here/followers', '/some-publication/about']) {
      const res = await fetch(`${h.baseUrl}${path}`);
      expect(res.status, path).toBe(404);
    }
  });
});
