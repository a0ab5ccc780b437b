import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { totpCodeAt } from '../../src/modules/accounts/two-factor.js';
import { screenshotPath, useBrowser } from './support/browser.js';
import { clickOnceHydrated, readLatestEmail, signUpByEmail, waitForHydration } from './support/sign-in.js';

const h = useBrowser();

async function passwordSignIn(page: Page, email: string, password: string) {
  await page.goto('/m/signin?operation=login');
  // A click before the page hydrated does nothing: wait for React to own the button.
  await clickOnceHydrated(page.getByRole('button', { name: 'Sign in with email' }));
  await page.getByRole('button', { name: 'Sign in with a password instead' }).click();
  await page.getByLabel('Your email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

describe.skipIf(h.skipReason !== '')(`passwords and two-factor in the browser${h.skipReason ? ` (skipped: ${h.skipReason})` : ''}`, () => {
  const email = `secure.${Date.now()}@example.com`;
  const password = 'paper lantern over quiet water';

  it('sets a password in settings, signs in with it, and meets the lockout text', async () => {
    const { page, errors } = await h.open(1200);
    await signUpByEmail(page, 'Sam Secure', email);
    await page.goto('/me/settings/security');
    await waitForHydration(page.getByLabel('New password'));
    await page.getByLabel('New password').fill('short');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByRole('alert').first().textContent()).resolves.toBe('Use at least 8 characters.');
    await page.getByLabel('New password').fill(password);
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByText('Your password is saved.').waitFor();

    const other = (await h.open(1200)).page;
    await passwordSignIn(other, email, password);
    await other.getByRole('button', { name: 'Account menu' }).first().waitFor();

    const third = (await h.open(1200)).page;
    await passwordSignIn(third, email, 'not the password at all');
    await expect(third.getByRole('alert').textContent()).resolves.toBe('That password was incorrect. You have 5 more attempts before your account is locked for 1 minute.');
    for (let i = 4; i >= 1; i--) {
      await third.getByLabel('Password', { exact: true }).fill(`wrong password ${i}`);
      await third.getByRole('button', { name: 'Sign in', exact: true }).click();
      await third.getByText(`You have ${i} more attempts`, { exact: false }).waitFor();
    }
    await third.getByLabel('Password', { exact: true }).fill('the sixth wrong one');
    await third.getByRole('button', { name: 'Sign in', exact: true }).click();
    await third.getByText('Due to too many password attempts, your account is locked for 1 minutes.').waitFor();
    await third.screenshot({ path: screenshotPath('password-soft-lockout') });
    expect(errors).toEqual([]);
  });

  it('turns on two-factor with the QR code and signs in with a code by magic link', async () => {
    const { page, errors } = await h.open(1200);
    const { link } = await (async () => {
      await page.goto('/m/signin?operation=login');
      await page.getByRole('button', { name: 'Sign in with email' }).click();
      await page.getByLabel('Your email').fill(email);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('heading', { name: 'Check your inbox.' }).waitFor();
      return readLatestEmail(page, email);
    })();
    await page.goto(new URL(link).pathname + new URL(link).search);
    await page.goto('/me/settings/security');
    // A click before hydration does nothing: the setup would never open.
    await clickOnceHydrated(page.getByRole('button', { name: 'Set up two-factor authentication' }));
    await page.locator('svg').filter({ has: page.locator('path') }).first().waitFor();
    const secret = (await page.locator('#twoFactor code').last().textContent())!.trim();
    await page.screenshot({ path: screenshotPath('two-factor-setup'), fullPage: true });
    await page.getByLabel('Code from your app').fill(totpCodeAt(secret, new Date()));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByRole('list', { name: 'Recovery codes' }).waitFor();
    expect(await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').count()).toBe(10);

    // A new browser: the magic link now leads to the two-factor step.
    const fresh = (await h.open(500)).page;
    await fresh.goto('/m/signin?operation=login');
    await fresh.getByRole('button', { name: 'Sign in with email' }).click();
    await fresh.getByLabel('Your email').fill(email);
    await fresh.getByRole('button', { name: 'Continue' }).click();
    await fresh.getByLabel('Code').waitFor();
    const mail = await readLatestEmail(fresh, email);
    await fresh.goto(new URL(mail.link).pathname + new URL(mail.link).search);
    await fresh.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
    // The code that turned two-factor on was spent; wait for the next 30-second step's code.
    const next = new Date(Math.ceil(Date.now() / 30_000) * 30_000 + 500);
    await new Promise((r) => setTimeout(r, Math.max(0, next.getTime() - Date.now())));
    await fresh.getByLabel('Verification code').fill(totpCodeAt(secret, new Date()));
    await fresh.getByRole('button', { name: 'Verify' }).click();
    await fresh.getByRole('button', { name: 'Account menu' }).first().waitFor();
    expect(errors).toEqual([]);
  });
});
