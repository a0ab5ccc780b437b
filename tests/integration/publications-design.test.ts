import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { countStatements } from '../support/count-statements.js';
import { newReader, newStory, type Reader } from '../support/readers.js';
import { testBrowser } from '../support/test-browser.js';

const CREATE = `mutation($input: CreateCollectionInput!) { createCollection(input: $input) { ... on CollectionSuccess { collection { id } } } }`;
const SECTIONS = `sections { __typename ... on PostsSection { id title layout source tags limit hasOverflow posts { id title } } ... on PromotionSection { id headlineText buttonText url backgroundColor } }`;
const HOMEPAGE = `query($s: String) { collection(domainOrSlug: $s) { id logo { id } homepage { header { size color } ${SECTIONS} } homepageDraft { header { size color } logo { id } ${SECTIONS} } } }`;
const RESULT = `__typename ... on BadRequest { message } ... on Forbidden { message } ... on NotFound { message } ... on Unauthorized { message }`;
const SAVE = `mutation($id: ID!, $design: HomepageDesignInput!) { saveHomepageDraft(collectionId: $id, design: $design) { ${RESULT} } }`;
const PUBLISH = `mutation($id: ID!) { publishHomepage(collectionId: $id) { ${RESULT} } }`;
const DISCARD = `mutation($id: ID!) { discardHomepageDraft(collectionId: $id) { ${RESULT} } }`;
const FEATURED_RESULT = `${RESULT} ... on FeaturedPostsSuccess { featuredPosts { position post { id } } }`;
const FEATURE = `mutation($id: ID!, $post: ID!) { featurePost(collectionId: $id, postId: $post) { ${FEATURED_RESULT} } }`;
const UNFEATURE = `mutation($id: ID!, $post: ID!) { unfeaturePost(collectionId: $id, postId: $post) { ${FEATURED_RESULT} } }`;
const REORDER = `mutation($id: ID!, $posts: [ID!]!) { reorderFeatured(collectionId: $id, postIds: $posts) { ${FEATURED_RESULT} } }`;
const EVENTS = `query($s: String) { collection(domainOrSlug: $s) { featuringEvents { kind postId actor { id } } } }`;

const posts = (tag: string, extra: Record<string, unknown> = {}) => ({ type: 'POSTS', title: `On ${tag}`, layout: 'LIST', source: 'TAG', tags: [tag], limit: 2, ...extra });
const promotion = (extra: Record<string, unknown> = {}) => ({ type: 'PROMOTION', headlineText: 'Join the harbour walk', buttonText: 'Sign up', url: 'https://example.com/walk', backgroundColor: '#1A8917', ...extra });
const design = (sections: unknown[], header: Record<string, unknown> = { size: 'LARGE', color: '#3366cc' }) => ({ header, sections });

