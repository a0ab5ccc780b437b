import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { newReader, newStory, type Reader } from '../support/readers.js';
import { testBrowser, type TestBrowser } from '../support/test-browser.js';
import { NOTIFICATIONS, notificationsDispatcher } from './notifications-fixtures.js';

const SEQ = 'id slug title description coverImageId isPublished itemsCount followersCount viewerIsOwner viewerIsFollowing creator { id } posts { id title }';
const RESULT = `__typename ... on SequenceSuccess { sequence { ${SEQ} } } ... on NotFound { message } ... on BadRequest { message } ... on Unauthorized { message }`;
const CREATE = `mutation($input: SequenceInput!) { createSequence(input: $input) { ${RESULT} } }`;
const UPDATE = `mutation($id: ID!, $input: SequenceInput!) { updateSequence(sequenceId: $id, input: $input) { ${RESULT} } }`;
const PUBLISH = `mutation($id: ID!) { publishSequence(sequenceId: $id) { ${RESULT} } }`;
const UNPUBLISH = `mutation($id: ID!) { unpublishSequence(sequenceId: $id) { ${RESULT} } }`;
const DELETE = `mutation($id: ID!) { deleteSequence(sequenceId: $id) { ${RESULT} } }`;
const FOLLOW = `mutation($id: ID!) { followSequence(sequenceId: $id) { ${RESULT} } }`;
const UNFOLLOW = `mutation($id: ID!) { unfollowSequence(sequenceId: $id) { ${RESULT} } }`;
const BY_SLUG = `query($slug: String!) { sequence(sequenceSlug: $slug) { ${SEQ} } }`;
const MINE = `query($f: SequenceFilter) { viewerSequences(filterBy: $f) { id isPublished } }`;
const OF_POST = `query($id: ID!) { postResult(id: $id) { ... on Post { id isSeries sequence { slug } } } }`;
const USER_SERIES = `query($u: ID!) { userResult(username: $u) { ... on User { sequences { id } } } }`;

type Gql = TestBrowser['gql'];

