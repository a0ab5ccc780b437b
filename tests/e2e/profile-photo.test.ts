import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { screenshotPath, useBrowser } from './support/browser.js';
import { signUpByEmail } from './support/sign-in.js';

const h = useBrowser();

/** A wide photo, so the preview shows the square crop. */
const photo = () => sharp({ create: { width: 300, height: 180, channels: 3, background: { r: 40, g: 120, b: 200 } } }).jpeg().toBuffer();

describe.skipIf(h.skipReason !== '')(`profile photo${h.skipReason ? ` (skipped: ${h.skipReason})` : ''}`, () => {
  it('uploads a photo from the profile dialog, previews it, saves it into the header, and removes it', async () => {
    const { page, errors } = await h.open(1200);
    await signUpByEmail(page, 'Pat Photo', `pat.photo.${Date.now()}@example.com`);
    await page.goto('/me/settings', { waitUntil: 'networkidle' });
    const headerPhoto = page.getByRole('button', { name: 'Account menu' }).first().locator('img');
    await expect(headerPhoto.count()).resolves.toBe(0);

    await page.getByRole('button', { name: 'Edit profile information' }).click();
    const dialog = page.getByRole('dialog', { name: 'Profile information' });
    const photoGroup = dialog.getByRole('group', { name: 'Photo' });
    await photoGroup.locator('input[type=file]').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await photo() });
    const preview = photoGroup.getByRole('img', { name: 'Your photo' });
    await preview.waitFor();
    const src = (await preview.getAttribute('src'))!;
    const imageId = /\/media\/([0-9a-f]+)/.exec(src)?.[1];
    expect(imageId).toBeTruthy();
    // The square variant is made on its first request: it may still be loading when the preview appears.
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.naturalWidth === img.naturalHeight)).toBe(true);
    await page.screenshot({ path: screenshotPath('settings-profile-photo-dialog') });

    await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: 'Save' }).click()]);
    await page.getByText('Profile information saved.').waitFor();
    await expect(headerPhoto.getAttribute('src')).resolves.toContain(imageId);
    await page.screenshot({ path: screenshotPath('settings-profile-photo-saved') });

    await page.getByRole('button', { name: 'Edit profile information' }).click();
    await photoGroup.getByRole('button', { name: 'Remove' }).click();
    await expect(photoGroup.getByRole('img', { name: 'Your photo' }).count()).resolves.toBe(0);
    // The page reloads (the header comes from the server), and the header has no photo.
    await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: 'Save' }).click()]);
    await page.getByText('Profile information saved.').waitFor();
    await expect(headerPhoto.count()).resolves.toBe(0);
    expect(errors).toEqual([]);
  });
});
