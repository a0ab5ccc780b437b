import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath, useBrowser } from './support/browser.js';
import { clickOnceHydrated, signUpByEmail, waitForHydration } from './support/sign-in.js';

const h = useBrowser();

/** Seeds a membership the way the plans page buys one: the real purchaseMembership mutation, with the test provider's 4242 card. */
async function buyMembership(page: Page, membershipType: 'MONTHLY' | 'YEARLY'): Promise<void> {
  const result = await page.evaluate(async (type) => {
    const res = await fetch('/_/graphql', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', 'graphql-operation': 'PurchaseMembership' },
      body: JSON.stringify({
        query: `mutation PurchaseMembership($type: MembershipPlanType!, $card: PaymentMethodInput!) {
          purchaseMembership(membershipType: $type, paymentMethod: $card) { __typename ... on MembershipPurchaseSuccess { membershipStatus { state } } }
        }`,
        variables: { type, card: { cardNumber: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 3, cvc: '123', postalCode: '94107' } },
      }),
    });
    return (await res.json()) as { data?: { purchaseMembership?: { __typename: string; membershipStatus?: { state: string } } } };
  }, membershipType);
  expect(result.data?.purchaseMembership).toEqual({ __typename: 'MembershipPurchaseSuccess', membershipStatus: { state: 'ACTIVE' } });
}

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe's serious and critical findings, and content outside landmarks or without an h1 (as accessibility.test.ts counts them). */
async function axeFindings(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'region' || v.id === 'page-has-heading-one').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** A full-page screenshot to look at, and the page checked with axe. */
async function shoot(page: Page, name: string, width: number) {
  await page.screenshot({ path: screenshotPath(`membership-${name}-${width}`), fullPage: true });
  expect(await axeFindings(page), name).toEqual([]);
}

async function openMembershipSettings(page: Page) {
  await page.goto('/me/settings/membership', { waitUntil: 'networkidle' });
  await page.getByRole('heading', { name: 'Membership', exact: true, level: 2 }).waitFor();
}

