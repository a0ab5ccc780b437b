import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath, useBrowser } from './support/browser.js';
import { firstStoryPath } from './support/stories.js';
import { readLatestEmail } from './support/sign-in.js';

const h = useBrowser();

/**
 * Opens a story and waits until the app has hydrated (React has attached its handlers to the
 * header), so that a click opens the modal rather than following the link to the sign-in page.
 */
async function openStory(width: number) {
  const path = await firstStoryPath(h.baseUrl);
  const opened = await h.open(width);
  const res = await opened.page.goto(path);
  expect(res?.status()).toBe(200);
  await opened.page.waitForFunction(() => {
    const header = document.querySelector('[data-header]');
    return header !== null && Object.keys(header).some((k) => k.startsWith('__react'));
  });
  return { ...opened, path };
}

const focusedIs = (page: Page, selector: string) => page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector);

describe.skipIf(h.skipReason !== '')(`the sign-in modal${h.skipReason ? ` (skipped: ${h.skipReason})` : ''}`, () => {
  it('Sign in opens the modal over the story without changing the URL; Escape closes it and focus returns to the button', async () => {
    const { page, errors, path } = await openStory(1200);
    const signIn = page.locator('header [data-sign-in]');
    // A real link to the sign-in page coming back here (before hydration, in a new tab, without JavaScript).
    await expect(signIn.getAttribute('href')).resolves.toBe(`/m/signin?operation=login&redirect=${encodeURIComponent(path)}`);
    const url = page.url();

    await signIn.click();
    const dialog = page.getByRole('dialog', { name: 'Welcome back.' });
    await dialog.waitFor();
    expect(page.url()).toBe(url);
    await expect(page.getByTestId('post-title').isVisible()).resolves.toBe(true); // the story is still there, under the scrim
    const overlay = page.locator('[data-modal-overlay]');
    await expect(overlay.evaluate((el) => getComputedStyle(el).zIndex)).resolves.toBe('800');
    await expect(page.evaluate(() => getComputedStyle(document.body).overflow)).resolves.toBe('hidden');
    expect((await dialog.boundingBox())!.width).toBe(678);
    // Focus starts inside and Tab stays there.
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      await expect(dialog.evaluate((el) => el.contains(document.activeElement))).resolves.toBe(true);
    }
    await page.screenshot({ path: screenshotPath('sign-in-modal-1200'), animations: 'disabled' });

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focusedIs(page, 'header [data-sign-in]')).toBe(true);
    await expect(page.evaluate(() => getComputedStyle(document.body).overflow)).resolves.not.toBe('hidden');
    expect(page.url()).toBe(url);

    // The close button and a press on the scrim close it too.
    await signIn.click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await signIn.click();
    await dialog.waitFor();
    await page.mouse.click(20, 450);
    await dialog.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });

  for (const [width, expected] of [
    [500, 500],
    [800, 600],
    [1200, 678],
  ] as const) {
    it(`Sign up opens the 'Join Inkwell.' panel, ${expected === width ? 'full screen' : `${expected}px wide`} at ${width}px`, async () => {
      const { page, errors } = await openStory(width);
      await page.locator('header [data-sign-up]').click();
      const dialog = page.getByRole('dialog', { name: 'Join Inkwell.' });
      await dialog.waitFor();
      const box = (await dialog.boundingBox())!;
      expect(box.width).toBe(expected);
      if (width < 728) {
        expect(box).toMatchObject({ x: 0, y: 0, height: 900 });
      } else {
        expect(box.height).toBeGreaterThanOrEqual(695); // the sign-up panel's minimum height
        expect(box.x).toBe((width - expected) / 2);
      }
      // Sign-up buttons: 300px from medium up, the panel's width (less its padding) below.
      const option = (await dialog.getByRole('button', { name: 'Sign up with email' }).boundingBox())!;
      if (width >= 728) expect(option.width).toBe(300);
      else expect(option.width).toBeGreaterThan(400);
      if (width !== 800) await page.screenshot({ path: screenshotPath(`sign-up-modal-${width}`), animations: 'disabled' });
      expect(errors).toEqual([]);
    });
  }

  it('on a small screen the avatar menu’s Sign in opens the modal, and focus returns to the menu button', async () => {
    const { page, errors } = await openStory(500);
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('link', { name: 'Sign in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Welcome back.' });
    await dialog.waitFor();
    await page.screenshot({ path: screenshotPath('sign-in-modal-500'), animations: 'disabled' });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focusedIs(page, '[data-avatar-button]')).toBe(true);
    expect(errors).toEqual([]);
  });

  it('signs up in the modal with the emailed code, is onboarded (header sign-up is no skipOnboarding entry point), then reads the story signed in', async () => {
    const email = `modal.reader.${Date.now()}@example.com`;
    const { page, errors, path } = await openStory(1200);
    await page.locator('header [data-sign-up]').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Join Inkwell.' }).waitFor();
    await dialog.getByRole('button', { name: 'Sign up with email' }).click();
    // The new step takes the focus: the first field.
    await expect.poll(() => focusedIs(page, 'input[name="fullName"]')).toBe(true);
    await dialog.getByLabel('Your full name').fill('Mona Reader');
    await dialog.getByLabel('Your email').fill(email);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByRole('heading', { name: 'Check your inbox.' }).waitFor();
    await dialog.getByRole('button', { name: 'Enter code instead' }).click();
    await expect.poll(() => focusedIs(page, 'input[name="code"]')).toBe(true);
    await page.screenshot({ path: screenshotPath('sign-up-modal-code-1200'), animations: 'disabled' });

    const mailbox = await page.context().newPage();
    const { code } = await readLatestEmail(mailbox, email);
    await mailbox.close();

    await dialog.getByLabel('Code').fill(code);
    await dialog.getByRole('button', { name: 'Verify' }).click();
    // Spec §6: only entry points such as clap, highlight or respond skip the topics onboarding.
    await page.waitForURL((url) => url.pathname === '/get-started/topics');
    await page.getByRole('heading', { name: 'What are you interested in?' }).waitFor();
    await page.goto(path);
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    await expect(page.getByTestId('post-title').isVisible()).resolves.toBe(true);
    await expect(page.locator('header [data-sign-in]').count()).resolves.toBe(0);
    expect(errors).toEqual([]);
  });
});
