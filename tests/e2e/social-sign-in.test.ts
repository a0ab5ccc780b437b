import { describe, expect, it } from 'vitest';
import { E2E_OIDC } from '../support/oidc-provider.js';
import { screenshotPath, useBrowser } from './support/browser.js';

const h = useBrowser();

/**
 * Social sign-in in Chromium against the built app and the OpenID provider the global
 * setup started: the buttons, the provider's own pages, and back signed in.
 */
describe.skipIf(h.skipReason !== '')(`social sign-in${h.skipReason ? ` (skipped: ${h.skipReason})` : ''}`, () => {
  const label = E2E_OIDC.name;
  // The provider returns to the main host (localhost), where the reader ends up signed in.
  const main = h.baseUrl.replace('127.0.0.1', 'localhost');

  it('shows the provider above email in the sign-in and sign-up options', async () => {
    const { page, errors } = await h.open(1200);
    await page.goto('/m/signin?operation=login', { waitUntil: 'networkidle' });
    const options = page.locator('[data-step="SIGNIN_OPTIONS"]');
    await expect(options.getByRole('link', { name: `Sign in with ${label}` }).isVisible()).resolves.toBe(true);
    await page.screenshot({ path: screenshotPath('social-sign-in-options') });
    await page.getByRole('button', { name: 'Create one' }).click();
    const signUp = page.locator('[data-step="SIGNUP_OPTIONS"]');
    const buttons = await signUp.locator('a, button').filter({ hasText: /^Sign up with / }).allTextContents();
    expect(buttons).toEqual([`Sign up with ${label}`, 'Sign up with email']);
    // Same width as the email button (spec §2.5: 300px from medium screens up).
    expect((await signUp.getByRole('link', { name: `Sign up with ${label}` }).boundingBox())!.width).toBe(300);
    await page.setViewportSize({ width: 500, height: 900 });
    await page.screenshot({ path: screenshotPath('social-sign-up-options-500') });
    expect(errors).toEqual([]);
  });

  it(`signs up with ${label} through the provider's pages, lands signed in, and disconnects it in Settings`, async () => {
    const { page, errors } = await h.open(1200);
    await page.goto('/m/signin?operation=register&redirect=%2F%3FskipOnboarding%3D1', { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: `Sign up with ${label}` }).click();

    await page.getByRole('heading', { name: 'Sign in to Test ID' }).waitFor();
    await page.getByLabel('Email').fill(E2E_OIDC.accounts.olive.email);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Share your name and email?' }).waitFor();
    await page.getByRole('button', { name: 'Allow' }).click();

    await page.waitForURL((url) => url.origin === main && url.pathname === '/');
    const menu = page.getByRole('button', { name: 'Account menu' });
    await menu.waitFor();
    await menu.click();
    // The menu's code loads when it first opens.
    await page.getByText(/^o•+@example\.com$/).waitFor();

    await page.goto(`${main}/me/settings/security#connections`, { waitUntil: 'networkidle' });
    const section = page.locator('#connections');
    await section.getByRole('heading', { name: 'Connected accounts' }).waitFor();
    await expect(section.getByText(E2E_OIDC.accounts.olive.email).isVisible()).resolves.toBe(true);
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('settings-connected-accounts') });

    await section.getByRole('button', { name: `Disconnect ${label}` }).click();
    await page.getByText(`Disconnected ${label}.`).waitFor();
    await expect(section.getByText('Not connected').isVisible()).resolves.toBe(true);
    expect(await section.getByRole('link', { name: `Connect ${label}` }).getAttribute('href')).toBe('/m/connect/oidc?operation=connect&redirect=%2Fme%2Fsettings%2Fsecurity%23connections');
    await page.screenshot({ path: screenshotPath('settings-connected-accounts-disconnected') });

    // Connecting again goes through the provider, which still knows the reader, and back.
    await section.getByRole('link', { name: `Connect ${label}` }).click();
    await page.waitForURL((url) => url.pathname === '/me/settings/security');
    await page.locator('#connections').getByText(E2E_OIDC.accounts.olive.email).waitFor();
    expect(errors).toEqual([]);
  });

  it('offers sign-up after signing in with an identity no account has', async () => {
    const { page, errors } = await h.open(1200);
    await page.goto('/m/signin?operation=login&redirect=%2F%3FskipOnboarding%3D1', { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: `Sign in with ${label}` }).click();
    await page.getByLabel('Email').fill(E2E_OIDC.accounts.nico.email);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.getByRole('heading', { name: "Sorry, we didn't recognize that account." }).waitFor();
    await page.screenshot({ path: screenshotPath('social-unrecognized-account') });
    await page.getByRole('link', { name: `Sign up with ${label}` }).click();
    await page.waitForURL((url) => url.origin === main && url.pathname === '/');
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    expect(errors).toEqual([]);
  });
});