describe.skipIf(h.skipReason !== '')(`managing a membership${h.skipReason ? ` (skipped: ${h.skipReason})` : ''}`, () => {
  for (const width of [500, 1200]) {
    it(`a member upgrades, cancels with a reason, declines the offer, reactivates from the modal and updates the card (${width}px)`, async () => {
      const stamp = `${Date.now()}${width}`;
      const email = `manage.${stamp}@example.com`;
      const { page, errors } = await h.open(width);
      await signUpByEmail(page, 'Morgan Member', email);

      // A reader who is not a member sees how to become one.
      await openMembershipSettings(page);
      await page.locator('#membership').getByRole('link', { name: 'Become a member' }).waitFor();
      await shoot(page, 'settings-non-member', width);

      await buyMembership(page, 'MONTHLY');
      await openMembershipSettings(page);
      const membership = page.locator('#membership');
      await expect(membership.textContent()).resolves.toContain('Member, monthly');
      await expect(membership.textContent()).resolves.toContain('Next billing date');
      await expect(page.getByTestId('payment-text').textContent()).resolves.toMatch(/^Visa ending in 4242 \(Expires 12\/\d{4}\)$/);
      await expect(page.locator('#payment').getByText('Test mode').count()).resolves.toBe(1);
      await expect(page.locator('#payment').getByRole('link', { name: /^Receipt for / }).count()).resolves.toBe(1);
      await shoot(page, 'settings-member', width);

      // The receipt of the first charge, printable, and not another reader's to see.
      const receiptHref = await page.locator('#payment').getByRole('link', { name: /^Receipt for / }).getAttribute('href');
      await page.goto(receiptHref!);
      await page.getByRole('heading', { name: 'Receipt' }).waitFor();
      await expect(page.getByTestId('receipt-amount').textContent()).resolves.toBe('$5.00 USD');
      await shoot(page, 'receipt', width);
      const stranger = await h.open(width);
      await signUpByEmail(stranger.page, 'Sam Stranger', `stranger.${stamp}@example.com`);
      const foreign = await stranger.page.goto(receiptHref!);
      expect(foreign?.status()).toBe(404);

      // Upgrade to Friend: today's proration is shown before confirming.
      await page.goto('/manage-membership', { waitUntil: 'networkidle' });
      await expect(page.getByTestId('proration-preview').textContent()).resolves.toMatch(/^You’ll be charged \$\d+\.\d\d today$/);
      await shoot(page, 'manage', width);
      await clickOnceHydrated(page.getByRole('button', { name: /^Upgrade and pay/ }));
      await page.waitForURL('**/manage-membership/confirmation/premium_monthly');
      await page.getByRole('heading', { name: 'You’re now a Friend of Inkwell' }).waitFor();
      await shoot(page, 'manage-confirmation', width);
      // A Friend is offered the switch down, at the period end.
      await page.goto('/manage-membership', { waitUntil: 'networkidle' });
      await page.getByText(/^The switch takes effect at the end of this billing period/).waitFor();
      await shoot(page, 'manage-friend', width);

      // Cancel with a reason and a comment; the offer for the cost is half off; decline it.
      await openMembershipSettings(page);
      await clickOnceHydrated(page.getByRole('link', { name: 'Cancel membership' }));
      await page.waitForURL('**/me/membership/cancel');
      await page.getByRole('heading', { name: /^Cancel your Friend of Inkwell, monthly membership$/ }).waitFor();
      await waitForHydration(page.getByRole('radio', { name: 'It costs too much' }));
      await page.getByRole('radio', { name: 'It costs too much' }).check();
      await page.getByLabel('Anything else you’d like to tell us? (optional)').fill('Money is tight this year.');
      await shoot(page, 'cancel-reason', width);
      await page.getByRole('button', { name: 'Cancel membership' }).click();
      await page.getByRole('heading', { name: 'Stay for 50% off for a year' }).waitFor();
      await expect(page.getByTestId('retention-offer').textContent()).resolves.toContain('$7.50/month instead of $15/month');
      await shoot(page, 'cancel-offer', width);
      await page.getByRole('button', { name: 'No thanks, finish cancelling' }).click();
      await page.getByRole('heading', { name: 'Your membership is cancelled' }).waitFor();
      await expect(page.getByText(/Your membership will expire on [A-Z][a-z]{2} \d{1,2}, \d{4}\./).count()).resolves.toBe(1);
      await shoot(page, 'cancel-done', width);

      // Settings shows the expiry date; the Reactivate action opens the modal by its hash.
      await openMembershipSettings(page);
      await expect(membership.textContent()).resolves.toMatch(/Your membership will expire on [A-Z][a-z]{2} \d{1,2}, \d{4}/);
      await expect(membership.getByRole('link', { name: 'Cancel membership' }).count()).resolves.toBe(0);
      await shoot(page, 'settings-cancelled', width);
      await clickOnceHydrated(membership.getByRole('link', { name: 'Reactivate membership' }));
      const dialog = page.getByRole('dialog', { name: 'Reactivate your membership' });
      await dialog.waitFor();
      expect(new URL(page.url()).hash).toBe('#reactivateMembership');
      const confirm = dialog.getByRole('button', { name: 'Reactivate membership' });
      // Confirm waits for the modal's own query; then it names the plan and the card.
      await dialog.getByText(/Friend of Inkwell, monthly membership continues after/).waitFor();
      // Enabled once the modal has the membership (the same render may come a tick after its text).
      await confirm.and(page.locator('button:enabled')).waitFor();
      await page.screenshot({ path: screenshotPath(`membership-reactivate-modal-${width}`) });
      // Closing clears the hash; the hash opens it again.
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(new URL(page.url()).hash).toBe('');
      await page.goto('/me/settings/membership#reactivateMembership', { waitUntil: 'networkidle' });
      await dialog.getByText(/membership continues after/).waitFor();
      // Enabled once the modal has the membership (the same render may come a tick after its text).
      await confirm.and(page.locator('button:enabled')).waitFor();
      await confirm.click();
      // Success clears the hash and reloads: the membership runs again.
      await page.waitForFunction(() => window.location.hash === '' && document.readyState === 'complete');
      await page.locator('#membership').getByText('Next billing date').waitFor();
      await expect(page.locator('#membership').getByRole('link', { name: 'Cancel membership' }).count()).resolves.toBe(1);

      // A new card: back on the payment section with the spec's toast.
      await page.goto('/me/settings/payment/update', { waitUntil: 'networkidle' });
      await page.getByRole('heading', { name: 'Update payment method' }).waitFor();
      await shoot(page, 'update-payment', width);
      const form = page.getByTestId('card-form');
      await waitForHydration(form.getByLabel('Card number'));
      await form.getByLabel('Name on card').fill('Morgan Member');
      await form.getByLabel('Card number').fill('5555555555554444');
      await form.getByLabel('Expiry date').fill(`11${String((new Date().getFullYear() + 4) % 100).padStart(2, '0')}`);
      await form.getByLabel('Security code (CVC)').fill('321');
      await form.getByLabel('Postal code').fill('94107');
      await form.getByRole('button', { name: 'Update card' }).click();
      await page.getByText('Your payment method has been updated successfully.').waitFor();
      const landed = new URL(page.url());
      expect(landed.pathname + landed.hash).toBe('/me/settings/membership#payment');
      expect(landed.searchParams.get('updatedPayment')).toBeNull();
      await expect(page.getByTestId('payment-text').textContent()).resolves.toMatch(/^Mastercard ending in 4444 \(Expires 11\/\d{4}\)$/);
      await page.screenshot({ path: screenshotPath(`membership-payment-updated-${width}`) });
      expect(errors).toEqual([]);
    }, 240_000);
  }
});
