import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { testBrowser, type TestBrowser } from '../support/test-browser.js';
import { WRITING, para, publishInput, signedInWriter } from '../support/writing.js';

const IMG = (name: string, id: string) => ({ name, type: 'IMG', text: 'A caption', metadata: { id, originalWidth: 1200, originalHeight: 800 } });

/** Publishing through the real GraphQL endpoint: dates, slug, tags and their counts, visibility, member-only, settings. */
describe('writing: publishing', () => {
  let t: TestApp;
  let ann: TestBrowser;
  let bob: TestBrowser;
  const reader = () => testBrowser(t.app);

  beforeAll(async () => {
    t = await createTestApp();
    ann = (await signedInWriter(t, 'ann')).browser;
    bob = (await signedInWriter(t, 'bob')).browser;
  });

  async function draft(title: string, paragraphs: unknown[] = [para('a1', 'Some words to read.')]) {
    const r = await ann.gql(WRITING.createDraft, { title, subtitle: 'A subtitle', paragraphs });
    return { id: r.data.createDraft.postId as string, rev: r.data.createDraft.latestRev as number };
  }
  const publish = async (id: string, over: Record<string, unknown> = {}, b = ann) => (await b.gql(WRITING.publishPost, { postId: id, input: publishInput(over) })).data.publishPost;
  const tagRows = async () =>
    Object.fromEntries((await t.database.pool.query('select slug, display_title, post_count from tags order by slug')).rows.map((r) => [r.slug, [r.display_title, r.post_count]]));
  const postRow = async (id: string) => (await t.database.pool.query('select * from posts where id = $1', [id])).rows[0];

  it('publishes: first and latest publish dates, slug from the title, reading time, the published revision', async () => {
    const { id } = await draft('Crème Brûlée: a Story!', [para('a1', 'word '.repeat(530).trim()), IMG('b2', 'demo/harbor.svg')]);
    const post = await publish(id);
    expect(post).toMatchObject({ __typename: 'Post', id, title: 'Crème Brûlée: a Story!', uniqueSlug: `creme-brulee-a-story-${id}`, isPublished: true, visibility: 'PUBLIC' });
    // 530 body words, 4 in the title, 2 in the subtitle, 2 in the caption, and one image.
    expect(post.readingTime).toBeCloseTo(538 / 265 + 12 / 60, 4);
    expect(post.previewImage).toEqual({ id: 'demo/harbor.svg' });
    expect(post.firstPublishedAt).toBe(post.latestPublishedAt);
    const row1 = await postRow(id);
    expect(row1.published_rev).toBe(1);
    const rev1 = (await t.database.pool.query('select published_at from post_revisions where post_id = $1 and rev = 1', [id])).rows[0];
    expect(rev1.published_at.getTime()).toBe(post.firstPublishedAt);

    // Readers can open it now.
    expect((await reader().gql('query($id: ID!) { postResult(id: $id) { __typename ... on Post { title } } }', { id })).data.postResult).toEqual({ __typename: 'Post', title: 'Crème Brûlée: a Story!' });

    // An edit after publishing stays in revisions until the next publish.
    const saved = await ann.gql(WRITING.saveDraft, { postId: id, baseRev: 1, title: 'A new title', subtitle: 'A subtitle', paragraphs: [para('a1', 'Edited words.')] });
    expect(saved.data.saveDraft.latestRev).toBe(2);
    expect(await postRow(id)).toMatchObject({ title: 'Crème Brûlée: a Story!', latest_rev: 2, published_rev: 1 });
    expect((await ann.gql(WRITING.postForEditing, { id })).data.postForEditing).toMatchObject({ title: 'A new title', hasUnpublishedEdits: true, publishedRev: 1, latestRev: 2 });

    await new Promise((r) => setTimeout(r, 5)); // a later publish has a later clock reading
    const again = await publish(id);
    expect(again).toMatchObject({ title: 'A new title', uniqueSlug: `a-new-title-${id}`, firstPublishedAt: post.firstPublishedAt, previewImage: null });
    expect(again.latestPublishedAt).toBeGreaterThan(post.firstPublishedAt);
    expect(await postRow(id)).toMatchObject({ published_rev: 2, latest_rev: 2 });
    expect((await ann.gql(WRITING.postForEditing, { id })).data.postForEditing.hasUnpublishedEdits).toBe(false);
    const revisions = (await ann.gql(WRITING.postRevisions, { postId: id })).data.postRevisions;
    expect(revisions.map((r: { publishedAt: number | null }) => r.publishedAt !== null)).toEqual([true, true]);
  });

  it('creates tags on first use with their display title, at most 5, and keeps counts right through visibility changes', async () => {
    const a = await draft('Tagged one');
    const b = await draft('Tagged two');
    expect((await publish(a.id, { tags: ['Machine Learning', 'machine-learning', 'Écologie', 'Go'] })).tags).toEqual([
      { id: 'machine-learning', displayTitle: 'Machine Learning', normalizedTagSlug: 'machine-learning' },
      { id: 'ecologie', displayTitle: 'Écologie', normalizedTagSlug: 'ecologie' },
      { id: 'go', displayTitle: 'Go', normalizedTagSlug: 'go' },
    ]);
    await publish(b.id, { tags: ['go', 'Rust'], visibility: 'UNLISTED' });
    expect(await tagRows()).toMatchObject({ 'machine-learning': ['Machine Learning', 1], ecologie: ['Écologie', 1], go: ['Go', 1], rust: ['Rust', 0] });

    // Unlisted → public counts it; a changed tag list moves the counts.
    const settings = await ann.gql(WRITING.updatePostSettings, { postId: b.id, input: publishInput({ tags: ['Rust', 'Zig'] }) });
    expect(settings.data.updatePostSettings).toMatchObject({ __typename: 'Post', visibility: 'PUBLIC', tags: [{ id: 'rust' }, { id: 'zig' }] });
    expect(await tagRows()).toMatchObject({ go: ['Go', 1], rust: ['Rust', 1], zig: ['Zig', 1] });
    // Re-publishing with the same tags counts nothing twice; public → unlisted uncounts.
    await publish(a.id, { tags: ['Machine Learning', 'Écologie', 'Go'] });
    await publish(a.id, { tags: ['Machine Learning', 'Écologie', 'Go'], visibility: 'UNLISTED' });
    expect(await tagRows()).toMatchObject({ 'machine-learning': ['Machine Learning', 0], ecologie: ['Écologie', 0], go: ['Go', 0], rust: ['Rust', 1] });

    const six = await publish(b.id, { tags: ['a', 'b', 'c', 'd', 'e', 'f'] });
    expect(six).toEqual({ __typename: 'BadRequest', message: 'A story can have up to 5 tags.' });
    expect((await publish(b.id, { tags: ['x'.repeat(26)] })).__typename).toBe('BadRequest');
    expect((await publish(b.id, { tags: ['!!!'] })).message).toMatch(/at least one letter or digit/);
    expect(await tagRows()).toMatchObject({ rust: ['Rust', 1], zig: ['Zig', 1] });
    expect((await tagRows()).a).toBeUndefined();
  });

  it('lets an unlisted story be opened by its link but lists it nowhere', async () => {
    const { id } = await draft('Only by link');
    await publish(id, { visibility: 'UNLISTED' });
    const open = await reader().gql('query($id: ID!) { postResult(id: $id) { __typename ... on Post { visibility } } }', { id });
    expect(open.data.postResult).toEqual({ __typename: 'Post', visibility: 'UNLISTED' });
    const lists = await reader().gql(`{ staffPicksFeed(paging: { limit: 25 }) { items { id } }
      userResult(username: "ann") { ... on User { homepagePostsConnection(paging: { limit: 25 }) { items { id } } } } }`);
    expect(lists.errors).toBeUndefined();
    expect(lists.data.staffPicksFeed.items.map((p: { id: string }) => p.id)).not.toContain(id);
    expect(lists.data.userResult.homepagePostsConnection.items.map((p: { id: string }) => p.id)).not.toContain(id);
    await publish(id, { visibility: 'PUBLIC' });
    const listed = await reader().gql('{ userResult(username: "ann") { ... on User { homepagePostsConnection(paging: { limit: 25 }) { items { id } } } } }');
    expect(listed.data.userResult.homepagePostsConnection.items.map((p: { id: string }) => p.id)).toContain(id);
  });

  it('shows a member-only story whole to its author and a preview to other readers', async () => {
    const paragraphs = ['One.', 'Two.', 'Three.', 'Four.', 'Five.'].map((text, i) => para(`p${i}`, text));
    const { id } = await draft('Members only', paragraphs);
    expect(await publish(id, { isLocked: true })).toMatchObject({ isLocked: true });
    const q = 'query($id: ID!) { post(id: $id) { isLocked content { isLockedPreviewOnly bodyModel { paragraphs { text } } } } }';
    const other = (await bob.gql(q, { id })).data.post;
    expect(other.content.isLockedPreviewOnly).toBe(true);
    expect(other.content.bodyModel.paragraphs.map((p: { text: string }) => p.text)).toEqual(['One.', 'Two.', 'Three.']);
    const anonymous = (await reader().gql(q, { id })).data.post;
    expect(anonymous.content.isLockedPreviewOnly).toBe(true);
    const own = (await ann.gql(q, { id })).data.post;
    expect(own.content.isLockedPreviewOnly).toBe(false);
    expect(own.content.bodyModel.paragraphs).toHaveLength(5);
  });

  it('applies the dialog: preview title and subtitle, chosen preview image, license, responses', async () => {
    const { id } = await draft('Working title', [para('a1', 'Body.'), IMG('i1', 'demo/harbor.svg'), IMG('i2', 'demo/forest.svg')]);
    const post = await publish(id, { previewTitle: 'The real title', previewImageId: 'demo/forest.svg', license: 'CC_40_BY_SA', allowResponses: false });
    expect(post).toMatchObject({ title: 'The real title', uniqueSlug: `the-real-title-${id}`, previewImage: { id: 'demo/forest.svg' }, allowResponses: false });
    const edit = (await ann.gql(WRITING.postForEditing, { id })).data.postForEditing;
    expect(edit).toMatchObject({ title: 'The real title', subtitle: 'A subtitle', license: 'CC_40_BY_SA', latestRev: 2, publishedRev: 2, hasUnpublishedEdits: false });

    expect(await publish(id, { previewImageId: 'demo/elsewhere.svg' })).toEqual({ __typename: 'BadRequest', message: 'The preview image must be one of the images in the story.' });
    expect((await publish(id, { license: 'CC_BY_WHATEVER' })).message).toMatch(/^Choose one of the licenses: ALL_RIGHTS_RESERVED, CC_40_BY/);
    expect((await publish(id, { visibility: 'PRIVATE' })).message).toMatch(/PUBLIC or UNLISTED/);
    expect((await publish(id, { previewTitle: 'x'.repeat(101) })).message).toMatch(/title is too long/);
    // None of the refused calls changed the story.
    expect(await postRow(id)).toMatchObject({ license: 'CC_40_BY_SA', title: 'The real title', latest_rev: 2 });

    // Settings: the preview title of a published story with no pending edits is published at once.
    const s = await ann.gql(WRITING.updatePostSettings, { postId: id, input: publishInput({ previewTitle: 'Renamed', license: 'CC_40_BY_SA', allowResponses: false }) });
    expect(s.data.updatePostSettings).toMatchObject({ title: 'Renamed', uniqueSlug: `renamed-${id}`, previewImage: { id: 'demo/harbor.svg' } });
    expect(await postRow(id)).toMatchObject({ title: 'Renamed', latest_rev: 3, published_rev: 3 });
  });

  it('refuses to publish an empty or untitled story, or someone else’s', async () => {
    const untitled = await draft('');
    expect(await publish(untitled.id)).toEqual({ __typename: 'BadRequest', message: 'Add a title before publishing.' });
    const empty = await draft('Nothing here', [para('a1', '  ')]);
    expect(await publish(empty.id)).toEqual({ __typename: 'BadRequest', message: 'Write something before publishing.' });
    const mine = await draft('Mine');
    expect(await publish(mine.id, {}, bob)).toEqual({ __typename: 'NotFound', message: 'Post not found.' });
    expect((await bob.gql(WRITING.updatePostSettings, { postId: mine.id, input: publishInput({ tags: ['stolen'] }) })).data.updatePostSettings.__typename).toBe('NotFound');
    expect(await postRow(mine.id)).toMatchObject({ first_published_at: null, tags: [] });
    expect((await tagRows()).stolen).toBeUndefined();
  });
});
