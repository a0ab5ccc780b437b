import { describe, expect, it } from 'vitest';
import { screenshotPath, useBrowser } from './support/browser.js';
import { readLatestEmail } from './support/sign-in.js';

const h = useBrowser();

describe.skipIf(h.skipReason !== '')(`signing up and in by email${h.skipReason ? ` (skipped: ${h.skipReason})` : ''}`, () => {
  const email = `reader.${Date.now()}@example.com`;

  it('signs up with the emailed code, lands signed in, and signs out from the avatar menu', async () => {
    const { page, errors } = await h.open(1200);
    // skipOnboarding=1 (spec §6): straight back home; topics-onboarding.test.ts follows the onboarding.
    await page.goto('/m/signin?operation=register&redirect=%2F%3FskipOnboarding%3D1');
    await page.getByRole('button', { name: 'Sign up with email' }).click();
    await page.getByLabel('Your full name').fill('Erin Reader');
    await page.getByLabel('Your email').fill('not an email');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe('Please enter a valid email address.');
    await page.getByLabel('Your email').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Check your inbox.' }).waitFor();
    // Wide screens start with the link; the code is one click away.
    await page.getByRole('button', { name: 'Enter code instead' }).click();
    await page.screenshot({ path: screenshotPath('sign-in-code') });

    const mailbox = await page.context().newPage();
    const { code } = await readLatestEmail(mailbox, email);
    await mailbox.close();

    await page.getByLabel('Code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const menu = page.getByRole('button', { name: 'Account menu' });
    await menu.waitFor();
    await menu.click();
    // The menu's code loads when it first opens.
    await page.getByText(/^r•+@example\.com$/).waitFor();
    await page.screenshot({ path: screenshotPath('signed-in-avatar-menu') });
    await page.getByRole('link', { name: /Sign out/ }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.getByRole('link', { name: 'Get started' }).first().isVisible()).resolves.toBe(true);
    expect(errors).toEqual([]);
  });

  it('signs in with the magic link on a narrow screen, which starts in code mode', async () => {
    const { page, errors } = await h.open(500);
    await page.goto('/m/signin');
    await page.getByRole('button', { name: 'Sign in with email' }).click();
    await page.getByLabel('Your email').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Code').waitFor(); // narrow: code entry first
    const { link } = await readLatestEmail(page, email);
    await page.goto(new URL(link).pathname + new URL(link).search);
    // The link redirects home; the page's own loading (its feed) need not have finished.
    await page.waitForURL((url) => url.pathname === '/', { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Account menu' }).first().waitFor();
    expect(errors).toEqual([]);
  });

  it('shows the unrecognized-email step for an unknown address', async () => {
    const { page } = await h.open(1200);
    await page.goto('/m/signin?operation=login');
    await page.getByRole('button', { name: 'Sign in with email' }).click();
    await page.getByLabel('Your email').fill('nobody.here@example.com');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: "Sorry, we didn't recognize that email." }).waitFor();
  });
});
