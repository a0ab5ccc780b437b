import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath, useBrowser } from './support/browser.js';
import { clickOnceHydrated, signUpByEmail, waitForHydration } from './support/sign-in.js';
import { lockedStoryPath } from './support/stories.js';

const h = useBrowser();

/** The signed-in reader's membership and billing, as the server has them. */
async function membershipOf(page: Page): Promise<{ state: string; membershipType: string; tier: string } | null> {
  return page.evaluate(async () => {
    const res = await fetch('/_/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ viewer { membershipStatus { state membershipType tier } } }' }),
    });
    return ((await res.json()) as { data: { viewer: { membershipStatus: { state: string; membershipType: string; tier: string } | null } } }).data.viewer.membershipStatus;
  });
}

async function billingOf(page: Page): Promise<{ status: string; amount: { amount: number } }[]> {
  return page.evaluate(async () => {
    const res = await fetch('/_/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ billingHistory(limit: 10) { status amount { amount } } }' }),
    });
    return ((await res.json()) as { data: { billingHistory: { status: string; amount: { amount: number } }[] } }).data.billingHistory;
  });
}

async function fillCard(page: Page, number: string): Promise<void> {
  const form = page.getByTestId('card-form');
  await waitForHydration(form.getByLabel('Card number'));
  await form.getByLabel('Name on card').fill('Ada Reader');
  await form.getByLabel('Card number').pressSequentially(number.replace(/\s/g, ''));
  await form.getByLabel('Expiry date').pressSequentially('0830');
  await form.getByLabel('Security code (CVC)').fill('123');
  await form.getByLabel('Postal code').fill('94103');
}

/** A new reader on /plans (signed out, /plans sends them to sign in first; here they sign up, then come). */
async function newReaderOnPlans(page: Page, name: string): Promise<void> {
  await signUpByEmail(page, name, `${name.split(' ')[0]!.toLowerCase()}.${Date.now()}@example.com`);
  await page.goto('/plans');
  await page.getByRole('heading', { name: 'Choose your membership' }).waitFor();
}

