import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath, useBrowser } from './support/browser.js';
import { readNewEmail, signUpByEmail } from './support/sign-in.js';

const h = useBrowser();

/** The newest link of a path in the dev mailbox's email to `to`. */
async function linkFromMailbox(page: Page, to: string, path: RegExp): Promise<string> {
  const mailbox = await page.context().newPage();
  const text = await readNewEmail(mailbox, to);
  await mailbox.close();
  const url = new RegExp(`https?://\\S+${path.source}`).exec(text)?.[0];
  if (!url) throw new Error(`No link in the email:\n${text}`);
  return new URL(url).pathname;
}

describe.skipIf(h.skipReason !== '')(`changing the email address and closing the account${h.skipReason ? ` (skipped: ${h.skipReason})` : ''}`, () => {
  it('changes the email address through the confirmation link, then deletes the account', async () => {
    const stamp = Date.now();
    const { page, errors } = await h.open(1200);
    await signUpByEmail(page, 'Ellis Change', `ellis.${stamp}@example.com`);
    await page.goto('/me/settings');
    await page.getByRole('button', { name: 'Edit email address' }).click();
    await page.getByLabel('New email address').fill(`ellis.new.${stamp}@example.com`);
    await page.getByRole('button', { name: 'Send confirmation link' }).click();
    await page.getByText(`We sent a confirmation link to ellis.new.${stamp}@example.com.`).waitFor();
    await page.getByText(`Waiting for you to confirm ellis.new.${stamp}@example.com.`).waitFor();
    await page.screenshot({ path: screenshotPath('settings-email-pending') });

    await page.goto(await linkFromMailbox(page, `ellis.new.${stamp}@example.com`, /\/m\/account\/confirm\/[\w%-]+/));
    await page.getByText('Your email address is confirmed.').waitFor();
    await expect(page.locator('#email').textContent()).resolves.toMatch(/e•+@example\.com/);

    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByRole('textbox').fill('not my name');
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await dialog.getByRole('alert').waitFor();
    const username = /\(([^)]+)\)/.exec((await dialog.getByRole('alert').textContent()) ?? '')![1]!;
    await dialog.getByRole('textbox').fill(username);
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await page.waitForURL('**/m/goodbye?deleted=1');
    await page.getByRole('heading', { name: 'Your account is deleted.' }).waitFor();
    expect((await page.request.get(`/@${username}`)).status()).toBe(404);
    expect(errors).toEqual([]);
  });
});
