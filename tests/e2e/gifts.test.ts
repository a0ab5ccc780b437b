import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath, useBrowser } from './support/browser.js';
import { clickOnceHydrated, readNewEmail, signUpByEmail, waitForHydration } from './support/sign-in.js';

const h = useBrowser();

async function payWith4242(page: Page) {
  await page.getByLabel('Name on card').fill('Gia Giver');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date').fill('12 / 34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByLabel('Postal code').fill('94110');
}

/** Gifts in the browser: buy one with a test card, open the email's link as its recipient, redeem, be a member. */
describe.skipIf(h.skipReason !== '')(`gifts${h.skipReason ? ` (skipped: ${h.skipReason})` : ''}`, () => {
  for (const [buyerWidth, recipientWidth] of [
    [1200, 500],
    [500, 1200],
  ] as const) {
    it(`a reader buys a gift at ${buyerWidth}px; its recipient redeems it from the email at ${recipientWidth}px and is a member`, async () => {
      const stamp = `${Date.now()}-${buyerWidth}`;
      const buyerEmail = `giver.${stamp}@example.com`;
      const recipientEmail = `rosa.${stamp}@example.com`;

      const buyer = await h.open(buyerWidth);
      await buyer.page.goto('/gift');
      await buyer.page.getByRole('heading', { name: /Give the gift of/, level: 1 }).waitFor();
      await buyer.page.screenshot({ path: screenshotPath(`gift-landing-signed-out-${buyerWidth}`), fullPage: true });
      await buyer.page.goto('/gift-plans');
      await buyer.page.screenshot({ path: screenshotPath(`gift-checkout-signed-out-${buyerWidth}`), fullPage: true });
      await signUpByEmail(buyer.page, 'Gia Giver', buyerEmail);

      await buyer.page.goto('/gift-plans');
      const name = buyer.page.getByLabel("Recipient's name");
      await waitForHydration(name);
      await name.fill('Rosa Recipient');
      await buyer.page.getByLabel("Recipient's email").fill(recipientEmail);
      await buyer.page.getByLabel('Message (optional)').fill('Happy birthday, Rosa! <3');
      await payWith4242(buyer.page);
      await buyer.page.screenshot({ path: screenshotPath(`gift-checkout-filled-${buyerWidth}`), fullPage: true });
      await clickOnceHydrated(buyer.page.getByRole('button', { name: 'Buy gift for $29' }));
      await buyer.page.getByRole('heading', { name: 'Your gift is on its way' }).waitFor();
      await expect(buyer.page.getByTestId('gift-bought').getByRole('status').textContent()).resolves.toContain(`We emailed Rosa Recipient (${recipientEmail}) their gift code just now.`);
      await buyer.page.screenshot({ path: screenshotPath(`gift-bought-${buyerWidth}`), fullPage: true });

      // The buyer's receipt.
      const mailbox = await buyer.context.newPage();
      expect(await readNewEmail(mailbox, buyerEmail, /gift receipt/)).toContain('$29.00');

      // The recipient, in a browser of their own, signs up and opens the email's link.
      const recipient = await h.open(recipientWidth);
      await signUpByEmail(recipient.page, 'Rosa Recipient', recipientEmail);
      const inbox = await recipient.context.newPage();
      const text = await readNewEmail(inbox, recipientEmail, /sent you a year of/);
      expect(text).toContain('Happy birthday, Rosa! <3');
      const link = /(https?:\/\/\S+\/redeem-gift\?code=\S+)/.exec(text)?.[1];
      expect(link).toBeTruthy();
      await inbox.close();
      await recipient.page.goto(new URL(link!).pathname + new URL(link!).search);
      await recipient.page.getByText('This gift code is valid: redeem it for a year of membership.').waitFor();
      await recipient.page.screenshot({ path: screenshotPath(`gift-redeem-valid-${recipientWidth}`), fullPage: true });
      await clickOnceHydrated(recipient.page.getByRole('button', { name: 'Redeem gift' }));
      await recipient.page.getByTestId('gift-redeemed').waitFor();
      await expect(recipient.page.getByTestId('gift-redeemed').textContent()).resolves.toMatch(/Your membership runs until \w+ \d+, \d{4}/);
      await recipient.page.screenshot({ path: screenshotPath(`gift-redeemed-${recipientWidth}`), fullPage: true });

      // The reader's membership, as their own browser reads it.
      const status = await recipient.page.evaluate(async () => {
        const res = await fetch('/_/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ viewer { membershipStatus { tier state paymentProvider } } }' }) });
        return ((await res.json()) as { data: { viewer: { membershipStatus: unknown } } }).data.viewer.membershipStatus;
      });
      expect(status).toEqual({ tier: 'MEMBER', state: 'ACTIVE', paymentProvider: 'GIFT' });

      // The same link again: already used, said plainly.
      await recipient.page.goto(new URL(link!).pathname + new URL(link!).search);
      await recipient.page.getByText('This gift code has already been redeemed.').waitFor();
      await recipient.page.screenshot({ path: screenshotPath(`gift-redeem-used-${recipientWidth}`), fullPage: true });
      expect([...buyer.errors, ...recipient.errors]).toEqual([]);
      // Two sign-ups by email and a purchase: longer than the default minute on a busy machine.
    }, 180_000);
  }

  it('a group gift shows its codes to the buyer (screenshots of the group gift pages)', async () => {
    const { page, errors } = await h.open(1200);
    await signUpByEmail(page, 'Greta Group', `group.${Date.now()}@example.com`);
    for (const width of [500, 1200]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/group-gift');
      await page.getByRole('heading', { name: /to a group/ }).waitFor();
      await page.screenshot({ path: screenshotPath(`group-gift-${width}`), fullPage: true });
      await page.goto('/gift');
      await page.screenshot({ path: screenshotPath(`gift-landing-${width}`), fullPage: true });
      await page.goto('/redeem-gift');
      await page.screenshot({ path: screenshotPath(`gift-redeem-empty-${width}`), fullPage: true });
    }
    await page.goto('/group-gift');
    const quantity = page.getByLabel('Number of memberships');
    await waitForHydration(quantity);
    await quantity.fill('3');
    await payWith4242(page);
    await clickOnceHydrated(page.getByRole('button', { name: 'Buy 3 memberships for $93' }));
    await page.getByRole('heading', { name: 'Your gift codes' }).waitFor();
    await expect(page.getByRole('list', { name: 'Gift codes' }).getByRole('listitem').count()).resolves.toBe(3);
    await page.screenshot({ path: screenshotPath('group-gift-bought-1200'), fullPage: true });
    expect(errors).toEqual([]);
  });
});
