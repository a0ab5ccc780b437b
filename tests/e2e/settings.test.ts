import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath, shootWidths, useBrowser } from './support/browser.js';
import { signInByEmail, signUpByEmail } from './support/sign-in.js';

const h = useBrowser();

const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** The page hydrated: its buttons do something when pressed. */
async function openSettled(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'networkidle' });
}

describe.skipIf(h.skipReason !== '')(`settings${h.skipReason ? ` (skipped: ${h.skipReason})` : ''}`, () => {
  const stamp = Date.now();
  const email = `settings.${stamp}@example.com`;
  const username = `sam_${stamp}`;

  it('sends a signed-out reader to sign in, and back to the same tab', async () => {
    const { page } = await h.open(1200);
    await page.goto('/me/settings/security');
    await page.waitForURL((url) => url.pathname === '/m/signin');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/me/settings/security');
  });

  it('edits name, pronouns and bio, changes the username, and the profile page shows them', async () => {
    const { page, errors } = await h.open(1200);
    await signUpByEmail(page, 'Sam Settings', email);
    await openSettled(page, '/me/settings');
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await expect(page.getByRole('link', { name: 'Account' }).getAttribute('aria-current')).resolves.toBe('page');
    await expect(page.locator('#email').textContent()).resolves.toMatch(/s•+@example\.com/);
    await shootWidths(page, 'settings-account');

    await page.getByRole('button', { name: 'Edit profile information' }).click();
    const profile = page.getByRole('dialog', { name: 'Profile information' });
    await profile.getByLabel('Name', { exact: true }).fill('Samantha Settings');
    await profile.getByLabel('Pronouns').fill('she/her');
    await profile.getByLabel('Short bio').fill('x'.repeat(161));
    await expect(profile.getByRole('button', { name: 'Save' }).isDisabled()).resolves.toBe(true);
    await profile.getByLabel('Short bio').fill('Reads on trains, writes on planes.');
    await page.screenshot({ path: screenshotPath('settings-profile-dialog') });
    await page.setViewportSize({ width: 500, height: 900 });
    await page.screenshot({ path: screenshotPath('settings-profile-dialog-500') });
    await page.setViewportSize({ width: 1200, height: 900 });
    await profile.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Profile information saved.').waitFor();
    await profile.waitFor({ state: 'detached' });
    await expect(page.locator('#profileInformation').textContent()).resolves.toContain('Samantha Settings');

    await page.getByRole('button', { name: 'Edit username' }).click();
    const dialog = page.getByRole('dialog', { name: 'Username' });
    await dialog.getByLabel('Username').fill('not valid!');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByRole('alert').textContent()).resolves.toBe('A username can contain only letters, numbers and underscores.');
    await dialog.getByLabel('Username').fill(`@${username}`);
    await page.screenshot({ path: screenshotPath('settings-username-dialog') });
    await dialog.getByRole('button', { name: 'Save' }).click();
    // The shell links to the profile by username, so the page reloads with the news.
    await page.getByText(`Your username is now @${username}.`).waitFor();
    await expect(page.locator('#username').textContent()).resolves.toContain(`@${username}`);

    // A section hash of another tab opens that tab at the section (spec §2.5 hashes).
    await page.goto('/me/settings#membership');
    await page.locator('#membership').getByText('You are not a member.').waitFor();
    expect(new URL(page.url()).pathname + new URL(page.url()).hash).toBe('/me/settings/membership#membership');

    await openSettled(page, `/@${username}`);
    await page.getByRole('heading', { name: 'Samantha Settings', level: 1 }).waitFor();
    const sidebar = page.getByTestId('profile-sidebar');
    await expect(sidebar.textContent()).resolves.toContain('(she/her)');
    await expect(sidebar.textContent()).resolves.toContain('Reads on trains, writes on planes.');
    expect(errors).toEqual([]);
  });

  it('lists sign-in sessions and signs another browser out, then all the others', async () => {
    const here = await h.open(1200);
    const phone = await h.open(500, { userAgent: IPHONE_SAFARI });
    await signInByEmail(phone.page, email);
    await signInByEmail(here.page, email);

    // Reached by a tab: rendered from Apollo in the browser, not from the server's results.
    await openSettled(here.page, '/me/settings');
    await here.page.getByRole('link', { name: 'Security and apps' }).click();
    await here.page.waitForURL((url) => url.pathname === '/me/settings/security');
    const sessions = here.page.getByRole('list', { name: 'Sign in sessions' }).getByRole('listitem');
    await sessions.first().waitFor();
    await expect(sessions.count()).resolves.toBe(3); // the phone, this browser and the one that signed up
    await expect(sessions.first().textContent()).resolves.toContain('This device');
    await here.page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();

    await here.page.getByRole('button', { name: 'Sign out of Safari on iOS' }).click();
    await here.page.getByText('Signed out of Safari on iOS.').waitFor();
    await expect(sessions.count()).resolves.toBe(2);
    await phone.page.goto('/me/settings');
    await phone.page.waitForURL((url) => url.pathname === '/m/signin');

    // Loaded from the server this time (the screenshots reload the page at each width).
    await shootWidths(here.page, 'settings-security');
    await expect(sessions.count()).resolves.toBe(2);

    await here.page.getByRole('button', { name: 'Sign out of all other sessions' }).click();
    await here.page.getByRole('dialog', { name: 'Sign out of all other sessions?' }).getByRole('button', { name: 'Sign out' }).click();
    await here.page.getByText('Signed out of 1 other session.').waitFor();
    await expect(sessions.count()).resolves.toBe(1);
    await expect(here.page.getByRole('button', { name: 'Sign out of all other sessions' }).count()).resolves.toBe(0);

    // This browser is still signed in: the page renders again from the server.
    await openSettled(here.page, '/me/settings/security');
    await expect(sessions.count()).resolves.toBe(1);
    expect(here.errors).toEqual([]);
  });
});
