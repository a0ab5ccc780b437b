import { describe, expect, it } from 'vitest';
import { screenshotPath, useBrowser } from './support/browser.js';
import { contextGql } from './support/graphql.js';
import { readNewEmail, signUpByEmail, waitForHydration } from './support/sign-in.js';

const h = useBrowser();

/**
 * The whole newsletter loop as its two people meet it: a logged-out visitor subscribes by email
 * and confirms from the mailbox; the writer publishes; the story arrives by email; the email's
 * List-Unsubscribe one-click POST (RFC 8058, no cookies) ends the subscription.
 */
describe.skipIf(h.skipReason !== '')(`a newsletter from subscribing to unsubscribing${h.skipReason ? ` (skipped: ${h.skipReason})` : ''}`, () => {
  for (const width of [500, 1200]) {
    it(`at ${width}px: subscribe by email, confirm, the writer publishes, the story arrives, one click unsubscribes`, async () => {
      const stamp = `${width}-${Date.now()}`;
      const writer = await h.open(width);
      await signUpByEmail(writer.page, 'Juno Journey', `juno.${stamp}@example.com`);
      const { viewer } = await contextGql<{ viewer: { username: string } }>(writer.context, '{ viewer { username } }');

      // A visitor subscribes on the writer's promotion page and confirms from the mailbox.
      const visitor = await h.open(width);
      const address = `reader.${stamp}@example.com`;
      await visitor.page.goto(`/@${viewer.username}/subscribe`);
      const field = visitor.page.getByLabel('Your email');
      await waitForHydration(field);
      await field.fill(address);
      await visitor.page.getByRole('button', { name: 'Subscribe', exact: true }).click();
      await visitor.page.getByTestId('subscribe-check-inbox').waitFor();
      const confirmation = await readNewEmail(await visitor.context.newPage(), address, /Confirm your subscription/);
      const confirmLink = /https?:\/\/\S+\/_\/newsletters\/confirm\/\S+/.exec(confirmation)?.[0];
      expect(confirmLink).toBeTruthy();
      await visitor.page.goto(new URL(confirmLink!).pathname);
      await visitor.page.getByTestId('subscription-confirmed').waitFor();

      // The writer publishes a story with the dialog's email option on.
      const title = `A letter at ${stamp}`;
      await writer.page.goto('/new-story', { waitUntil: 'networkidle' });
      await writer.page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
      await writer.page.getByRole('textbox', { name: 'Subtitle' }).fill('For the readers who asked');
      await writer.page.keyboard.press('Enter');
      await writer.page.keyboard.type('Every subscriber gets this paragraph in their inbox.');
      await writer.page.locator('[data-save-state="saved"]').waitFor();
      await writer.page.getByRole('button', { name: 'Publish', exact: true }).click();
      const dialog = writer.page.getByRole('dialog');
      const option = dialog.getByRole('checkbox', { name: /Email this story to my 1 subscriber/ });
      await option.waitFor();
      expect(await option.isChecked()).toBe(true);
      await dialog.getByRole('button', { name: 'Publish now' }).click();
      await writer.page.waitForURL((url) => url.pathname.startsWith('/@'));

      // The story arrives, with the one-click unsubscribe headers.
      const inbox = await visitor.context.newPage();
      const story = await readNewEmail(inbox, address, new RegExp(title));
      expect(story).toContain('Every subscriber gets this paragraph in their inbox.');
      const header = async (name: string) => (await inbox.locator(`dt:text-is("${name}") + dd`).textContent())?.trim() ?? '';
      expect(await header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      const oneClick = /<(https?:\/\/[^>]+)>/.exec(await header('List-Unsubscribe'))?.[1];
      expect(oneClick).toMatch(/\/_\/newsletters\/unsubscribe\//);
      await inbox.screenshot({ path: screenshotPath(`newsletter-journey-email-${width}`), fullPage: true });

      // The mailbox provider's POST: no cookies, only the signed URL.
      const res = await fetch(oneClick!, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click', redirect: 'manual' });
      expect(res.status).toBe(200);
      // The footer link now says so, and the writer's count is back to none.
      await visitor.page.goto(new URL(oneClick!).pathname);
      await visitor.page.getByText(/You've unsubscribed from/).first().waitFor();
      await visitor.page.screenshot({ path: screenshotPath(`newsletter-journey-unsubscribed-${width}`), fullPage: true });
      const after = await contextGql<{ viewer: { newsletterV3: { subscriberCount: number } } }>(writer.context, '{ viewer { newsletterV3 { subscriberCount } } }');
      expect(after.viewer.newsletterV3.subscriberCount).toBe(0);
      expect([...writer.errors, ...visitor.errors]).toEqual([]);
    });
  }
});
