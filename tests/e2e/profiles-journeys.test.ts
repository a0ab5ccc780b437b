import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath, shootWidths, useBrowser } from './support/browser.js';
import { signUpByEmail } from './support/sign-in.js';

const h = useBrowser();

/** A GraphQL call as the signed-in browser (its cookies), for setting up what the journey works on. */
async function gql<T>(context: BrowserContext, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await context.request.post('/_/graphql', { data: { query, variables } });
  const body = (await res.json()) as { data?: T; errors?: unknown };
  if (!body.data) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

/** Writes and publishes a story with the editor's calls. */
async function publishStory(context: BrowserContext, title: string, opts: { image?: boolean } = {}): Promise<string> {
  const paragraphs: Record<string, unknown>[] = [{ name: 'a1b2', type: 'P', text: `${title} begins with a sentence worth reading twice.` }];
  if (opts.image) paragraphs.push({ name: 'c3d4', type: 'IMG', text: '', metadata: { id: 'demo/tide-lines.svg', originalWidth: 1200, originalHeight: 800 } });
  const made = await gql<{ createDraft: { postId: string } }>(
    context,
    `mutation($title: String!, $paragraphs: [ParagraphInput!]!) { createDraft(title: $title, subtitle: "", paragraphs: $paragraphs) { ... on SavedDraft { postId } } }`,
    { title, paragraphs },
  );
  const input = { tags: ['Profiles'], visibility: 'PUBLIC', isLocked: false, allowResponses: true, license: 'ALL_RIGHTS_RESERVED' };
  await gql(context, 'mutation($postId: ID!, $input: PublishPostInput!) { publishPost(postId: $postId, input: $input) { __typename } }', { postId: made.createDraft.postId, input });
  return made.createDraft.postId;
}

const viewerOf = (context: BrowserContext) => gql<{ viewer: { id: string; username: string; name: string } }>(context, '{ viewer { id username name } }').then((d) => d.viewer);
const cardTitles = (page: Page) => page.getByTestId('post-card').locator('h2').allTextContents();

describe.skipIf(h.skipReason !== '')(`profiles${h.skipReason ? ` (skipped: ${h.skipReason})` : ''}`, () => {
  const stamp = Date.now();
  let writerUsername = '';
  let writerContext: BrowserContext;
  let writerPage: Page;

  it('a writer pins a story: it comes first, marked Pinned, with the toast; unpinning puts it back', async () => {
    const { page, context, errors } = await h.open(1200);
    writerContext = context;
    writerPage = page;
    await signUpByEmail(page, 'Wren Profile', `wren.${stamp}@example.com`);
    writerUsername = (await viewerOf(context)).username;
    for (const title of ['First river', 'Second river', 'Third river']) await publishStory(context, `${title} ${stamp}`, { image: title === 'Third river' });

    await page.goto(`/@${writerUsername}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Wren Profile', level: 1 }).waitFor();
    expect(await cardTitles(page)).toEqual([`Third river ${stamp}`, `Second river ${stamp}`, `First river ${stamp}`]);
    // Their own profile: Edit profile, no Follow.
    await expect(page.getByTestId('profile-sidebar').getByRole('link', { name: 'Edit profile' }).isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('profile-sidebar').getByTestId('follow-button').count()).resolves.toBe(0);

    await page.getByRole('button', { name: `Story actions for First river ${stamp}` }).click();
    await page.getByRole('menuitem', { name: 'Pin to profile' }).click();
    await page.getByRole('status').getByText('Story pinned to your profile.').waitFor();
    await page.getByText('Pinned', { exact: true }).waitFor();
    expect(await cardTitles(page)).toEqual([`First river ${stamp}`, `Third river ${stamp}`, `Second river ${stamp}`]);
    await page.screenshot({ path: screenshotPath('profiles-pinned-toast') });
    // The '...' of a card with a preview image sits beside the image, not over it.
    const thirdCard = page.getByTestId('post-card').filter({ hasText: `Third river ${stamp}` });
    const thumb = await thirdCard.locator('img').last().boundingBox();
    const menu = await page.getByRole('button', { name: `Story actions for Third river ${stamp}` }).boundingBox();
    expect(menu!.x + menu!.width).toBeLessThanOrEqual(thumb!.x);

    // Still first after a reload (the server's order), then unpinned back into place.
    await page.reload({ waitUntil: 'networkidle' });
    expect((await cardTitles(page))[0]).toBe(`First river ${stamp}`);
    await page.getByRole('button', { name: `Story actions for First river ${stamp}` }).click();
    await page.getByRole('menuitem', { name: 'Unpin' }).click();
    await page.getByRole('status').getByText('Story unpinned from your profile.').waitFor();
    await expect.poll(() => cardTitles(page)).toEqual([`Third river ${stamp}`, `Second river ${stamp}`, `First river ${stamp}`]);
    await page.getByRole('button', { name: `Story actions for Second river ${stamp}` }).click();
    await page.getByRole('menuitem', { name: 'Pin to profile' }).click();
    await page.getByRole('status').getByText('Story pinned to your profile.').waitFor();
    await expect.poll(() => cardTitles(page)).toEqual([`Second river ${stamp}`, `Third river ${stamp}`, `First river ${stamp}`]);
    expect(errors).toEqual([]);
  });

  it('a reader follows the writer from the profile and appears on the followers page', async () => {
    const { page, context, errors } = await h.open(1200);
    await signUpByEmail(page, 'Reed Follower', `reed.${stamp}@example.com`);
    await page.goto(`/@${writerUsername}`, { waitUntil: 'networkidle' });
    const sidebar = page.getByTestId('profile-sidebar');
    await expect(sidebar.getByRole('link', { name: '0 Followers' }).isVisible()).resolves.toBe(true);
    await sidebar.getByRole('button', { name: 'Follow Wren Profile' }).click();
    await sidebar.getByRole('button', { name: 'Following Wren Profile' }).waitFor();
    await sidebar.getByRole('link', { name: '1 Follower' }).waitFor();
    await sidebar.getByRole('link', { name: '1 Follower' }).click();
    await page.waitForURL((url) => url.pathname === `/@${writerUsername}/followers`);
    await page.getByRole('heading', { name: '1 Follower', level: 1 }).waitFor();
    const row = page.getByRole('list', { name: 'Followers of Wren Profile' }).getByTestId('person-row');
    await expect(row.count()).resolves.toBe(1);
    await expect(row.getByRole('link', { name: 'Reed Follower' }).isVisible()).resolves.toBe(true);
    await shootWidths(page, 'profiles-followers');

    // The '...' menu mutes the writer, then unmutes with the spec's toast.
    await page.goto(`/@${writerUsername}`, { waitUntil: 'networkidle' });
    await sidebar.getByRole('button', { name: 'More actions for Wren Profile' }).click();
    await page.getByRole('menuitem', { name: 'Mute this author' }).click();
    await page.getByRole('status').getByText('Wren Profile has been muted').waitFor();
    await sidebar.getByRole('button', { name: 'More actions for Wren Profile' }).click();
    await page.getByRole('menuitem', { name: 'Unmute this author' }).click();
    await page.getByRole('status').getByText('Wren Profile has been unmuted').waitFor();
    await sidebar.getByRole('button', { name: 'More actions for Wren Profile' }).click();
    await page.getByRole('menuitem', { name: 'Report this author' }).click();
    await page.getByRole('status').getByText(/Reporting a writer is coming soon/).waitFor();

    // The reader's own following page lists the writer.
    const reader = await viewerOf(context);
    await page.goto(`/@${reader.username}/following`, { waitUntil: 'networkidle' });
    await page.getByRole('list', { name: 'People Reed Follower follows' }).getByRole('link', { name: 'Wren Profile' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('the writer edits /me/about and the About page shows it', async () => {
    const page = writerPage;
    await page.goto('/me/about', { waitUntil: 'networkidle' });
    const text = page.getByLabel('About you');
    await text.fill(`I write about rivers and the towns along them. ${stamp}`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').getByText('Your About page was saved.').waitFor();
    // The sidebar shows it at once, and Save waits for the next change.
    await page.getByTestId('profile-sidebar').getByText(`I write about rivers and the towns along them. ${stamp}`).waitFor();
    await expect(page.getByRole('button', { name: 'Save' }).isDisabled()).resolves.toBe(true);
    await page.screenshot({ path: screenshotPath('profiles-me-about') });
    await page.goto(`/@${writerUsername}/about`, { waitUntil: 'networkidle' });
    const about = page.getByRole('region', { name: 'About Wren Profile' });
    await about.getByText(`I write about rivers and the towns along them. ${stamp}`).waitFor();
    await expect(about.textContent()).resolves.toMatch(/Joined \w+ \d{4}/);
    await expect(about.getByRole('link', { name: '1 Follower' }).isVisible()).resolves.toBe(true);
    await shootWidths(page, 'profiles-about');
    // Too long: the counter turns red and Save is off; nothing is sent.
    await page.goto('/me/about', { waitUntil: 'networkidle' });
    await page.getByLabel('About you').fill('x'.repeat(161));
    await expect(page.getByRole('button', { name: 'Save' }).isDisabled()).resolves.toBe(true);
  });

  it('the profile at 500, 800 and 1200: the sidebar only from 904px, its essentials in the header below', async () => {
    const { page, errors } = await h.open(1200);
    await page.goto(`/@${writerUsername}`, { waitUntil: 'networkidle' });
    await shootWidths(page, 'profiles-profile');
    await expect(page.getByTestId('profile-sidebar').isVisible()).resolves.toBe(true);
    await page.setViewportSize({ width: 800, height: 900 });
    await expect(page.getByTestId('profile-sidebar').isVisible()).resolves.toBe(false);
    await expect(page.getByRole('main').getByRole('button', { name: 'Follow Wren Profile' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('main').getByRole('link', { name: '1 Follower' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('main').getByText(`I write about rivers and the towns along them. ${stamp}`).isVisible()).resolves.toBe(true);
    // Three stories: one page, no Show more.
    await expect(page.getByRole('button', { name: 'Show more' }).count()).resolves.toBe(0);
    expect(errors).toEqual([]);
  });

  it('past 10 stories, Show more brings the rest, each once, the pinned one still first', async () => {
    for (let i = 1; i <= 10; i++) await publishStory(writerContext, `Tributary ${i} ${stamp}`);
    const { page, errors } = await h.open(1200);
    await page.goto(`/@${writerUsername}`, { waitUntil: 'networkidle' });
    const first = await cardTitles(page);
    expect(first).toHaveLength(10);
    expect(first[0]).toBe(`Second river ${stamp}`);
    expect(first[1]).toBe(`Tributary 10 ${stamp}`);
    await page.getByRole('button', { name: 'Show more' }).click();
    await expect.poll(() => page.getByTestId('post-card').count()).toBe(13);
    const all = await cardTitles(page);
    expect(new Set(all).size).toBe(13);
    expect(all.slice(-2)).toEqual([`Third river ${stamp}`, `First river ${stamp}`]);
    await expect(page.getByRole('button', { name: 'Show more' }).count()).resolves.toBe(0);
    expect(errors).toEqual([]);

    // The writer pins from the story page's own '...' menu too; the story leads the profile.
    await writerPage.goto(`/@${writerUsername}`, { waitUntil: 'networkidle' });
    await writerPage.getByRole('link', { name: `Tributary 9 ${stamp}` }).click();
    await writerPage.getByTestId('post-title').waitFor();
    await writerPage.getByRole('button', { name: 'Story actions' }).click();
    await writerPage.getByRole('menuitem', { name: 'Pin to profile' }).click();
    await writerPage.getByRole('status').getByText('Story pinned to your profile.').waitFor();
    await writerPage.getByRole('button', { name: 'Story actions' }).click();
    await writerPage.getByRole('menuitem', { name: 'Unpin from profile' }).waitFor();
    await writerPage.keyboard.press('Escape');
    await writerPage.goto(`/@${writerUsername}`, { waitUntil: 'networkidle' });
    expect((await cardTitles(writerPage)).slice(0, 3)).toEqual([`Tributary 9 ${stamp}`, `Second river ${stamp}`, `Tributary 10 ${stamp}`]);
    await writerContext.close();
  });
});
