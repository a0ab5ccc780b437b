import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath, useBrowser } from './support/browser.js';
import { clickOnceHydrated, readNewEmail, signUpByEmail, waitForHydration } from './support/sign-in.js';

const h = useBrowser();

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();

describe.skipIf(h.skipReason !== '')(`subscribing to a writer's newsletter${h.skipReason ? ` (skipped: ${h.skipReason})` : ''}`, () => {
  for (const width of [500, 1200]) {
    it(`at ${width}px a signed-out visitor subscribes by email on /@writer/subscribe and confirms from the mailbox`, async () => {
      const { page, errors } = await h.open(width);
      await page.goto('/@mayaokafor/subscribe');
      await page.getByRole('heading', { name: 'Get an email whenever Maya Okafor publishes.' }).waitFor();
      await page.screenshot({ path: screenshotPath(`newsletter-promotion-${width}`), fullPage: true });
      const email = `visitor-${width}-${Date.now()}@example.com`;
      const field = page.getByLabel('Your email');
      await waitForHydration(field);
      await field.fill(email);
      await page.getByRole('button', { name: 'Subscribe' }).click();
      await page.getByTestId('subscribe-check-inbox').waitFor();
      expect(await page.getByTestId('subscribe-check-inbox').textContent()).toContain(email);
      await page.screenshot({ path: screenshotPath(`newsletter-check-inbox-${width}`), fullPage: true });

      const mailbox = await page.context().newPage();
      const text = await readNewEmail(mailbox, email, /Confirm your subscription/);
      await mailbox.close();
      expect(text).toContain('By subscribing, you agree that your email address is shared with Maya Okafor');
      const link = /https?:\/\/\S+\/_\/newsletters\/confirm\/\S+/.exec(text)?.[0];
      expect(link).toBeTruthy();
      await page.goto(new URL(link!).pathname);
      await page.getByTestId('subscription-confirmed').waitFor();
      expect(new URL(page.url()).pathname).toBe('/@mayaokafor/subscribe');
      expect(await page.getByTestId('subscription-confirmed').textContent()).toMatch(/You're subscribed to Maya Okafor/);
      await page.screenshot({ path: screenshotPath(`newsletter-confirmed-${width}`), fullPage: true });
      expect(errors).toEqual([]);
    });

    it(`at ${width}px a signed-in reader clicks Subscribe beside Follow on the profile and sees the toast; a second click unsubscribes`, async () => {
      const { page, errors } = await h.open(width);
      await signUpByEmail(page, 'Sam Subscriber', `sam-${width}-${Date.now()}@example.com`);
      await page.goto('/@mayaokafor');
      // The header's buttons below 904px, the sidebar's above.
      const button = page.locator('[data-testid="subscribe-button"]:visible');
      await expect.poll(() => button.count()).toBe(1);
      expect(await button.getAttribute('aria-label')).toBe("Subscribe to Maya Okafor's newsletter");
      // The §5 notice shows before the first subscription.
      expect(await page.locator('[data-testid="subscribe-notice"]:visible').textContent()).toContain('shared with Maya Okafor');
      await page.screenshot({ path: screenshotPath(`newsletter-profile-button-${width}`), fullPage: true });
      await clickOnceHydrated(button);
      await toast(page, "You're now subscribed to Maya Okafor.").waitFor();
      await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
      await page.screenshot({ path: screenshotPath(`newsletter-profile-subscribed-${width}`) });
      await page.reload();
      await expect.poll(() => page.locator('[data-testid="subscribe-button"]:visible').getAttribute('aria-pressed')).toBe('true');
      await clickOnceHydrated(page.locator('[data-testid="subscribe-button"]:visible'));
      await toast(page, "You've unsubscribed from Maya Okafor.").waitFor();
      expect(errors).toEqual([]);
    });
  }
});