describe.skipIf(h.skipReason !== '')(`membership: plans and checkout${h.skipReason ? ` (skipped: ${h.skipReason})` : ''}`, () => {
  it('a signed-out reader is sent to sign in first, and back to the plans after', async () => {
    const res = await fetch(`${h.baseUrl}/plans`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/m/signin?operation=login&redirect=/plans');
  });

  for (const width of [500, 1200]) {
    it(`at ${width}px a reader pays with 4242… for a yearly membership and reads a member-only story in full`, async () => {
      const { page, errors } = await h.open(width);
      const story = await lockedStoryPath(h.baseUrl);
      await newReaderOnPlans(page, `Paula Payer${width}`);

      // The plans: yearly by default, the monthly prices a click away.
      const member = page.getByTestId('plan-YEARLY');
      await expect(member.textContent()).resolves.toMatch(/\$50\/year\s*instead of \$60.*save \$10/);
      await expect(page.getByTestId('plan-PREMIUM_YEARLY').textContent()).resolves.toMatch(/\$150\/year\s*instead of \$180.*save \$30/);
      await clickOnceHydrated(page.getByRole('button', { name: 'Monthly' }));
      await expect(page.getByTestId('plan-MONTHLY').textContent()).resolves.toContain('$5/month');
      await expect(page.getByTestId('plan-PREMIUM_MONTHLY').textContent()).resolves.toContain('$15/month');
      await page.screenshot({ path: screenshotPath(`membership-plans-${width}`), fullPage: true });
      await page.getByRole('button', { name: 'Yearly' }).click();

      // Before paying, the member-only story is a preview.
      const reader = await page.context().newPage();
      await reader.goto(story);
      await reader.getByTestId('paywall').waitFor();

      await page.getByTestId('plan-YEARLY').getByRole('button', { name: 'Become a member' }).click();
      await expect(page.getByTestId('test-mode').textContent()).resolves.toContain('4242 4242 4242 4242');
      // The form says what is missing before anything is sent.
      await page.getByRole('button', { name: 'Pay $50' }).click();
      await page.getByText('Enter your card number.').waitFor();
      await page.getByLabel('Card number').pressSequentially('4242424242424241');
      await page.getByLabel('Name on card').focus();
      await page.getByText('Your card number is invalid.').waitFor();
      await page.getByLabel('Card number').fill('');
      await fillCard(page, '4242 4242 4242 4242');
      await expect(page.getByLabel('Card number').inputValue()).resolves.toBe('4242 4242 4242 4242');
      await expect(page.getByLabel('Expiry date').inputValue()).resolves.toBe('08 / 30');
      await page.screenshot({ path: screenshotPath(`membership-checkout-${width}`), fullPage: true });
      await page.getByRole('button', { name: 'Pay $50' }).click();

      await page.waitForURL((url) => url.pathname === '/plans/confirmation/yearly');
      await page.getByTestId('membership-confirmed').waitFor();
      await expect(page.getByTestId('membership-confirmed').textContent()).resolves.toMatch(/Visa ending in 4242 \(Expires 08\/2030\)/);
      await page.screenshot({ path: screenshotPath(`membership-confirmation-${width}`), fullPage: true });
      await clickOnceHydrated(page.getByRole('link', { name: 'Continue' }));
      await page.waitForURL((url) => url.pathname === '/welcome-member');
      await page.getByTestId('welcome-member').waitFor();
      await page.screenshot({ path: screenshotPath(`membership-welcome-${width}`), fullPage: true });
      await expect(membershipOf(page)).resolves.toMatchObject({ state: 'ACTIVE', membershipType: 'YEARLY', tier: 'MEMBER' });

      // Now the story is whole: no paywall, more than the preview's paragraphs.
      await reader.goto(story);
      await reader.getByTestId('story-body').waitFor();
      await expect(reader.getByTestId('paywall').count()).resolves.toBe(0);

      // A member on /plans sees their plan and where to manage it, not a second checkout.
      await page.goto('/plans');
      await page.getByTestId('current-membership').waitFor();
      await expect(page.getByRole('link', { name: 'Manage membership' }).getAttribute('href')).resolves.toBe('/me/settings/membership');
      await expect(page.getByTestId('card-form').count()).resolves.toBe(0);
      await page.screenshot({ path: screenshotPath(`membership-plans-member-${width}`), fullPage: true });
      expect(errors).toEqual([]);
    });
  }

  it('a declined card shows the decline beside the form and charges nothing', async () => {
    const { page } = await h.open(1200);
    await newReaderOnPlans(page, 'Dana Declined');
    await clickOnceHydrated(page.getByTestId('plan-PREMIUM_YEARLY').getByRole('button', { name: 'Become a Friend' }));
    await fillCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Pay $150' }).click();
    const alert = page.getByTestId('card-form').getByRole('alert');
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toMatch(/declined/i);
    await expect(alert.textContent()).resolves.toMatch(/charged/i);
    await page.screenshot({ path: screenshotPath('membership-declined-1200'), fullPage: true });
    expect(new URL(page.url()).pathname).toBe('/plans');
    const membership = await membershipOf(page);
    expect(membership === null || membership.state === 'INACTIVE').toBe(true);
    expect((await billingOf(page)).filter((c) => c.status.toLowerCase() === 'succeeded' || c.status.toLowerCase() === 'paid')).toEqual([]);
  });

  it('a card that asks for 3-D Secure completes on the authenticate page and comes back confirmed', async () => {
    const { page } = await h.open(500);
    await newReaderOnPlans(page, 'Theo Threeds');
    await clickOnceHydrated(page.getByRole('button', { name: 'Monthly' }));
    await page.getByTestId('plan-MONTHLY').getByRole('button', { name: 'Become a member' }).click();
    await fillCard(page, '4000 0000 0000 3220');
    await page.getByRole('button', { name: 'Pay $5' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/_/payments/test/authenticate/'));
    await page.screenshot({ path: screenshotPath('membership-3ds-authenticate-500'), fullPage: true });
    await page.getByRole('button', { name: 'Complete' }).click();
    await page.waitForURL((url) => url.pathname === '/plans/confirmation/monthly');
    await page.getByTestId('membership-confirmed').waitFor();
    await expect(membershipOf(page)).resolves.toMatchObject({ state: 'ACTIVE', membershipType: 'MONTHLY' });
  });

  it('the landing, half-off and onboarding pages, and an unknown plan in a URL', async () => {
    const { page, errors } = await h.open(1200);
    for (const width of [500, 1200]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/membership');
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain('Read without limits');
      await page.getByText('less than $1/week').first().waitFor();
      await page.screenshot({ path: screenshotPath(`membership-landing-${width}`), fullPage: true });
    }
    await expect(page.locator('meta[name="robots"]').count()).resolves.toBe(0);

    await signUpByEmail(page, 'Olive Offer', `olive.${Date.now()}@example.com`);
    for (const width of [500, 1200]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/discount');
      await expect(page.getByTestId('plan-YEARLY').textContent()).resolves.toMatch(/\$25\/year\s*instead of \$50.*save \$25.*Then \$50\/year/);
      await page.screenshot({ path: screenshotPath(`membership-discount-${width}`), fullPage: true });
      await page.goto('/get-started/plans');
      await page.getByRole('link', { name: /Not now/ }).waitFor();
      await page.screenshot({ path: screenshotPath(`membership-onboarding-${width}`), fullPage: true });
      await page.goto('/plans/confirmation/lifetime');
      await page.getByRole('heading', { name: 'Unavailable membership price' }).waitFor();
      await page.screenshot({ path: screenshotPath(`membership-unavailable-${width}`), fullPage: true });
    }
    await expect(page.title()).resolves.toMatch(/^Your membership – /);
    await expect(page.locator('meta[name="robots"]').getAttribute('content')).resolves.toBe('noindex');
    await page.goto('/plans?plan=lifetime');
    await page.getByRole('alert').filter({ hasText: 'Unavailable membership price' }).waitFor();
    // The half-off checkout charges the first year's price.
    await page.goto('/discount');
    await clickOnceHydrated(page.getByRole('button', { name: 'Get half off' }));
    await page.getByRole('button', { name: 'Pay $25' }).waitFor();
    await page.goto('/get-started/plans');
    await clickOnceHydrated(page.getByRole('link', { name: /Not now/ }));
    await page.waitForURL((url) => url.pathname === '/');
    expect(errors).toEqual([]);
  });
});
