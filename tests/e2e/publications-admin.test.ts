import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { screenshotPath, useBrowser } from './support/browser.js';
import { clickOnceHydrated, signUpByEmail, waitForHydration } from './support/sign-in.js';

const h = useBrowser();

/** The signed-in reader's username, as the site chose it at sign-up. */
async function usernameOf(context: BrowserContext): Promise<string> {
  const body = (await (await context.request.post('/_/graphql', { data: { query: '{ viewer { username } }' } })).json()) as { data: { viewer: { username: string } } };
  return body.data.viewer.username;
}

/** The page at 500 and then 1200 px, reloaded at each width, saved to look at. */
async function shoot(page: Page, name: string) {
  for (const width of [500, 1200]) {
    await page.setViewportSize({ width, height: 900 });
    await page.reload({ waitUntil: 'networkidle' });
    await page.screenshot({ path: screenshotPath(`${name}-${width}`), fullPage: true });
  }
}

describe.skipIf(h.skipReason !== '')(`publication administration${h.skipReason ? ` (skipped: ${h.skipReason})` : ''}`, () => {
  const stamp = Date.now();

  it('creates a publication, sets its navigation, and invites a writer who accepts on their publications page', async () => {
    const { page, errors } = await h.open(500);
    await signUpByEmail(page, 'Olive Owner', `olive.owner.${stamp}@example.com`);

    // /new-publication at 500 px: the address follows the name until edited.
    await page.goto('/new-publication');
    const name = page.getByLabel('Name', { exact: true });
    await waitForHydration(name);
    await name.fill(`Harbour Notes ${stamp}`);
    const slug = `harbour-notes-${stamp}`;
    await expect(page.getByLabel('Address', { exact: true }).inputValue()).resolves.toBe(slug);
    await page.getByText(`/${slug}`, { exact: false }).first().waitFor();
    await page.getByLabel('Description').fill('Stories from the coast.');
    await expect(page.getByText('23/280').count()).resolves.toBe(1);
    await page.getByLabel('Tags').fill('Sea, Essays');
    const avatar = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#20507a' } }).png().toBuffer();
    await page.getByLabel('Add avatar').setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: avatar });
    await page.getByRole('img', { name: 'Avatar preview' }).waitFor();
    await page.screenshot({ path: screenshotPath('publication-new-500'), fullPage: true });
    await page.setViewportSize({ width: 1200, height: 900 });
    await page.screenshot({ path: screenshotPath('publication-new-1200'), fullPage: true });
    await page.getByRole('button', { name: 'Create publication' }).click();
    await page.waitForURL((url) => url.pathname === `/${slug}`);

    // Navigation items, saved and shown in the masthead.
    await page.goto(`/${slug}/settings/navigation`);
    const add = page.getByRole('button', { name: 'Add item' });
    await clickOnceHydrated(add);
    await page.getByLabel('Title of item 1').fill('Essays');
    await page.getByLabel('Value of item 1').fill('essays');
    await add.click();
    await page.getByLabel('Title of item 2').fill('Shop');
    await page.getByLabel('Destination of item 2').selectOption('URL');
    await page.getByLabel('Value of item 2').fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Save navigation' }).click();
    await page.getByRole('alert').getByText('must start with http:// or https://').waitFor();
    await page.getByLabel('Value of item 2').fill('https://shop.example.com/');
    await page.getByRole('button', { name: 'Move item 2 up' }).click();
    await page.getByRole('button', { name: 'Save navigation' }).click();
    await page.getByText('Navigation saved.').waitFor();
    await shoot(page, 'publication-settings-navigation');
    // Saved in the new order (the masthead renders publication.navigationItems on the reader pages).
    await expect(page.getByLabel('Title of item 1').inputValue()).resolves.toBe('Shop');
    await expect(page.getByLabel('Title of item 2').inputValue()).resolves.toBe('Essays');

    // The writer signs up in a browser of their own.
    const writer = await h.open(1200);
    await signUpByEmail(writer.page, 'Wren Writer', `wren.writer.${stamp}@example.com`);
    const writerName = await usernameOf(writer.context);

    // The owner invites them by username from the general tab.
    await page.goto(`/${slug}/settings`);
    const who = page.getByLabel('Username or email address');
    await waitForHydration(who);
    await who.fill(writerName);
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    await page.getByText('Invitation sent.').waitFor();
    await page.getByRole('list', { name: 'Pending invitations' }).getByText('Wren Writer').waitFor();
    await shoot(page, 'publication-settings-general');

    // The writer accepts on /@{username}/publications.
    await writer.page.goto(`/@${writerName}/publications`);
    const invitations = writer.page.getByRole('list', { name: 'Invitations' });
    await invitations.getByText(`Harbour Notes ${stamp}`).waitFor();
    await shoot(writer.page, 'user-publications-invited');
    await clickOnceHydrated(invitations.getByRole('button', { name: 'Accept', exact: true }));
    await writer.page.getByText(`You joined Harbour Notes ${stamp}.`).waitFor();
    await writer.page.reload();
    const publications = writer.page.getByRole('list', { name: 'Publications' });
    await publications.getByText('Writer').waitFor();
    await expect(publications.getByRole('link', { name: `Harbour Notes ${stamp}` }).getAttribute('href')).resolves.toBe(`/${slug}`);
    await shoot(writer.page, 'user-publications-member');

    // The owner sees them among the members, and the audit log has the acceptance.
    await page.reload();
    await page.getByRole('list', { name: 'Members' }).getByText('Wren Writer').waitFor();
    await page.getByRole('list', { name: 'Audit log' }).getByText('Wren Writer accepted an invitation').waitFor();
    // The followers tab.
    await page.goto(`/${slug}/settings/followers`);
    await page.getByText('0 followers').waitFor();
    await shoot(page, 'publication-settings-followers');

    expect(errors).toEqual([]);
    expect(writer.errors).toEqual([]);
  }, 180_000);
});
