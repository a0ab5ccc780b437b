import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.js';
import { clickOnceHydrated, readLatestEmail, signInByEmail, waitForHydration } from './support/sign-in.js';

const h = useBrowser();

describe.skipIf(h.skipReason !== '')(`redirects and staff pages in the browser${h.skipReason ? ` (skipped: ${h.skipReason})` : ''}`, () => {
  const email = `redirect.${Date.now()}@example.com`;

  it('signing up from a link whose redirect leads off-site lands on this site', async () => {
    const { page } = await h.open(1200);
    const origin = new URL(h.baseUrl).origin;
    // A tab between the slashes: browsers drop it, so '/\t/evil.example' would have been '//evil.example'.
    await page.goto(`/m/signin?operation=register&redirect=${encodeURIComponent('/\t/evil.example/?skipOnboarding=1')}`);
    await clickOnceHydrated(page.getByRole('button', { name: 'Sign up with email' }));
    await page.getByLabel('Your full name').fill('Rita Redirect');
    await page.getByLabel('Your email').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Check your inbox.' }).waitFor();
    await page.getByRole('button', { name: 'Enter code instead' }).click();
    const mailbox = await page.context().newPage();
    const { code } = await readLatestEmail(mailbox, email);
    await mailbox.close();
    await page.getByLabel('Code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname !== '/m/signin', { waitUntil: 'commit' });
    expect(new URL(page.url()).origin).toBe(origin);
    // A new account goes through the topics onboarding: the off-site target carried no skip.
    expect(new URL(page.url()).pathname).toBe('/get-started/topics');
  });

  it('client-side navigation to a staff page shows a signed-in reader the not-found page', async () => {
    const { page } = await h.open(1200);
    await signInByEmail(page, email);
    await waitForHydration(page.getByRole('button', { name: 'Account menu' }).first());
    for (const path of ['/_/admin/internal-status', '/_/admin/users/0123456789ab']) {
      // The client router follows history changes without asking the server for the page.
      await page.evaluate((to) => {
        history.pushState(null, '', to);
        dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await page.getByText('PAGE NOT FOUND').waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
      const direct = await page.request.get(path);
      expect(direct.status()).toBe(404);
      await page.goBack();
    }
  });
});
