import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotPath, useBrowser } from './support/browser.js';
import { contextGql as gql } from './support/graphql.js';
import { clickOnceHydrated, signUpByEmail, waitForHydration } from './support/sign-in.js';

const h = useBrowser();

/** The section or page at 500 and then 1200 px, saved to look at. */
async function shoot(page: Page, name: string) {
  for (const width of [500, 1200]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: screenshotPath(`${name}-${width}`), fullPage: true });
  }
}

/** Writes and publishes a story with the editor's calls; answers its id. */
async function publishStory(context: BrowserContext, title: string): Promise<string> {
  const made = await gql<{ createDraft: { postId: string } }>(
    context,
    `mutation($title: String!, $paragraphs: [ParagraphInput!]!) { createDraft(title: $title, subtitle: "", paragraphs: $paragraphs) { ... on SavedDraft { postId } } }`,
    { title, paragraphs: [{ name: 'a1b2', type: 'P', text: `${title} begins with the tide going out.` }] },
  );
  const input = { tags: ['Sea'], visibility: 'PUBLIC', isLocked: false, allowResponses: true, license: 'ALL_RIGHTS_RESERVED' };
  await gql(context, 'mutation($postId: ID!, $input: PublishPostInput!) { publishPost(postId: $postId, input: $input) { __typename } }', { postId: made.createDraft.postId, input });
  return made.createDraft.postId;
}

describe.skipIf(h.skipReason !== '')(`publication submissions${h.skipReason ? ` (skipped: ${h.skipReason})` : ''}`, () => {
  const stamp = Date.now();

  it('a writer submits a story from its settings, an editor approves it, readers find it in the publication', async () => {
    // The owner creates the publication and invites the writer (GraphQL: set-up, shown elsewhere).
    const owner = await h.open(1200);
    await signUpByEmail(owner.page, 'Oona Owner', `oona.owner.${stamp}@example.com`);
    const name = `Shore Letters ${stamp}`;
    const slug = `shore-letters-${stamp}`;
    const made = await gql<{ createCollection: { collection: { id: string } } }>(
      owner.context,
      'mutation($input: CreateCollectionInput!) { createCollection(input: $input) { ... on CollectionSuccess { collection { id } } } }',
      { input: { name, slug } },
    );
    const collectionId = made.createCollection.collection.id;

    const writer = await h.open(500);
    await signUpByEmail(writer.page, 'Wim Writer', `wim.writer.${stamp}@example.com`);
    const { viewer } = await gql<{ viewer: { username: string } }>(writer.context, '{ viewer { username } }');
    await gql(owner.context, 'mutation($c: ID!, $who: String!) { inviteToCollection(collectionId: $c, usernameOrEmail: $who, role: "WRITER") { __typename } }', { c: collectionId, who: viewer.username });
    const inv = await gql<{ viewer: { collectionInvitations: { id: string }[] } }>(writer.context, '{ viewer { collectionInvitations { id } } }');
    expect(inv.viewer.collectionInvitations).toHaveLength(1);
    await gql(writer.context, 'mutation($id: ID!) { respondToCollectionInvitation(invitationId: $id, accept: true) { __typename } }', { id: inv.viewer.collectionInvitations[0]!.id });

    // The writer's story, submitted from its settings page.
    const title = `Low Water ${stamp}`;
    const postId = await publishStory(writer.context, title);
    await writer.page.goto(`/p/${postId}/settings`);
    const section = writer.page.getByTestId('publication-section');
    const submit = section.getByRole('button', { name: 'Submit', exact: true });
    await waitForHydration(submit);
    await expect(section.getByLabel('Submit to').inputValue()).resolves.toBe(collectionId);
    await submit.click();
    await section.getByText(`${name}: Submitted: waiting for the editors.`).waitFor();
    await section.getByRole('button', { name: 'Withdraw', exact: true }).waitFor();
    await shoot(writer.page, 'submissions-settings-pending');

    // The owner (an editor) approves it on the editors' page; the list is fetched again without it.
    await owner.page.goto(`/${slug}/stories/submissions`);
    const item = owner.page.getByTestId('submission').filter({ hasText: title });
    await item.waitFor();
    await shoot(owner.page, 'submissions-editors-page');
    await clickOnceHydrated(item.getByRole('button', { name: 'Approve', exact: true }));
    await owner.page.getByText(`${title}: Approved`, { exact: true }).waitFor();
    await owner.page.getByText('Nothing here yet.').waitFor();
    await expect(owner.page.getByTestId('submission').count()).resolves.toBe(0);

    // The writer's settings now say where the story is published.
    await writer.page.reload();
    await section.getByText('Published in').waitFor();
    await section.getByRole('link', { name, exact: true }).waitFor();
    await shoot(writer.page, 'submissions-settings-published');

    // A signed-out reader: the story at its publication address, and on the publication's homepage.
    const reader = await h.open(1200);
    await reader.page.goto(`/${slug}`);
    await reader.page.getByRole('link', { name: title }).first().waitFor();
    await reader.page.getByRole('link', { name: title }).first().click();
    await reader.page.waitForURL((url) => url.pathname.startsWith(`/${slug}/`) && url.pathname.endsWith(postId));
    await reader.page.getByText(`Published in`).first().waitFor();
    await reader.page.getByRole('link', { name, exact: true }).first().waitFor();

    for (const run of [owner, writer, reader]) expect(run.errors).toEqual([]);
  });
});
