import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { DESKTOP_USER_AGENT, screenshotPath, useBrowser } from './support/browser.js';
import { contextGql } from './support/graphql.js';
import { signUpByEmail, waitForHydration } from './support/sign-in.js';

const h = useBrowser();

const gql = contextGql;

/** Until submissions land, a story enters a publication as the approve command will put it there. */
async function putIntoPublication(postId: string, publicationId: string): Promise<void> {
  const db = new pg.Client(inject('e2eDatabase'));
  await db.connect();
  try {
    await db.query('update posts set collection_id = $1 where id = $2', [publicationId, postId]);
  } finally {
    await db.end();
  }
}

const STATS = 'query($id: ID!) { publicationStats(collectionId: $id) { __typename ... on PublicationStats { totalViews } } }';

describe.skipIf(h.skipReason !== '')(`publication stats${h.skipReason ? ` (skipped: ${h.skipReason})` : ''}`, () => {
  const stamp = Date.now().toString(36);

  for (const width of [500, 1200]) {
    it(`at ${width}px: a reader opens a story of the publication and its editor sees the view on /{slug}/stats`, async () => {
      const editor = await h.open(width, { userAgent: DESKTOP_USER_AGENT });
      await signUpByEmail(editor.page, 'Edith Editor', `edith.${width}.${stamp}@example.com`);
      const slug = `harbour-${width}-${stamp}`;
      const made = await gql<{ createCollection: { collection: { id: string } } }>(
        editor.context,
        'mutation($input: CreateCollectionInput!) { createCollection(input: $input) { ... on CollectionSuccess { collection { id } } } }',
        { input: { name: `Harbour Notes ${width}`, slug } },
      );
      const publicationId = made.createCollection.collection.id;
      const title = `Tide tables ${width}`;
      const draft = await gql<{ createDraft: { postId: string } }>(
        editor.context,
        'mutation($title: String!, $paragraphs: [ParagraphInput!]!) { createDraft(title: $title, subtitle: "", paragraphs: $paragraphs) { ... on SavedDraft { postId } } }',
        { title, paragraphs: [{ name: 'p0', type: 'P', text: 'High water at dawn, low water by noon.' }] },
      );
      const postId = draft.createDraft.postId;
      const input = { tags: ['Sea'], visibility: 'PUBLIC', isLocked: false, allowResponses: true, license: 'ALL_RIGHTS_RESERVED' };
      await gql(editor.context, 'mutation($postId: ID!, $input: PublishPostInput!) { publishPost(postId: $postId, input: $input) { __typename } }', { postId, input });
      await putIntoPublication(postId, publicationId);

      // The writer's own view is not counted.
      await editor.page.goto(`/p/${postId}`);
      await waitForHydration(editor.page.getByTestId('story-body'));

      // A logged-out reader in an ordinary browser opens the story.
      const reader = await h.open(width, { userAgent: DESKTOP_USER_AGENT });
      await reader.page.goto(`/p/${postId}`);
      await waitForHydration(reader.page.getByTestId('story-body'));
      await expect.poll(async () => (await gql<{ publicationStats: { totalViews: number } }>(editor.context, STATS, { id: publicationId })).publicationStats.totalViews, { timeout: 10_000 }).toBe(1);
      // Opened again the same day: still one view.
      await reader.page.reload();
      await waitForHydration(reader.page.getByTestId('story-body'));

      await editor.page.goto(`/${slug}/stats`);
      await editor.page.getByTestId('publication-masthead').waitFor();
      await editor.page.getByRole('heading', { name: 'Stats', exact: true }).waitFor();
      const row = editor.page.getByTestId('publication-story-stats').getByRole('row', { name: new RegExp(title) });
      await expect.poll(() => row.getByRole('cell').allTextContents()).toEqual(['1', '0', '0']);
      await expect.poll(() => editor.page.getByRole('img', { name: /^Views: 1 in 30 days/ }).count()).toBe(1);
      await editor.page.screenshot({ path: screenshotPath(`publication-stats-${width}`), fullPage: true });
      expect((await gql<{ publicationStats: { totalViews: number } }>(editor.context, STATS, { id: publicationId })).publicationStats.totalViews).toBe(1);

      // The reader is no editor: the page is the 404 page.
      const answer = await reader.page.goto(`/${slug}/stats`);
      expect(answer?.status()).toBe(404);
      expect(editor.errors).toEqual([]);
      expect(reader.errors.filter((e) => !/404/.test(e))).toEqual([]);
    });
  }
});
