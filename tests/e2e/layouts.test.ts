import { describe, expect, it } from 'vitest';
import { screenshotPath, useBrowser } from './support/browser.js';

const h = useBrowser();

/** A page not built yet in each layout of spec §2.1 (publication pages need a publication). */
const COMING_SOON_PAGES = [
  { path: '/@mayaokafor/books', layout: 'two-column', pageId: 'user-books' },
  { path: '/l/the-trump-45', layout: 'top-nav', pageId: 'the-trump-45' },
  { path: '/business', layout: 'basic', pageId: 'landing-b2b' },
  { path: '/download-app', layout: 'wordmark', pageId: 'download-app' },
];

describe.skipIf(h.skipReason !== '')(`layouts${h.skipReason ? ` (skipped: ${h.skipReason})` : ''}`, () => {
  for (const { path, layout, pageId } of COMING_SOON_PAGES) {
    it(`${path} renders its ${layout} layout with a coming-soon body`, async () => {
      const { page, errors } = await h.open(1200);
      const res = await page.goto(path);
      expect(res?.status()).toBe(200);
      expect(await page.locator(`[data-layout="${layout}"]`).count()).toBe(1);
      const body = page.getByTestId('coming-soon');
      await expect(body.getAttribute('data-page-id')).resolves.toBe(pageId);
      await expect(page.getByRole('heading', { name: 'Coming soon' }).isVisible()).resolves.toBe(true);
      await page.screenshot({ path: screenshotPath(`layout-${layout}-coming-soon`), fullPage: true });
      expect(errors).toEqual([]);
    });
  }

  // Spec §2.1: the sidebar is hidden on small and medium screens (below 904px).
  for (const [width, visible] of [
    [500, false],
    [800, false],
    [1200, true],
  ] as const) {
    it(`at ${width}px the two-column sidebar is ${visible ? 'shown' : 'hidden'} and the main column fits`, async () => {
      const { page } = await h.open(width);
      await page.goto('/me/unsubscribe-all-newsletters');
      await expect(page.getByTestId('sidebar').isVisible()).resolves.toBe(visible);
      const main = await page.locator('main > div').boundingBox();
      expect(main!.width).toBeLessThanOrEqual(680);
      if (visible) {
        const sidebar = await page.getByTestId('sidebar').boundingBox();
        expect(sidebar!.width).toBe(368); // xl
      }
      const header = await page.locator('header').first().boundingBox();
      expect(header!.height).toBe(57);
      // No horizontal scrolling at any width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  }

  it('the sidebar is 352px wide on large (not xl) screens', async () => {
    const { page } = await h.open(1000);
    await page.goto('/me/unsubscribe-all-newsletters');
    expect((await page.getByTestId('sidebar').boundingBox())!.width).toBe(352);
  });

  it('home with a #giftMembership hash goes to the gift checkout', async () => {
    const { page, errors } = await h.open(1200);
    await page.goto('/#giftMembership');
    await page.waitForURL('**/gift-plans');
    await page.getByTestId('gift-membership').waitFor();
    expect(errors).toEqual([]);
  });

  it('small screens show a search button, and no Open in app bar without an app to open (DOWNLOAD_APP_URL)', async () => {
    const { page } = await h.open(500);
    await page.goto('/explore-topics');
    await expect(page.getByRole('link', { name: 'Search' }).isVisible()).resolves.toBe(true);
    await expect(page.locator('[data-mobile-bar]').count()).resolves.toBe(0);
  });
});
