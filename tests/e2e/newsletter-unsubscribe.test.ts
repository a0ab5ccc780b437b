import { describe, expect, inject, it } from 'vitest';
import { emailLinkSecret, subscriberToken, unsubscribePath } from '../../src/modules/newsletters/links.js';
import { connectDatabase } from '../../src/platform/db/client.js';
import { screenshotPath, useBrowser } from './support/browser.js';
import { contextGql } from './support/graphql.js';
import { clickOnceHydrated, signUpByEmail, waitForHydration } from './support/sign-in.js';

const h = useBrowser();

/**
 * The footer link of a newsletter email, as the sender signs it (part of every email, not
 * reachable from a page): the test reads the subscriber row and signs with the site's secret.
 */
async function footerLink(readerId: string): Promise<{ path: string; state: () => Promise<string> }> {
  const database = connectDatabase(inject('e2eDatabase'), 1, 1);
  try {
    const { rows } = await database.pool.query('select id, token_version from newsletter_subscribers where user_id = $1', [readerId]);
    const token = subscriberToken(await emailLinkSecret(database.db), 'unsubscribe', rows[0].id, rows[0].token_version);
    return { path: unsubscribePath(token), state: () => subscriberState(readerId) };
  } finally {
    await database.close();
  }
}

async function subscriberState(readerId: string): Promise<string> {
  const database = connectDatabase(inject('e2eDatabase'), 1, 1);
  try {
    return (await database.pool.query('select state from newsletter_subscribers where user_id = $1', [readerId])).rows[0].state;
  } finally {
    await database.close();
  }
}

describe.skipIf(h.skipReason !== '')(`newsletter unsubscribe${h.skipReason ? ` (skipped: ${h.skipReason})` : ''}`, () => {
  const stamp = Date.now().toString(36);

  for (const width of [500, 1200]) {
    it(`at ${width}px: the footer link asks, unsubscribes and resubscribes without signing in; the email settings page works signed out`, async () => {
      const writer = await h.open(width);
      await signUpByEmail(writer.page, `Wren Writer ${width}`, `wren.${width}.${stamp}@example.com`);
      const writerId = (await contextGql<{ viewer: { id: string } }>(writer.context, '{ viewer { id } }')).viewer.id;
      const reader = await h.open(width);
      await signUpByEmail(reader.page, `Rae Reader ${width}`, `rae.${width}.${stamp}@example.com`);
      const readerId = (await contextGql<{ viewer: { id: string } }>(reader.context, '{ viewer { id } }')).viewer.id;
      const made = await contextGql<{ fetchOrLazilyCreateNewsletterV3AndMaybeSubscribe: { name: string } }>(
        reader.context,
        'mutation($u: ID!) { fetchOrLazilyCreateNewsletterV3AndMaybeSubscribe(userId: $u) { name } }',
        { u: writerId },
      );
      const name = made.fetchOrLazilyCreateNewsletterV3AndMaybeSubscribe.name;
      const link = await footerLink(readerId);

      // Opened from the inbox: a browser without the reader's session.
      const inbox = await h.open(width);
      const { page, errors } = inbox;
      await page.goto(link.path);
      await page.getByRole('heading', { name: `Unsubscribe from ${name}?`, level: 1 }).waitFor();
      expect(await link.state()).toBe('ACTIVE'); // opening the link changed nothing
      await page.screenshot({ path: screenshotPath(`newsletter-unsubscribe-ask-${width}`), fullPage: true });
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await page.getByRole('heading', { name: `You've unsubscribed from ${name}.`, level: 1 }).waitFor();
      expect(await link.state()).toBe('UNSUBSCRIBED');
      await page.screenshot({ path: screenshotPath(`newsletter-unsubscribe-done-${width}`), fullPage: true });
      await page.getByRole('button', { name: 'Resubscribe' }).click();
      await page.getByRole('heading', { name: `Unsubscribe from ${name}?`, level: 1 }).waitFor();
      expect(await link.state()).toBe('ACTIVE');
      expect(new URL(page.url()).pathname).not.toBe(link.path); // a new link for the new subscription

      // The email settings page, still signed out.
      await page.getByRole('link', { name: 'Manage your email settings' }).click();
      await page.getByRole('heading', { name: 'Email settings', level: 1 }).waitFor();
      await page.screenshot({ path: screenshotPath(`email-settings-${width}`), fullPage: true });
      const unsubscribe = page.getByRole('button', { name: `Unsubscribe from ${name}` });
      await clickOnceHydrated(unsubscribe);
      await page.getByText(`You've unsubscribed from ${name}.`).waitFor();
      await page.getByText('You are not subscribed to any newsletters.').waitFor();
      expect(await link.state()).toBe('UNSUBSCRIBED');
      const sharing = page.getByRole('checkbox', { name: /Share my email address/ });
      await waitForHydration(sharing);
      expect(await sharing.isChecked()).toBe(true);
      await sharing.click();
      await page.getByText('Your email settings were saved.').waitFor();
      expect(await sharing.isChecked()).toBe(false);

      await page.getByRole('link', { name: 'Unsubscribe from all newsletters' }).click();
      await page.getByRole('heading', { name: 'Unsubscribe from all newsletters?', level: 1 }).waitFor();
      await page.screenshot({ path: screenshotPath(`unsubscribe-all-${width}`), fullPage: true });
      await clickOnceHydrated(page.getByRole('button', { name: 'Unsubscribe' }));
      await page.getByRole('heading', { name: "You've unsubscribed from all newsletters.", level: 1 }).waitFor();
      expect(errors).toEqual([]);
    });
  }
});
