import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { screenshotPath, useBrowser } from './support/browser.js';
import { clickOnceHydrated, signUpByEmail, waitForHydration } from './support/sign-in.js';

const h = useBrowser();

/** Publishes a one-paragraph story through the editor's GraphQL calls, as the signed-in writer. */
async function publishedStory(context: BrowserContext, title: string): Promise<string> {
  const call = async (query: string, variables: Record<string, unknown>) => {
    const body = (await (await context.request.post('/_/graphql', { data: { query, variables } })).json()) as { data?: Record<string, { postId?: string; __typename: string }> };
    if (!body.data) throw new Error(`GraphQL call failed: ${query}`);
    return body.data;
  };
  const draft = await call('mutation($t: String!, $p: [ParagraphInput!]!) { createDraft(title: $t, subtitle: "", paragraphs: $p) { __typename ... on SavedDraft { postId } } }', {
    t: title,
    p: [{ name: 'p1', type: 'P', text: `${title}: a part of the journey, told in a paragraph.` }],
  });
  const postId = draft.createDraft!.postId!;
  const input = { tags: [], visibility: 'PUBLIC', isLocked: false, allowResponses: true, license: 'ALL_RIGHTS_RESERVED' };
  expect((await call('mutation($id: ID!, $input: PublishPostInput!) { publishPost(postId: $id, input: $input) { __typename } }', { id: postId, input })).publishPost!.__typename).toBe('Post');
  return postId;
}

const seriesBar = (page: Page) => page.getByRole('navigation', { name: 'Series', exact: true });

/** Reads the series from part 1 with Next, Next, then Previous, at one width. */
async function readThrough(page: Page, slug: string, ids: string[], width: number) {
  await page.goto(`/s/${slug}/${ids[0]}`);
  await seriesBar(page).getByText('Part 1 of 3').waitFor();
  await page.screenshot({ path: screenshotPath(`series-part-1-${width}`), fullPage: true });
  for (const [i, title] of [[2, 'Porto'], [3, 'Lisbon']] as const) {
    await clickOnceHydrated(seriesBar(page).getByRole('link', { name: /Next/ }));
    await page.waitForURL((url) => url.pathname === `/s/${slug}/${ids[i - 1]}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await seriesBar(page).getByText(`Part ${i} of 3`).waitFor();
  }
  await expect(seriesBar(page).getByRole('link', { name: /Next/ }).count()).resolves.toBe(0);
  await page.screenshot({ path: screenshotPath(`series-part-3-${width}`), fullPage: true });
  await seriesBar(page).getByRole('link', { name: /Previous/ }).click();
  await page.waitForURL((url) => url.pathname === `/s/${slug}/${ids[1]}`);
  await seriesBar(page).getByText('Part 2 of 3').waitFor();
  // The outline opens on demand, the current part marked.
  await seriesBar(page).getByRole('button', { name: 'Show outline' }).click();
  await expect(seriesBar(page).locator('[aria-current="page"]').textContent()).resolves.toBe('Porto');
  await page.screenshot({ path: screenshotPath(`series-outline-${width}`), fullPage: true });
}

describe.skipIf(h.skipReason !== '')(`series${h.skipReason ? ` (skipped: ${h.skipReason})` : ''}`, () => {
  const stamp = Date.now();

  it('a writer makes a series of three stories; a reader reads it with Next and Previous at 500 and 1200 px', async () => {
    const { page, context, errors } = await h.open(1200);
    await signUpByEmail(page, 'Sam Series', `sam.series.${stamp}@example.com`);
    const ids = [await publishedStory(context, 'Madrid'), await publishedStory(context, 'Porto'), await publishedStory(context, 'Lisbon')];

    // The editor: title, stories added out of order, Lisbon moved down from the keyboard, saved, published.
    await page.goto('/s/new');
    const title = page.getByLabel('Title');
    await waitForHydration(title);
    await title.fill('Iberian summer');
    await page.getByLabel('Description').fill('Three cities by train.');
    const cover = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#2f6f5e' } }).png().toBuffer();
    await page.getByLabel('Add a cover image').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: cover });
    await page.getByRole('img', { name: "The series' cover" }).waitFor();
    for (const name of ['Madrid', 'Lisbon', 'Porto']) await page.getByRole('button', { name: `Add “${name}”` }).click();
    const parts = page.getByRole('list', { name: 'Parts of the series' });
    await parts.getByRole('listitem', { name: /Lisbon/ }).focus();
    await page.keyboard.press('Alt+ArrowDown');
    await expect(parts.getByRole('listitem').allTextContents()).resolves.toEqual([expect.stringContaining('Madrid'), expect.stringContaining('Porto'), expect.stringContaining('Lisbon')]);
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toContain('Part 3: Lisbon');
    await page.screenshot({ path: screenshotPath('series-editor-new-1200'), fullPage: true });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => /^\/s\/iberian-summer-[0-9a-f]{12}\/edit$/.test(url.pathname));
    const slug = new URL(page.url()).pathname.split('/')[2]!;
    await clickOnceHydrated(page.getByRole('button', { name: 'Publish' }));
    await page.getByText('Your series is published.').waitFor();
    await page.screenshot({ path: screenshotPath('series-editor-edit-1200'), fullPage: true });
    await page.setViewportSize({ width: 500, height: 900 });
    await page.screenshot({ path: screenshotPath('series-editor-edit-500'), fullPage: true });

    // Seen, then changed in the editor: the series page shows the new order, not what the browser had cached.
    const partTitles = () => page.getByRole('list', { name: 'Parts' }).getByRole('link').allTextContents();
    await page.getByRole('link', { name: 'View series' }).click();
    await page.waitForURL((url) => url.pathname === `/s/${slug}`);
    await expect(partTitles()).resolves.toEqual(['Madrid', 'Porto', 'Lisbon']);
    await page.getByRole('link', { name: 'Edit series' }).click();
    await page.getByRole('button', { name: 'Move “Lisbon” up' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your series was saved.').waitFor();
    await page.getByRole('link', { name: 'View series' }).click();
    await page.waitForURL((url) => url.pathname === `/s/${slug}`);
    await expect(partTitles()).resolves.toEqual(['Madrid', 'Lisbon', 'Porto']);
    await page.getByRole('link', { name: 'Edit series' }).click();
    await page.getByRole('button', { name: 'Move “Lisbon” down' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your series was saved.').waitFor();

    await page.goto('/me/series');
    await page.getByRole('link', { name: 'Iberian summer', exact: true }).waitFor();
    await page.screenshot({ path: screenshotPath('series-your-series-500'), fullPage: true });
    await page.setViewportSize({ width: 1200, height: 900 });
    await page.screenshot({ path: screenshotPath('series-your-series-1200'), fullPage: true });
    expect(errors).toEqual([]);

    // A signed-out reader: the series page, then part 1 → Next → Next → Previous.
    for (const width of [500, 1200]) {
      const reader = await h.open(width);
      await reader.page.goto(`/s/${slug}`);
      await expect(reader.page.getByRole('list', { name: 'Parts' }).getByRole('link').allTextContents()).resolves.toEqual(['Madrid', 'Porto', 'Lisbon']);
      await reader.page.screenshot({ path: screenshotPath(`series-page-${width}`), fullPage: true });
      await readThrough(reader.page, slug, ids, width);
      expect(reader.errors).toEqual([]);
    }
  });
});
