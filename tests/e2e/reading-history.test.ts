import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath, useBrowser } from './support/browser.js';
import { clickOnceHydrated, signUpByEmail, waitForHydration } from './support/sign-in.js';

const h = useBrowser();

/** A GraphQL call as the signed-in browser (its cookies). */
async function gql<T>(context: BrowserContext, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await context.request.post('/_/graphql', { data: { query, variables } });
  const body = (await res.json()) as { data?: T; errors?: unknown };
  if (!body.data) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

/** A published story long enough to stop half way through. */
async function writeLongStory(context: BrowserContext, title: string): Promise<string> {
  const paragraphs = Array.from({ length: 40 }, (_, i) => ({ name: `p${i}`, type: 'P', text: `Paragraph ${i + 1} of ${title}: a few sentences that take a line or three to read on any screen, so the story is long.` }));
  const made = await gql<{ createDraft: { postId: string } }>(
    context,
    `mutation($title: String!, $paragraphs: [ParagraphInput!]!) { createDraft(title: $title, subtitle: "", paragraphs: $paragraphs) { ... on SavedDraft { postId } } }`,
    { title, paragraphs },
  );
  const input = { tags: ['Reading'], visibility: 'PUBLIC', isLocked: false, allowResponses: true, license: 'ALL_RIGHTS_RESERVED' };
  await gql(context, 'mutation($postId: ID!, $input: PublishPostInput!) { publishPost(postId: $postId, input: $input) { __typename } }', { postId: made.createDraft.postId, input });
  return made.createDraft.postId;
}

const historyIds = async (context: BrowserContext) =>
  (await gql<{ viewerReadingHistory: { items: { items: { post: { id: string } }[] } } }>(context, '{ viewerReadingHistory { items { items { post { id } } } } }')).viewerReadingHistory.items.items.map((i) => i.post.id);
const storedFraction = async (context: BrowserContext, postId: string) =>
  (await gql<{ readingPosition: { fraction: number } | null }>(context, 'query($id: ID!) { readingPosition(postId: $id) { fraction } }', { id: postId })).readingPosition?.fraction ?? 0;

/** Scrolls the story body until the window's top is `share` of the way through it. */
async function scrollStoryTo(page: Page, share: number): Promise<void> {
  await page.getByTestId('story-body').evaluate((el, s) => {
    const rect = el.getBoundingClientRect();
    window.scrollTo(0, window.scrollY + rect.top + rect.height * s);
  }, share);
}

describe.skipIf(h.skipReason !== '')(`reading history and Resume reading${h.skipReason ? ` (skipped: ${h.skipReason})` : ''}`, () => {
  const stamp = Date.now();

  for (const width of [1200, 500]) {
    it(`at ${width}px: a story read shows in the history and is removed; pausing stops it; a half-read story offers Resume`, async () => {
      const { page, context, errors } = await h.open(width);
      await signUpByEmail(page, 'Rhea Reader', `rhea.${width}.${stamp}@example.com`);
      const title = `Halfway there ${width}`;
      const postId = await writeLongStory(context, title);

      // Read half of it: the read is recorded and the position kept.
      await page.goto(`/p/${postId}`);
      await waitForHydration(page.getByTestId('story-body'));
      await scrollStoryTo(page, 0.5);
      await expect.poll(() => historyIds(context), { timeout: 10_000 }).toEqual([postId]);
      await expect.poll(() => storedFraction(context, postId), { timeout: 10_000 }).toBeGreaterThan(0.3);
      await page.screenshot({ path: screenshotPath(`reading-history-story-${width}`) });

      // Opened again (another visit, or another device): Resume scrolls back to the place.
      await page.goto(`/p/${postId}`);
      const resume = page.getByRole('button', { name: 'Resume where you left off' });
      await resume.waitFor();
      await page.screenshot({ path: screenshotPath(`reading-history-resume-${width}`) });
      await resume.click();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
      await resume.waitFor({ state: 'detached' });

      // The Resume reading list holds the story in progress.
      const resumeList = await gql<{ catalogById: { items: { items: { post: { id: string } }[] } } }>(
        context,
        'query($id: ID!) { catalogById(catalogId: $id) { items { items { post { id } } } } }',
        { id: `predefined:${(await gql<{ viewer: { id: string } }>(context, '{ viewer { id } }')).viewer.id}:currently-reading` },
      );
      expect(resumeList.catalogById.items.items.map((i) => i.post.id)).toEqual([postId]);

      // The library's history tab: under Today, then removed.
      await page.goto('/me/lists/reading-history');
      const today = page.getByRole('region', { name: 'Today' });
      await today.getByText(title).waitFor();
      await page.screenshot({ path: screenshotPath(`reading-history-${width}`), fullPage: true });
      await clickOnceHydrated(page.getByRole('button', { name: `Remove ${title} from your reading history` }));
      await page.getByText('No stories in your reading history.').waitFor();
      await page.getByText('Removed from your reading history.').waitFor();
      expect(await historyIds(context)).toEqual([]);

      // Pause recording in Refine recommendations: reading the story again records nothing.
      await page.goto('/me/readinghistory');
      const pause = page.getByRole('switch', { name: 'Pause reading history' });
      await clickOnceHydrated(pause);
      await page.getByText('Your reading history is paused.').waitFor();
      expect(await pause.isChecked()).toBe(true);
      await page.screenshot({ path: screenshotPath(`customize-reading-history-${width}`), fullPage: true });
      await page.goto(`/p/${postId}`);
      await waitForHydration(page.getByTestId('story-body'));
      await scrollStoryTo(page, 0.6);
      // The story's read goes out as the reader passes half of it; give it time, then check nothing was kept.
      await page.waitForTimeout(1500);
      expect(await historyIds(context)).toEqual([]);
      await page.goto('/me/lists/reading-history');
      await page.getByRole('link', { name: 'Turn it back on' }).waitFor();
      await page.screenshot({ path: screenshotPath(`reading-history-paused-${width}`), fullPage: true });
      expect(errors).toEqual([]);
    });
  }
});
