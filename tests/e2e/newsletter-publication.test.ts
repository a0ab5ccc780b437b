import { describe, expect, it } from 'vitest';
import { DESKTOP_USER_AGENT, screenshotPath, useBrowser } from './support/browser.js';
import { contextGql as gql } from './support/graphql.js';
import { clickOnceHydrated, signUpByEmail, waitForHydration } from './support/sign-in.js';

const h = useBrowser();

describe.skipIf(h.skipReason !== '')(`publication newsletter${h.skipReason ? ` (skipped: ${h.skipReason})` : ''}`, () => {
  const stamp = Date.now().toString(36);

  for (const width of [500, 1200]) {
    it(`at ${width}px: an editor creates the newsletter, a reader subscribes on its landing page, the editor sees 1 subscriber`, async () => {
      const editor = await h.open(width, { userAgent: DESKTOP_USER_AGENT });
      await signUpByEmail(editor.page, 'Nora Newsroom', `nora.${width}.${stamp}@example.com`);
      const slug = `dispatch-${width}-${stamp}`;
      await gql(editor.context, 'mutation($input: CreateCollectionInput!) { createCollection(input: $input) { __typename } }', { input: { name: `Harbour Dispatch ${width}`, slug } });

      // Before it has one, the promotion page shows its editors how to make one; readers get 404.
      await editor.page.goto(`/${slug}/newsletter`);
      await editor.page.getByRole('link', { name: 'Create a newsletter' }).waitFor();
      await editor.page.screenshot({ path: screenshotPath(`newsletter-promotion-none-${width}`), fullPage: true });

      // From the publication's settings: Newsletter → the form.
      await editor.page.goto(`/${slug}/settings`);
      await clickOnceHydrated(editor.page.getByTestId('settings-newsletter-link'));
      await editor.page.waitForURL(`**/${slug}/new-newsletter`);
      await waitForHydration(editor.page.getByRole('heading', { name: 'New newsletter' }));
      await editor.page.getByLabel('Name').fill('x'.repeat(60));
      await editor.page.getByLabel('URL').fill('Not a slug!');
      await editor.page.getByRole('button', { name: 'Create newsletter' }).click();
      await expect.poll(() => editor.page.getByRole('alert').textContent()).toBe('The newsletter URL must be 3 to 40 lowercase letters, digits or single hyphens.');
      await editor.page.screenshot({ path: screenshotPath(`newsletter-settings-new-${width}`), fullPage: true });
      await editor.page.getByLabel('Name').fill('Tide Letters');
      await editor.page.getByLabel('URL').fill('');
      await editor.page.getByLabel('Description').fill('The week on the water, every Friday.');
      await editor.page.getByRole('button', { name: 'Create newsletter' }).click();
      await editor.page.waitForURL(`**/${slug}/newsletters/tide-letters`);
      await editor.page.getByRole('heading', { name: 'Tide Letters' }).waitFor();
      await editor.page.getByRole('link', { name: 'Settings', exact: true }).waitFor();

      // The settings page edits it.
      await editor.page.goto(`/${slug}/newsletters/tide-letters/settings`);
      await waitForHydration(editor.page.getByRole('heading', { name: 'Tide Letters settings' }));
      await editor.page.screenshot({ path: screenshotPath(`newsletter-settings-edit-${width}`), fullPage: true });

      // A logged-out visitor sees the landing page with the email form.
      const visitor = await h.open(width, { userAgent: DESKTOP_USER_AGENT });
      await visitor.page.goto(`/${slug}/newsletters/tide-letters`);
      await visitor.page.getByTestId('email-subscribe-form').waitFor();
      await visitor.page.screenshot({ path: screenshotPath(`newsletter-landing-logged-out-${width}`), fullPage: true });
      expect((await visitor.page.goto(`/${slug}/newsletters/no-such-letter`))?.status()).toBe(404);
      expect((await visitor.page.goto(`/${slug}/new-newsletter`))?.status()).toBe(404);
      expect((await visitor.page.goto(`/${slug}/newsletters/tide-letters/stats`))?.status()).toBe(404);

      // A signed-in reader subscribes with one click.
      const reader = await h.open(width, { userAgent: DESKTOP_USER_AGENT });
      await signUpByEmail(reader.page, 'Rita Reader', `rita.${width}.${stamp}@example.com`);
      await reader.page.goto(`/${slug}/newsletter`);
      await expect.poll(() => reader.page.getByTestId('newsletter-subscriber-count').textContent()).toBe('0 subscribers');
      await clickOnceHydrated(reader.page.getByTestId('newsletter-subscribe-button'));
      await expect.poll(() => reader.page.getByTestId('newsletter-subscribe-button').textContent()).toBe('Subscribed');
      await expect.poll(() => reader.page.getByTestId('newsletter-subscriber-count').textContent()).toBe('1 subscriber');
      await reader.page.getByText('You’re now subscribed to Tide Letters.').or(reader.page.getByText("You're now subscribed to Tide Letters.")).first().waitFor();
      await reader.page.screenshot({ path: screenshotPath(`newsletter-promotion-subscribed-${width}`), fullPage: true });
      expect((await reader.page.goto(`/${slug}/newsletters/tide-letters/stats`))?.status()).toBe(404);

      // The editor sees the subscriber in the stats.
      await editor.page.goto(`/${slug}/newsletters/tide-letters/stats`);
      const totals = editor.page.getByTestId('audience-totals');
      await totals.waitFor();
      await expect.poll(() => totals.locator('div').first().textContent()).toBe('Subscribers1');
      await editor.page.getByTestId('audience-subscribers').getByRole('link', { name: 'Rita Reader' }).waitFor();
      await editor.page.screenshot({ path: screenshotPath(`newsletter-stats-${width}`), fullPage: true });

      // The writer's own audience page, with the export.
      const username = (await gql<{ viewer: { username: string } }>(editor.context, '{ viewer { username } }')).viewer.username;
      await editor.page.goto(`/@${username}/audience`);
      await editor.page.getByRole('heading', { name: 'Audience' }).waitFor();
      await editor.page.getByTestId('audience-export').waitFor();
      await editor.page.screenshot({ path: screenshotPath(`audience-${width}`), fullPage: true });
      expect((await reader.page.goto(`/@${username}/audience`))?.status()).toBe(404);

      expect(editor.errors).toEqual([]);
      expect(reader.errors.filter((e) => !/404/.test(e))).toEqual([]);
      expect(visitor.errors.filter((e) => !/404/.test(e))).toEqual([]);
    });
  }
});