describe('series', () => {
  let t: TestApp;
  let writer: Reader;
  let parts: string[];

  beforeAll(async () => {
    t = await createTestApp();
    writer = await newReader(t, 'Writer');
    parts = [];
    for (let i = 1; i <= 4; i++) parts.push(await newStory(t, writer.id, { title: `Part ${i}` }));
  });

  const create = async (r: Reader, input: Record<string, unknown>) => (await r.browser.gql(CREATE, { input })).data.createSequence;
  const bySlug = async (gql: Gql, slug: string) => {
    const res = await gql(BY_SLUG, { slug });
    expect(res.errors).toBeUndefined();
    return res.data.sequence;
  };
  const ids = (s: { posts: { id: string }[] }) => s.posts.map((p) => p.id);
  const newWriterSeries = async (published: boolean) => {
    const w = await newReader(t, 'Writer');
    const story = await newStory(t, w.id, { title: 'Only part' });
    const made = await create(w, { title: 'Trip', postIds: [story] });
    if (published) await w.browser.gql(PUBLISH, { id: made.sequence.id });
    return { w, id: made.sequence.id as string, slug: made.sequence.slug as string, story };
  };

  it('makes a draft series in the chosen order, reorders, removes and adds parts, and resolves by slug or id', async () => {
    const made = await create(writer, { title: '  A year in Lisbon ', description: 'Letters home', postIds: [parts[2], parts[0], parts[1]] });
    expect(made.__typename).toBe('SequenceSuccess');
    const s = made.sequence;
    expect(s).toMatchObject({ title: 'A year in Lisbon', description: 'Letters home', isPublished: false, itemsCount: 3, viewerIsOwner: true });
    expect(s.slug).toBe(`a-year-in-lisbon-${s.id}`);
    expect(ids(s)).toEqual([parts[2], parts[0], parts[1]]);

    const reordered = (await writer.browser.gql(UPDATE, { id: s.id, input: { title: 'A year in Lisbon', postIds: [parts[0], parts[1], parts[3]] } })).data.updateSequence;
    expect(ids(reordered.sequence)).toEqual([parts[0], parts[1], parts[3]]);
    expect(reordered.sequence.itemsCount).toBe(3);
    expect(ids(await bySlug(writer.browser.gql, s.id))).toEqual([parts[0], parts[1], parts[3]]);
    expect((await bySlug(writer.browser.gql, `renamed-${s.id}`)).id).toBe(s.id);
    // parts[2] left the series: it may join another one now.
    const other = await create(writer, { title: 'Other', postIds: [parts[2]] });
    expect(other.__typename).toBe('SequenceSuccess');
    expect((await writer.browser.gql(DELETE, { id: other.sequence.id })).data.deleteSequence.__typename).toBe('SequenceSuccess');
    expect(await bySlug(writer.browser.gql, other.sequence.slug)).toBeNull();
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const w = await newReader(t, 'Writer');
    const mine = await newStory(t, w.id, { title: 'Mine' });
    const someoneElses = await newStory(t, writer.id, { title: 'Not yours' });
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '   ', postIds: [] }, 'A series needs a title of 1 to 100 characters.'],
      [{ title: 'x'.repeat(101), postIds: [] }, 'A series needs a title of 1 to 100 characters.'],
      [{ title: 'T', description: 'd'.repeat(281), postIds: [] }, 'A series description is at most 280 characters.'],
      [{ title: 'T', postIds: [mine, mine] }, 'A story appears only once in a series.'],
      [{ title: 'T', postIds: [mine, someoneElses] }, 'Only your own published stories can be parts of your series.'],
      [{ title: 'T', postIds: ['ffffffffffff'] }, 'Only your own published stories can be parts of your series.'],
      [{ title: 'T', coverImageId: '../etc', postIds: [] }, 'That cover image is not one of your uploads.'],
    ];
    // A cover must be the writer's own upload.
    const image = (id: string, ownerId: string) => t.database.pool.query(`insert into media_resources (id, owner_id, mime_type, width, height, bytes) values ($1, $2, 'image/png', 800, 400, 1000)`, [id, ownerId]);
    await image(`${w.id}a`, writer.id);
    await image(`${w.id}b`, w.id);
    cases.push([{ title: 'T', coverImageId: `${w.id}a`, postIds: [] }, 'That cover image is not one of your uploads.']);
    for (const [input, message] of cases) expect(await create(w, input)).toEqual({ __typename: 'BadRequest', message });
    const { rows } = await t.database.pool.query('select 1 from sequences where user_id = $1', [w.id]);
    expect(rows).toHaveLength(0);

    const first = await create(w, { title: 'First', coverImageId: `${w.id}b`, postIds: [mine] });
    expect(first.__typename).toBe('SequenceSuccess');
    const second = await create(w, { title: 'Second', postIds: [] });
    expect(await w.browser.gql(UPDATE, { id: second.sequence.id, input: { title: 'Second', postIds: [mine] } }).then((r) => r.data.updateSequence)).toEqual({
      __typename: 'BadRequest',
      message: 'That story is already part of another series.',
    });
    expect((await w.browser.gql(PUBLISH, { id: second.sequence.id })).data.publishSequence).toEqual({ __typename: 'BadRequest', message: 'Add a story before publishing the series.' });
    expect(ids(await bySlug(w.browser.gql, first.sequence.slug))).toEqual([mine]);
  });

  it('offers the editor only the writer’s published stories that are in no series yet', async () => {
    const w = await newReader(t, 'Writer');
    const free = await newStory(t, w.id, { title: 'Free' });
    const taken = await newStory(t, w.id, { title: 'Taken' });
    await newStory(t, writer.id, { title: 'Someone else’s' });
    await create(w, { title: 'Holder', postIds: [taken] });
    const CANDIDATES = 'query { seriesCandidates { id } }';
    expect((await w.browser.gql(CANDIDATES)).data.seriesCandidates).toEqual([{ id: free }]);
    expect((await testBrowser(t.app).gql(CANDIDATES)).data.seriesCandidates).toEqual([]);
  });

  it('hides drafts from everyone but the writer, staff included, and lists series by filter', async () => {
    const { w, slug, story, id } = await newWriterSeries(false);
    const reader = await newReader(t, 'Reader');
    const staff = await newReader(t, 'Staff', { isStaff: true });
    const visitor = testBrowser(t.app);
    for (const gql of [reader.browser.gql, staff.browser.gql, visitor.gql]) {
      expect(await bySlug(gql, slug)).toBeNull();
      expect((await gql(OF_POST, { id: story })).data.postResult).toMatchObject({ isSeries: false, sequence: null });
    }
    expect((await w.browser.gql(MINE, { f: 'DRAFTS' })).data.viewerSequences).toEqual([{ id, isPublished: false }]);
    expect((await w.browser.gql(MINE, { f: 'PUBLIC' })).data.viewerSequences).toEqual([]);

    await w.browser.gql(PUBLISH, { id });
    expect((await bySlug(visitor.gql, slug)).posts.map((p: { title: string }) => p.title)).toEqual(['Only part']);
    expect((await visitor.gql(OF_POST, { id: story })).data.postResult).toMatchObject({ isSeries: true, sequence: { slug } });
    expect((await w.browser.gql(MINE, { f: 'PUBLIC' })).data.viewerSequences).toEqual([{ id, isPublished: true }]);
    const username = (await t.database.pool.query('select username from users where id = $1', [w.id])).rows[0].username;
    expect((await visitor.gql(USER_SERIES, { u: username })).data.userResult.sequences).toEqual([{ id }]);

    await w.browser.gql(UNPUBLISH, { id });
    expect(await bySlug(visitor.gql, slug)).toBeNull();
    expect((await visitor.gql(USER_SERIES, { u: username })).data.userResult.sequences).toEqual([]);
  });

  it('leaves out parts the reader may not read', async () => {
    const { w, slug, story, id } = await newWriterSeries(true);
    const second = await newStory(t, w.id, { title: 'Second' });
    await w.browser.gql(UPDATE, { id, input: { title: 'Trip', postIds: [story, second] } });
    await t.database.pool.query(`update posts set visibility = 'PRIVATE' where id = $1`, [second]);
    const visitor = testBrowser(t.app);
    expect(ids(await bySlug(visitor.gql, slug))).toEqual([story]);
    expect(ids(await bySlug(w.browser.gql, slug))).toEqual([story, second]);
  });

  /** Every command × the writer, another reader, a visitor and staff, on a draft and a published series. */
  it('lets only the writer change a series (role × action)', async () => {
    const other = await newReader(t, 'Other');
    const staff = await newReader(t, 'Staff', { isStaff: true });
    const visitor = testBrowser(t.app);
    const signIn = { __typename: 'Unauthorized', message: 'Sign in to make and follow series.' };
    const notFound = { __typename: 'NotFound', message: 'Series not found.' };
    const notOwner = { __typename: 'Unauthorized', message: 'Only the writer of this series can change it.' };
    const actions: [string, string, (id: string, story: string) => Record<string, unknown>][] = [
      ['updateSequence', UPDATE, (id, story) => ({ id, input: { title: 'Taken', postIds: [story] } })],
      ['publishSequence', PUBLISH, (id) => ({ id })],
      ['unpublishSequence', UNPUBLISH, (id) => ({ id })],
      ['deleteSequence', DELETE, (id) => ({ id })],
    ];
    for (const published of [false, true]) {
      for (const [field, doc, vars] of actions) {
        const { w, id, slug, story } = await newWriterSeries(published);
        const before = await bySlug(w.browser.gql, slug);
        expect((await visitor.gql(doc, vars(id, story))).data[field]).toEqual(signIn);
        for (const who of [other, staff]) expect((await who.browser.gql(doc, vars(id, story))).data[field]).toEqual(published ? notOwner : notFound);
        expect(await bySlug(w.browser.gql, slug)).toEqual(before);
        expect((await w.browser.gql(doc, vars(id, story))).data[field].__typename).toBe('SequenceSuccess');
      }
      // Following: others may follow a published series (not a draft); the writer may not follow their own; signed out must sign in.
      const { w, id } = await newWriterSeries(published);
      expect((await visitor.gql(FOLLOW, { id })).data.followSequence).toEqual(signIn);
      expect((await w.browser.gql(FOLLOW, { id })).data.followSequence).toEqual({ __typename: 'BadRequest', message: 'You cannot follow your own series.' });
      for (const who of [other, staff]) {
        const res = (await who.browser.gql(FOLLOW, { id })).data.followSequence;
        if (published) expect(res.sequence).toMatchObject({ viewerIsFollowing: true });
        else expect(res).toEqual(notFound);
      }
      const count = (await t.database.pool.query('select followers_count from sequences where id = $1', [id])).rows[0].followers_count;
      expect(count).toBe(published ? 2 : 0);
    }
  });

  it('tells followers when a part is added to a published series, once, and not while it is a draft', async () => {
    const d = notificationsDispatcher(t);
    const { w, id, slug, story } = await newWriterSeries(true);
    const fan = await newReader(t, 'Fan');
    const quitter = await newReader(t, 'Quitter');
    await fan.browser.gql(FOLLOW, { id });
    await fan.browser.gql(FOLLOW, { id }); // idempotent
    await quitter.browser.gql(FOLLOW, { id });
    await quitter.browser.gql(UNFOLLOW, { id });
    expect((await bySlug(fan.browser.gql, slug)).followersCount).toBe(1);

    const next = await newStory(t, w.id, { title: 'Part two' });
    await w.browser.gql(UPDATE, { id, input: { title: 'Trip', postIds: [story, next] } });
    // Saving again (reordered) adds nothing new to tell.
    await w.browser.gql(UPDATE, { id, input: { title: 'Trip', postIds: [next, story] } });
    await d.drain();
    const items = (await fan.browser.gql(NOTIFICATIONS, { filter: 'ALL' })).data.notifications.items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: 'SERIES', post: { id: next, title: 'Part two' }, text: 'Trip', href: `/s/${slug}/${next}`, actors: [{ id: w.id }] });
    expect((await quitter.browser.gql(NOTIFICATIONS, { filter: 'ALL' })).data.notifications.items).toEqual([]);

    await w.browser.gql(UNPUBLISH, { id });
    const third = await newStory(t, w.id, { title: 'Part three' });
    await w.browser.gql(UPDATE, { id, input: { title: 'Trip', postIds: [next, story, third] } });
    await d.drain();
    expect((await fan.browser.gql(NOTIFICATIONS, { filter: 'ALL' })).data.notifications.items).toHaveLength(1);
    await d.stop();
  });
});
