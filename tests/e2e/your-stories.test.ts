import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath, shootWidths, useBrowser } from './support/browser.js';
import { signUpByEmail } from './support/sign-in.js';

const h = useBrowser();

/** A GraphQL call as the signed-in browser (its cookies), for setting up stories to work on. */
async function gql(context: BrowserContext, query: string, variables: Record<string, unknown>) {
  const res = await context.request.post('/_/graphql', { data: { query, variables } });
  const body = (await res.json()) as { data?: Record<string, { __typename: string; postId?: string; id?: string }>; errors?: unknown };
  if (!body.data) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

/** Writes a story with the editor's calls, published unless `draft`. */
async function writeStory(context: BrowserContext, title: string, opts: { draft?: boolean } = {}): Promise<string> {
  const made = await gql(
    context,
    `mutation($title: String!, $paragraphs: [ParagraphInput!]!) { createDraft(title: $title, subtitle: "", paragraphs: $paragraphs) { __typename ... on SavedDraft { postId } } }`,
    { title, paragraphs: [{ name: 'a1b2', type: 'P', text: `${title} opens with a first sentence worth reading.` }] },
  );
  const postId = made.createDraft!.postId!;
  if (!opts.draft) {
    const input = { tags: ['Trash Talk'], visibility: 'PUBLIC', isLocked: false, allowResponses: true, license: 'ALL_RIGHTS_RESERVED' };
    const published = await gql(context, 'mutation($postId: ID!, $input: PublishPostInput!) { publishPost(postId: $postId, input: $input) { __typename } }', { postId, input });
    expect(published.publishPost!.__typename).toBe('Post');
  }
  return postId;
}

const tab = (page: Page, name: RegExp) => page.getByRole('navigation', { name: 'Your stories' }).getByRole('link', { name });
const story = (page: Page, title: string) => page.getByRole('article', { name: title });

describe.skipIf(h.skipReason !== '')(`your stories and the trash${h.skipReason ? ` (skipped: ${h.skipReason})` : ''}`, () => {
  const stamp = Date.now();

  it('sends a signed-out reader to sign in, and back to the tab', async () => {
    const { page } = await h.open(1200);
    await page.goto('/me/stories/deleted');
    await page.waitForURL((url) => url.pathname === '/m/signin');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/me/stories/deleted');
  });

  it('deletes a story from the list, undoes it from the toast, deletes it again and restores it from the trash', async () => {
    const { page, context, errors } = await h.open(1200);
    await signUpByEmail(page, 'Tess Trash', `tess.${stamp}@example.com`);
    await writeStory(context, 'A draft that stays', { draft: true });
    await writeStory(context, 'A story that stays');
    const doomedId = await writeStory(context, 'A story to throw away');

    await page.goto('/me/stories', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Your stories', level: 1 }).waitFor();
    await expect(page.getByRole('link', { name: 'Write a story' }).getAttribute('href')).resolves.toBe('/new-story');
    await expect(tab(page, /^Drafts 1$/).getAttribute('aria-current')).resolves.toBe('page');
    await story(page, 'A draft that stays').waitFor();
    await tab(page, /^Public 2$/).click();
    await page.waitForURL((url) => url.pathname === '/me/stories/public');
    await story(page, 'A story to throw away').waitFor();
    await shootWidths(page, 'your-stories-public');

    // Delete → confirm → the 'move to trash' toast; Undo brings it back.
    await story(page, 'A story to throw away').getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete story' });
    await page.screenshot({ path: screenshotPath('your-stories-delete-dialog'), animations: 'disabled' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Your story was moved to the trash.').waitFor();
    await story(page, 'A story to throw away').waitFor({ state: 'detached' });
    await tab(page, /^Deleted 1$/).waitFor();
    await tab(page, /^Public 1$/).waitFor();
    await page.screenshot({ path: screenshotPath('your-stories-trash-toast'), animations: 'disabled' });
    await page.getByRole('status').getByRole('button', { name: 'Undo' }).click();
    await page.getByText('Your story was restored.').waitFor();
    await story(page, 'A story to throw away').waitFor();
    await tab(page, /^Public 2$/).waitFor();
    await expect(tab(page, /^Deleted/).textContent()).resolves.toBe('Deleted');

    // Delete again, then Restore from the deleted tab (spec §2.5 deleted-stories page).
    await story(page, 'A story to throw away').getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await story(page, 'A story to throw away').waitFor({ state: 'detached' });
    await tab(page, /^Deleted 1$/).click();
    await page.waitForURL((url) => url.pathname === '/me/stories/deleted');
    const trashed = story(page, 'A story to throw away');
    await expect(trashed.textContent()).resolves.toContain('Permanently deleted in 14 days');
    await shootWidths(page, 'your-stories-deleted');
    await trashed.getByRole('button', { name: 'Restore' }).click();
    await page.getByText('“A story to throw away” was restored to Public.').waitFor();
    await page.getByText('You have no deleted stories.').waitFor();
    // The announcement's parameters are dropped once shown: a reload does not repeat it.
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/me/stories/deleted');
    await page.screenshot({ path: screenshotPath('your-stories-restored-toast'), animations: 'disabled' });

    await page.goto(`/p/${doomedId}`, { waitUntil: 'networkidle' });
    await page.getByTestId('post-title').waitFor();
    expect(errors).toEqual([]);
  });

  it("deletes a story from its page's menu, and Undo puts it back", async () => {
    const { page, context, errors } = await h.open(1200);
    await signUpByEmail(page, 'Mena Menu', `mena.${stamp}@example.com`);
    const postId = await writeStory(context, 'Deleted from its page');
    await page.goto(`/p/${postId}`, { waitUntil: 'networkidle' });
    await page.getByTestId('post-title').waitFor();
    await page.getByRole('button', { name: 'Story actions' }).click();
    const menu = page.getByRole('menu', { name: 'Story actions' });
    await expect(menu.getByRole('menuitem', { name: 'Edit story' }).getAttribute('href')).resolves.toBe(`/p/${postId}/edit`);
    await expect(menu.getByRole('menuitem', { name: 'Story settings' }).getAttribute('href')).resolves.toBe(`/p/${postId}/settings`);
    await page.screenshot({ path: screenshotPath('story-author-menu') });
    await menu.getByRole('menuitem', { name: 'Delete story' }).click();
    await page.getByRole('dialog', { name: 'Delete story' }).getByRole('button', { name: 'Delete' }).click();

    await page.waitForURL((url) => url.pathname === '/me/stories/deleted');
    await page.getByText('Your story was moved to the trash.').waitFor();
    await story(page, 'Deleted from its page').waitFor();
    await page.getByRole('status').getByRole('button', { name: 'Undo' }).click();
    await page.getByText('Your story was restored.').waitFor();
    await page.getByText('You have no deleted stories.').waitFor();
    await tab(page, /^Public 1$/).waitFor();

    // Readers see no menu.
    const reader = await h.open(1200);
    await reader.page.goto(`/p/${postId}`, { waitUntil: 'networkidle' });
    await reader.page.getByTestId('post-title').waitFor();
    await expect(reader.page.getByRole('button', { name: 'Story actions' }).count()).resolves.toBe(0);
    expect(errors).toEqual([]);
  });

  it('lists each response once, saying which story it answers', async () => {
    const { page, context, errors } = await h.open(1200);
    await signUpByEmail(page, 'Rhea Replies', `rhea.${stamp}@example.com`);
    const storyId = await writeStory(context, 'A story worth answering');
    const text = 'I tried this on a long train ride and it held up.';
    const answered = await gql(context, 'mutation($post: ID!, $p: [ParagraphInput!]!) { publishResponse(inResponseToPostId: $post, paragraphs: $p) { __typename } }', {
      post: storyId,
      p: [{ name: 'r1a2', type: 'P', text }],
    });
    expect(answered.publishResponse!.__typename).toBe('Post');

    await page.goto('/me/stories/responses', { waitUntil: 'networkidle' });
    const list = page.getByRole('list', { name: 'Responses' });
    await expect(list.getByRole('article').count()).resolves.toBe(1);
    const row = list.getByRole('article').first();
    const shown = (await row.textContent()) ?? '';
    expect(shown.split(text).length - 1).toBe(1);
    const link = row.getByRole('link', { name: 'A story worth answering' });
    await expect(row.getByText('In response to').count()).resolves.toBe(1);
    expect(new URL((await link.getAttribute('href'))!, page.url()).pathname).toMatch(new RegExp(`${storyId}$`));
    await shootWidths(page, 'your-stories-responses');
    expect(errors).toEqual([]);
  });
});
