import { describe, expect, it } from 'vitest';
import { screenshotPath, useBrowser } from './support/browser.js';
import { signUpByEmail } from './support/sign-in.js';

const h = useBrowser();

/** A script's call: only the token, no cookie. */
async function viewerName(secret: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${h.baseUrl}/_/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
    body: JSON.stringify({ query: '{ viewer { name } }' }),
  });
  return { status: res.status, body: await res.json() };
}

describe.skipIf(h.skipReason !== '')(`integration tokens${h.skipReason ? ` (skipped: ${h.skipReason})` : ''}`, () => {
  it('creates a token in Settings, a script uses it, and revoking it stops the script', async () => {
    const stamp = Date.now();
    const { page, context, errors } = await h.open(1200);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.baseUrl });
    await signUpByEmail(page, 'Tia Tokens', `tokens.${stamp}@example.com`);
    await page.goto('/me/settings/security#tokens', { waitUntil: 'networkidle' });
    const section = page.locator('#tokens');
    await section.getByRole('heading', { name: 'Integration tokens' }).waitFor();
    await section.getByText('You have no integration tokens.').waitFor();

    await section.getByLabel('Token name').fill('Newsletter export');
    await section.getByRole('button', { name: 'Create token' }).click();
    await section.getByText('Copy your new token now. You won’t see it again.').waitFor();
    const secret = (await section.getByLabel('New token').textContent()) ?? '';
    expect(secret).toMatch(/^ink_[A-Za-z0-9_-]{43}$/);
    await section.getByRole('button', { name: 'Copy', exact: true }).click();
    await page.getByText('Token copied.').waitFor();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(secret);
    const tokens = section.getByRole('list', { name: 'Integration tokens' }).getByRole('listitem');
    await expect(tokens.count()).resolves.toBe(1);
    await expect(tokens.first().textContent()).resolves.toContain('Never used');
    await section.screenshot({ path: screenshotPath('integration-tokens-created') });
    await page.setViewportSize({ width: 500, height: 900 });
    await section.screenshot({ path: screenshotPath('integration-tokens-created-500') });
    await page.setViewportSize({ width: 1200, height: 900 });

    expect(await viewerName(secret)).toEqual({ status: 200, body: { data: { viewer: { name: 'Tia Tokens' } } } });

    // Done with the secret: it is gone from the page, and a reload shows the use.
    await section.getByRole('button', { name: 'I copied it' }).click();
    await expect(section.getByLabel('New token').count()).resolves.toBe(0);
    await page.reload({ waitUntil: 'networkidle' });
    await expect(page.content()).resolves.not.toContain(secret);
    await expect(tokens.first().textContent()).resolves.toMatch(/Newsletter export.*Last used/);
    for (const width of [500, 1200]) {
      await page.setViewportSize({ width, height: 900 });
      await section.screenshot({ path: screenshotPath(`integration-tokens-${width}`) });
    }

    await section.getByRole('button', { name: 'Revoke Newsletter export' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke Newsletter export?' });
    await dialog.getByText('Anything using this token stops working at once.').waitFor();
    // The overlay fades in: shoot it settled.
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
    await page.screenshot({ path: screenshotPath('integration-tokens-revoke-dialog') });
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('Revoked Newsletter export.').waitFor();
    await section.getByText('You have no integration tokens.').waitFor();

    expect(await viewerName(secret)).toEqual({ status: 401, body: { errors: [{ message: 'Invalid token.' }] } });
    expect(errors).toEqual([]);
  });
});
