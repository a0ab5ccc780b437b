import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath, useBrowser } from './support/browser.js';
import { seedPublication } from './support/publication.js';
import { clickOnceHydrated, signUpByEmail } from './support/sign-in.js';

const h = useBrowser();

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();

/**
 * A signed-in reader follows a publication from its masthead (the count moves, the followers
 * page lists them), unfollows with the spec §4 toast, then mutes and unmutes it from the '…' menu.
 */
describe.skipIf(h.skipReason !== '')(`publication follow and mute${h.skipReason ? ` (skipped: ${h.skipReason})` : ''}`, () => {
  const stamp = Date.now().toString(36);

  for (const width of [500, 1200]) {
    it(`at ${width}px: a reader follows from the masthead, is listed as a follower, unfollows, mutes and unmutes`, async () => {
      const owner = await h.open(width);
      await signUpByEmail(owner.page, 'Hana Harbour', `hana.f${width}.${stamp}@example.com`);
      const pub = await seedPublication(owner.context, `tide-${width}-${stamp}`, `Tide Notes ${width}`);

      const { page, errors } = await h.open(width);
      await signUpByEmail(page, 'Fern Follower', `fern.${width}.${stamp}@example.com`);
      await page.goto(`/${pub.slug}`);
      const masthead = page.getByTestId('publication-masthead');
      const count = masthead.getByTestId('publication-follower-count');
      await expect(count.textContent()).resolves.toBe('0 followers');

      await clickOnceHydrated(masthead.getByRole('button', { name: `Follow ${pub.name}`, exact: true }));
      await toast(page, `You're now following ${pub.name}`).waitFor();
      await masthead.getByRole('button', { name: `Following ${pub.name}`, exact: true }).waitFor();
      await expect.poll(() => count.textContent()).toBe('1 follower');
      await page.screenshot({ path: screenshotPath(`publication-follow-following-${width}`), fullPage: true });

      // The followers page, reached from the count, lists the reader; the count holds after a reload.
      await count.click();
      await page.waitForURL((url) => url.pathname === `/${pub.slug}/followers`);
      await page.getByRole('heading', { level: 1, name: '1 Follower', exact: true }).waitFor();
      await page.getByRole('list', { name: `Followers of ${pub.name}` }).getByText('Fern Follower').waitFor();
      await page.screenshot({ path: screenshotPath(`publication-followers-${width}`), fullPage: true });

      // Unfollow, with its toast; the count goes back.
      await page.goto(`/${pub.slug}`);
      await expect(count.textContent()).resolves.toBe('1 follower');
      await clickOnceHydrated(masthead.getByRole('button', { name: `Following ${pub.name}`, exact: true }));
      await toast(page, `You've unfollowed ${pub.name}`).waitFor();
      await masthead.getByRole('button', { name: `Follow ${pub.name}`, exact: true }).waitFor();
      await expect.poll(() => count.textContent()).toBe('0 followers');

      // Mute and unmute from the '…' menu.
      const more = masthead.getByRole('button', { name: `More actions for ${pub.name}`, exact: true });
      await more.click();
      await page.getByRole('menuitem', { name: 'Mute this publication', exact: true }).click();
      await toast(page, `${pub.name} has been muted`).waitFor();
      await page.reload();
      await clickOnceHydrated(more);
      await page.getByRole('menuitem', { name: 'Unmute this publication', exact: true }).click();
      await toast(page, `${pub.name} has been unmuted`).waitFor();
      await page.reload();
      await clickOnceHydrated(more);
      await page.getByRole('menuitem', { name: 'Mute this publication', exact: true }).waitFor();
      await page.screenshot({ path: screenshotPath(`publication-follow-menu-${width}`), fullPage: true });

      // The owner's masthead has neither Follow nor the menu.
      await owner.page.goto(`/${pub.slug}`);
      await owner.page.getByTestId('publication-follower-count').waitFor();
      await expect(owner.page.getByRole('button', { name: `Follow ${pub.name}`, exact: true }).count()).resolves.toBe(0);

      expect(errors).toEqual([]);
      expect(owner.errors).toEqual([]);
    }, 120_000);
  }
});