describe('publications: the homepage design', () => {
  let t: TestApp;
  let owner: Reader;
  let editor: Reader;
  let writer: Reader;
  let reader: Reader;
  let pubId: string;
  let stories: string[];
  const slug = 'design-harbour';

  const homepageFor = async (r: Reader | null) => (await (r ? r.browser : testBrowser(t.app)).gql(HOMEPAGE, { s: slug })).data.collection;
  const gql = async (r: Reader, q: string, v: Record<string, unknown>) => Object.values((await r.browser.gql(q, v)).data)[0] as Record<string, unknown>;
  const row = async () => (await t.database.pool.query('select homepage, homepage_draft, logo_image_id from publications where id = $1', [pubId])).rows[0];

  beforeAll(async () => {
    t = await createTestApp();
    [owner, editor, writer, reader] = [await newReader(t, 'Owner'), await newReader(t, 'Editor'), await newReader(t, 'Writer'), await newReader(t, 'Reader')];
    pubId = (await owner.browser.gql(CREATE, { input: { name: 'Design Harbour', slug } })).data.createCollection.collection.id;
    await t.database.pool.query(`insert into publication_members (publication_id, user_id, role) values ($1, $2, 'EDITOR'), ($1, $3, 'WRITER')`, [pubId, editor.id, writer.id]);
    stories = [];
    for (let i = 0; i < 4; i++) {
      const id = await newStory(t, writer.id, { title: `Tide ${i}` });
      // Oldest first; all tagged 'tides' but the last.
      await t.database.pool.query(`update posts set collection_id = $1, first_published_at = timestamptz '2026-02-01 12:00Z' + $3 * interval '1 day', tags = $4 where id = $2`, [pubId, id, i, i < 3 ? ['tides'] : ['boats']]);
      stories.push(id);
    }
  });

  it('keeps a saved draft from readers until it is published, then readers see it and the draft is gone', async () => {
    const saved = await gql(editor, SAVE, { id: pubId, design: design([posts('Tides'), promotion()]) });
    expect(saved.__typename).toBe('CollectionSuccess');
    // Readers (and the signed-out page) still see the published default design.
    const before = await homepageFor(null);
    expect(before.homepageDraft).toBeNull();
    expect(before.homepage.sections.map((s: { id: string }) => s.id)).toEqual(['latest']);
    expect((await homepageFor(reader)).homepageDraft).toBeNull();
    const draft = (await homepageFor(owner)).homepageDraft;
    expect(draft.header).toEqual({ size: 'LARGE', color: '3366cc' });
    expect(draft.sections[0]).toMatchObject({ __typename: 'PostsSection', title: 'On Tides', tags: ['tides'], limit: 2, hasOverflow: true });
    expect(draft.sections[0].posts.map((p: { id: string }) => p.id)).toEqual([stories[2], stories[1]]);
    expect(draft.sections[1]).toMatchObject({ __typename: 'PromotionSection', headlineText: 'Join the harbour walk', url: 'https://example.com/walk', backgroundColor: '1a8917' });

    expect((await gql(editor, PUBLISH, { id: pubId })).__typename).toBe('CollectionSuccess');
    const after = await homepageFor(null);
    expect(after.homepage.header).toEqual({ size: 'LARGE', color: '3366cc' });
    expect(after.homepage.sections.map((s: { __typename: string }) => s.__typename)).toEqual(['PostsSection', 'PromotionSection']);
    expect(after.homepage.sections[0].posts.map((p: { id: string }) => p.id)).toEqual([stories[2], stories[1]]);
    expect((await homepageFor(owner)).homepageDraft).toBeNull();
    expect((await gql(editor, PUBLISH, { id: pubId })).message).toBe('There is no draft to publish.');

    // A later draft can be thrown away: the published design stays.
    await gql(owner, SAVE, { id: pubId, design: design([promotion({ headlineText: 'Other' })]) });
    expect((await gql(owner, DISCARD, { id: pubId })).__typename).toBe('CollectionSuccess');
    expect((await row()).homepage_draft).toBeNull();
    expect((await homepageFor(null)).homepage.sections).toHaveLength(2);
  });

  it.each([
    ['a colour that is not hex', design([], { size: 'SMALL', color: 'blue' }), 'Invalid color string'],
    ['a promotion colour that is not hex', design([promotion({ backgroundColor: 'rgb(1,2,3)x' })]), 'Invalid color string'],
    ['an unknown header size', design([], { size: 'HUGE' }), 'Unknown header size'],
    ['13 sections', design(Array.from({ length: 13 }, () => posts('tides'))), 'at most 12 sections'],
    ['a 61-character title', design([posts('tides', { title: 'x'.repeat(61) })]), 'at most 60 characters'],
    ['a limit of 0', design([posts('tides', { limit: 0 })]), '1 to 24 stories'],
    ['a limit of 25', design([posts('tides', { limit: 25 })]), '1 to 24 stories'],
    ['six tags', design([posts('a', { tags: ['a', 'b', 'c', 'd', 'e', 'f'] })]), 'tags'],
    ['a tag section without tags', design([posts('a', { tags: [] })]), 'tags'],
    ['a javascript: link', design([promotion({ url: 'javascript:alert(1)' })]), 'http(s) address or a path'],
    ['a protocol-relative link', design([promotion({ url: '//evil.example/x' })]), 'http(s) address or a path'],
    ['a promotion without a headline', design([promotion({ headlineText: ' ' })]), 'headline'],
    ['someone else\'s image', design([], { size: 'SMALL', backgroundImageId: 'aaaaaaaaaaaaaaaaaaaaaaaa' }), 'not one of your uploads'],
  ])('refuses %s with a clear message and changes nothing', async (_what, bad, message) => {
    const before = await row();
    const res = await gql(editor, SAVE, { id: pubId, design: bad });
    expect(res.__typename).toBe('BadRequest');
    expect(res.message).toContain(message);
    expect(await row()).toEqual(before);
  });

  it('accepts a path on this site and a short hex colour', async () => {
    const res = await gql(editor, SAVE, { id: pubId, design: design([promotion({ url: '/design-harbour/about', backgroundColor: 'fc0' })], { size: 'SMALL', color: '' }) });
    expect(res.__typename).toBe('CollectionSuccess');
    const draft = (await homepageFor(editor)).homepageDraft;
    expect(draft.header.color).toBeNull();
    expect(draft.sections[0]).toMatchObject({ url: '/design-harbour/about', backgroundColor: 'ffcc00' });
    await gql(editor, DISCARD, { id: pubId });
  });

  const roles = { owner: () => owner, editor: () => editor, writer: () => writer, reader: () => reader };
  it.each([
    ['owner', 'CollectionSuccess'],
    ['editor', 'CollectionSuccess'],
    ['writer', 'Forbidden'],
    ['reader', 'Forbidden'],
  ] as const)('the %s saving, publishing and discarding gets %s', async (who, expected) => {
    const r = roles[who]();
    const before = await row();
    expect((await gql(r, SAVE, { id: pubId, design: design([posts('tides')]) })).__typename).toBe(expected);
    expect((await gql(r, PUBLISH, { id: pubId })).__typename).toBe(expected);
    expect((await gql(r, DISCARD, { id: pubId })).__typename).toBe(expected);
    if (expected === 'Forbidden') expect(await row()).toEqual(before);
    const anonymous = (await testBrowser(t.app).gql(PUBLISH, { id: pubId })).data.publishHomepage;
    expect(anonymous.__typename).toBe('Unauthorized');
  });

  it.each([
    ['owner', 'FeaturedPostsSuccess'],
    ['editor', 'FeaturedPostsSuccess'],
    ['writer', 'Forbidden'],
    ['reader', 'Forbidden'],
  ] as const)('the %s featuring, reordering and unfeaturing gets %s', async (who, expected) => {
    const r = roles[who]();
    const count = async () => (await t.database.pool.query('select count(*)::int as n from publication_featuring_events where publication_id = $1', [pubId])).rows[0].n;
    const events = await count();
    expect((await gql(r, FEATURE, { id: pubId, post: stories[0] })).__typename).toBe(expected);
    expect((await gql(r, REORDER, { id: pubId, posts: expected === 'Forbidden' ? [] : [stories[0]] })).__typename).toBe(expected);
    expect((await gql(r, UNFEATURE, { id: pubId, post: stories[0] })).__typename).toBe(expected === 'Forbidden' ? 'Forbidden' : expected);
    expect(await count()).toBe(events + (expected === 'Forbidden' ? 0 : 2));
  });

  it('features stories in the editors\' order, keeps a featuring event for each change, and feeds the FEATURED section', async () => {
    for (const id of [stories[0], stories[3], stories[1]]) expect((await gql(editor, FEATURE, { id: pubId, post: id })).__typename).toBe('FeaturedPostsSuccess');
    expect((await gql(editor, FEATURE, { id: pubId, post: stories[1] })).message).toBe('That story is already featured.');
    const outside = await newStory(t, writer.id, { title: 'Elsewhere' });
    expect((await gql(editor, FEATURE, { id: pubId, post: outside })).message).toBe('That story is not in this publication.');
    expect((await gql(editor, REORDER, { id: pubId, posts: [stories[1], stories[0]] })).message).toContain('each featured story once');
    const reordered = await gql(editor, REORDER, { id: pubId, posts: [stories[1], stories[0], stories[3]] });
    expect((reordered.featuredPosts as { post: { id: string } }[]).map((f) => f.post.id)).toEqual([stories[1], stories[0], stories[3]]);

    await gql(editor, SAVE, { id: pubId, design: design([{ type: 'POSTS', title: 'Featured', layout: 'GRID', source: 'FEATURED', limit: 2 }]) });
    const section = (await homepageFor(editor)).homepageDraft.sections[0];
    expect(section.posts.map((p: { id: string }) => p.id)).toEqual([stories[1], stories[0]]);
    expect(section.hasOverflow).toBe(true);
    await gql(editor, DISCARD, { id: pubId });

    const unfeatured = await gql(owner, UNFEATURE, { id: pubId, post: stories[0] });
    expect((unfeatured.featuredPosts as { position: number; post: { id: string } }[]).map((f) => [f.position, f.post.id])).toEqual([
      [1, stories[1]],
      [2, stories[3]],
    ]);
    const log = (await editor.browser.gql(EVENTS, { s: slug })).data.collection.featuringEvents;
    expect(log[0]).toEqual({ kind: 'UNFEATURED', postId: stories[0], actor: { id: owner.id } });
    expect(log.filter((e: { kind: string }) => e.kind === 'FEATURED').length).toBeGreaterThanOrEqual(3);
    expect((await reader.browser.gql(EVENTS, { s: slug })).data.collection.featuringEvents).toEqual([]);
  });
});

