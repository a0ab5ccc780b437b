import { describe, expect, it } from 'vitest';
import { screenshotPath, useBrowser } from './support/browser.js';
import { readLatestEmail, signUpByEmail } from './support/sign-in.js';

const h = useBrowser();

/** The server's answer when the sign-in is older than 10 minutes (tests/integration/password-reauth.test.ts covers that rule). */
const REAUTH_REQUIRED = { data: { setPassword: { __typename: 'ReauthRequired', message: 'Enter your current password, or sign in again with a magic link first.' } } };

describe.skipIf(h.skipReason !== '')(`a first password long after signing in${h.skipReason ? ` (skipped: ${h.skipReason})` : ''}`, () => {
  it('offers the sign-in email, says where it went, and its link comes back to set the password', async () => {
    const { page, context, errors } = await h.open(1200);
    const email = `late.password.${Date.now()}@example.com`;
    await signUpByEmail(page, 'Lee Late', email);

    // The sign-in just happened: answer the first SetPassword as the server does ten minutes on.
    let answered = false;
    await page.route('**/_/graphql', async (route) => {
      const body = route.request().postDataJSON() as { operationName?: string } | { operationName?: string }[];
      const ops = Array.isArray(body) ? body : [body];
      if (answered || !ops.some((op) => op.operationName === 'SetPassword')) return route.continue();
      answered = true;
      await route.fulfill({ json: Array.isArray(body) ? [REAUTH_REQUIRED] : REAUTH_REQUIRED });
    });

    await page.goto('/password', { waitUntil: 'networkidle' });
    await page.getByLabel('New password').fill('lanterns over still water');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByRole('alert').filter({ hasText: 'sign in again with a magic link' }).waitFor();
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    const sent = page.getByRole('status').filter({ hasText: 'We sent a sign-in link to' });
    await sent.waitFor();
    await expect(sent.textContent()).resolves.toMatch(/to l•+@example\.com\. Open it to come back here/);
    await expect(page.getByRole('button', { name: 'Email me a sign-in link' }).count()).resolves.toBe(0);
    await page.screenshot({ path: screenshotPath('password-reauth-sent') });

    const mailbox = await context.newPage();
    const { link } = await readLatestEmail(mailbox, email);
    await page.goto(link);
    await page.waitForURL((url) => url.pathname === '/password');
    await page.waitForLoadState('networkidle');
    await page.getByLabel('New password').fill('lanterns over still water');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByText('Your password is saved.').waitFor();
    expect(errors).toEqual([]);
  });
});
