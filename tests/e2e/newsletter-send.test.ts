import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath, useBrowser } from './support/browser.js';
import { readNewEmail, signUpByEmail } from './support/sign-in.js';

const h = useBrowser();

async function shoot(page: Page, name: string, fullPage: boolean) {
  for (const width of [500, 1200]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: screenshotPath(`${name}-${width}`), fullPage });
  }
}

describe.skipIf(h.skipReason !== '')(`newsletter sending, the writer's side${h.skipReason ? ` (skipped: ${h.skipReason})` : ''}`, () => {
  it('the publish dialog offers to email the story and sends a test email first; the settings page shows the send', async () => {
    const stamp = Date.now();
    const email = `sender.${stamp}@example.com`;
    const { page } = await h.open(1200);
    await signUpByEmail(page, 'Nell Newsletter', email);
    await page.goto('/new-story', { waitUntil: 'networkidle' });
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('A letter to my readers');
    await page.getByRole('textbox', { name: 'Subtitle' }).fill('Sent by email too');
    await page.keyboard.press('Enter');
    await page.keyboard.type('The first paragraph of a story that goes to subscribers.');
    await page.locator('[data-save-state="saved"]').waitFor();

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const dialog = page.getByRole('dialog');
    const option = dialog.getByRole('checkbox', { name: /Email this story to my 0 subscribers/ });
    await option.waitFor();
    expect(await option.isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Send a test email to myself' }).click();
    await expect(dialog.getByRole('status').textContent()).resolves.toBe(`A test email is on its way to ${email}.`);
    await shoot(page, 'newsletter-publish-dialog', false);
    await dialog.getByRole('button', { name: 'Publish now' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/@'));
    const postId = /([0-9a-f]{12})$/.exec(new URL(page.url()).pathname)![1]!;

    await page.goto(`/p/${postId}/settings`, { waitUntil: 'networkidle' });
    const section = page.getByRole('region', { name: 'Newsletter' });
    await expect(section.getByRole('status').textContent()).resolves.toMatch(/^(Sent to 0 subscribers\.|Queued: sending starts in a moment\.|Sending: .*)$/);
    await shoot(page, 'newsletter-post-settings', true);

    // The test email is the story, to the writer only.
    const text = await readNewEmail(page, email, /\[Test\] A letter to my readers/);
    expect(text).toContain('The first paragraph of a story that goes to subscribers.');
  });
});