describe('publications: what a homepage costs', () => {
  it('reads a homepage of 6 posts sections with as many statements as one of a single section', async () => {
    const t = await createTestApp();
    const owner = await newReader(t, 'Owner');
    const reader = await newReader(t, 'Reader');
    const make = async (slug: string) => (await owner.browser.gql(CREATE, { input: { name: slug, slug } })).data.createCollection.collection.id as string;
    const [small, large] = [await make('one-section'), await make('six-sections')];
    for (const pub of [small, large])
      for (let i = 0; i < 8; i++) {
        const id = await newStory(t, owner.id, { title: `S${i}` });
        await t.database.pool.query(`update posts set collection_id = $1, tags = $2 where id = $3`, [pub, [i % 2 ? 'odd' : 'even'], id]);
        if (i < 3) await t.database.pool.query(`insert into publication_featured_posts (publication_id, post_id, position) values ($1, $2, $3)`, [pub, id, i]);
      }
    const section = (source: string, tags: string[] = []) => ({ type: 'POSTS', title: source, layout: 'GRID', source, tags, limit: 3 });
    const publish = async (id: string, sections: unknown[]) => {
      await owner.browser.gql(SAVE, { id, design: design(sections) });
      await owner.browser.gql(PUBLISH, { id });
    };
    await publish(small, [section('LATEST')]);
    await publish(large, [section('LATEST'), section('TAG', ['odd']), section('TAG', ['even']), section('FEATURED'), section('TAG', ['odd', 'even']), section('LATEST')]);
    const PAGE = `query($s: String) { collection(domainOrSlug: $s) { id name viewerEdge { isEditor isFollowing } homepage { ${SECTIONS.replace('posts { id title }', 'posts { id title creator { id name } collection { id name } }')} } } }`;
    const read = (slug: string) => reader.browser.gql(PAGE, { s: slug });
    await read('one-section');
    await read('six-sections');
    const pages: Record<string, { homepage: { sections: { posts: unknown[] }[] } }> = {};
    const smallCount = await countStatements(t, async () => (pages.small = (await read('one-section')).data.collection));
    const largeCount = await countStatements(t, async () => (pages.large = (await read('six-sections')).data.collection));
    expect(pages.large!.homepage.sections.map((s) => s.posts.length)).toEqual([3, 3, 3, 3, 3, 3]);
    expect(pages.small!.homepage.sections[0]!.posts).toHaveLength(3);
    // One statement for every section's stories, one for the stories: six sections cost what one does.
    expect(largeCount).toBe(smallCount);
    expect(largeCount).toBeLessThanOrEqual(8);
  });
});
