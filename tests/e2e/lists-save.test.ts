import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath, useBrowser } from './support/browser.js';
import { clickOnceHydrated, signUpByEmail, waitForHydration } from './support/sign-in.js';

const h = useBrowser();

/** The cards of the home tab on show. */
const shownCards = (page: Page) => page.locator('[role="tabpanel"]:not([hidden])').getByTestId('post-card');

describe.skipIf(h.skipReason !== '')(`saving stories and the library${h.skipReason ? ` (skipped: ${h.skipReason})` : ''}`, () => {
  for (const width of [500, 1200]) {
    it(`at ${width}px: save from a home card with Undo, see the Reading list in the library, make a list from a story's Save menu`, async () => {
      const tag = `${width}-${Date.now().toString(36)}`;
      const { page, errors } = await h.open(width);
      await signUpByEmail(page, 'Lena Lists', `lena-${tag}@example.com`);
      await page.goto('/');
      const card = shownCards(page).first();
      await card.waitFor();
      const control = card.getByTestId('save-control');
      // The page's saved state arrives in one query after hydration: then Save knows what it toggles.
      await card.locator('[data-testid="save-control"][data-saved="false"]').waitFor();
      const save = control.getByRole('button', { name: /^Save / });
      await clickOnceHydrated(save);
      await expect.poll(() => save.getAttribute('aria-pressed')).toBe('true');
      const toast = page.getByRole('status').filter({ hasText: 'Saved to Reading list.' });
      await toast.waitFor();
      await page.screenshot({ path: screenshotPath(`lists-save-toast-${width}`) });
      await toast.getByRole('button', { name: 'Undo' }).click();
      await expect.poll(() => save.getAttribute('aria-pressed')).toBe('false');
      await toast.waitFor({ state: 'hidden' });
      await save.click();
      await expect.poll(() => save.getAttribute('aria-pressed')).toBe('true');
      await toast.waitFor(); // the server kept it (the toast comes with its answer)
      const storyPath = (await card.locator('h2').locator('xpath=..').getAttribute('href'))!;

      await page.goto('/me/lists');
      const reading = page.getByTestId('catalog-preview').first();
      await reading.getByText('1 story').waitFor();
      expect(await reading.getByRole('link', { name: 'Reading list' }).getAttribute('href')).toBe('/me/list/reading-list');
      await page.screenshot({ path: screenshotPath(`lists-your-lists-${width}`), fullPage: true });

      await page.goto(storyPath);
      const arrow = page.getByTestId('action-bar').first().getByRole('button', { name: /to a list$/ });
      await clickOnceHydrated(arrow);
      const menu = page.getByRole('dialog', { name: 'Save to list' });
      const readingBox = menu.getByRole('checkbox', { name: 'Reading list' });
      await readingBox.waitFor();
      expect(await readingBox.isChecked()).toBe(true);
      // The dialog takes focus; Escape gives it back to the arrow.
      await expect.poll(() => readingBox.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
      expect(await arrow.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      await readingBox.waitFor();
      await menu.getByRole('button', { name: 'Create new list' }).click();
      const name = `Weekend reads ${tag}`;
      await menu.getByLabel('Name').fill(name);
      await menu.getByRole('button', { name: 'Create' }).click();
      await expect.poll(() => menu.getByRole('checkbox', { name }).isChecked()).toBe(true);
      await page.screenshot({ path: screenshotPath(`lists-save-menu-${width}`) });

      await page.goto('/me/lists');
      await page.getByRole('link', { name }).waitFor();
      expect(await page.getByTestId('catalog-preview').filter({ hasText: name }).getByText('1 story').count()).toBe(1);
      expect(errors).toEqual([]);
    });
  }

  it('the library, profile lists and collections pages, to look at', async () => {
    const { page, errors } = await h.open(1200);
    await signUpByEmail(page, 'Paz Pages', `paz-${Date.now().toString(36)}@example.com`);
    for (const [path, name] of [
      ['/me/lists/saved', 'lists-saved'],
      ['/collections', 'lists-collections'],
      ['/@mayaokafor/lists', 'lists-profile'],
    ] as const) {
      for (const width of [500, 1200]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        await waitForHydration(page.locator('[data-header]'));
        await page.screenshot({ path: screenshotPath(`${name}-${width}`), fullPage: true });
      }
    }
    await page.goto('/me/lists');
    await clickOnceHydrated(page.getByRole('button', { name: 'New list' }));
    await page.getByRole('dialog').getByRole('heading', { name: 'Create new list' }).waitFor();
    await page.screenshot({ path: screenshotPath('lists-new-list-modal-1200') });
    expect(errors).toEqual([]);
  });
});
