import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { newReader, newStory, type Reader } from '../support/readers.js';
import { testBrowser } from '../support/test-browser.js';
import { createDraft } from '../../src/modules/posts/drafts.js';
import { publishPost } from '../../src/modules/posts/publish.js';
import { publicationPostIds } from '../../src/modules/publications/queries.js';
import { publishScheduledBatch } from '../../src/modules/publications/submission-schedule.js';
import { manualClock } from '../../src/platform/clock.js';

const RESULT = `__typename ... on CollectionSubmissionSuccess { submission { id status scheduledFor comments { body author { id } } } } ... on NotFound { message } ... on BadRequest { message } ... on Forbidden { message } ... on AlreadyExists { message } ... on Unauthorized { message }`;
const M = {
  submit: `mutation($p: ID!, $c: ID!) { r: submitStoryToCollection(postId: $p, collectionId: $c) { ${RESULT} } }`,
  withdraw: `mutation($s: ID!) { r: withdrawCollectionSubmission(submissionId: $s) { ${RESULT} } }`,
  comment: `mutation($s: ID!, $b: String!) { r: commentOnCollectionSubmission(submissionId: $s, body: $b) { ${RESULT} } }`,
  requestEdits: `mutation($s: ID!, $n: String!) { r: requestCollectionSubmissionEdits(submissionId: $s, note: $n) { ${RESULT} } }`,
  approve: `mutation($s: ID!, $at: Float) { r: approveCollectionSubmission(submissionId: $s, scheduledFor: $at) { ${RESULT} } }`,
  decline: `mutation($s: ID!, $n: String) { r: declineCollectionSubmission(submissionId: $s, note: $n) { ${RESULT} } }`,
  remove: `mutation($c: ID!, $p: ID!) { r: removePostFromCollection(collectionId: $c, postId: $p) { ${RESULT} } }`,
};
const POST = `query($id: ID!) { postResult(id: $id) { ... on Post { statusForCollection mediumUrl collection { slug } viewerSubmission { status comments { body } } } } }`;
const QUEUE = `query($s: String, $f: String!) { collection(domainOrSlug: $s) { submissions(filterBy: $f) { id status post { id } submittedBy { id } } editorStories(filterBy: $f) { id } } }`;

type Browser = Reader['browser'];
const run = async (b: Browser, q: string, v: Record<string, unknown>) => {
  const res = await b.gql(q, v);
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data.r;
};

describe('publications: submitting stories', () => {
  let t: TestApp;
  let owner: Reader, editor: Reader, writer: Reader, member: Reader, stranger: Reader;
  let pubId: string;
  const slug = 'night-shift';

  const addMember = (r: Reader, role: string, pid = pubId) => t.database.db.execute(`insert into publication_members (publication_id, user_id, role) values ('${pid}', '${r.id}', '${role}')`);
  const newPublication = async (s: string, policy = 'WRITERS') => {
    const res = await owner.browser.gql(`mutation($i: CreateCollectionInput!) { createCollection(input: $i) { ... on CollectionSuccess { collection { id } } } }`, { i: { name: s, slug: s } });
    if (!res.data) throw new Error(JSON.stringify(res.errors));
    const made = res.data.createCollection.collection.id as string;
    await t.database.db.execute(`update publications set submission_policy = '${policy}' where id = '${made}'`);
    return made;
  };
  const snapshot = async () => ({
    subs: (await t.database.db.execute(`select id, status, scheduled_for, post_id from publication_submissions order by id`)).rows,
    comments: (await t.database.db.execute(`select count(*)::int as n from publication_submission_comments`)).rows,
    posts: (await t.database.db.execute(`select id, collection_id, first_published_at from posts order by id`)).rows,
  });
  const listedIn = async (pid: string) => (await publicationPostIds(t.database.db, pid, { limit: 50 })).ids;
  const submitted = async (r: Reader, pid = pubId, title = 'Submitted') => {
    const postId = await newStory(t, r.id, { title });
    const res = await run(r.browser, M.submit, { p: postId, c: pid });
    expect(res.__typename).toBe('CollectionSubmissionSuccess');
    return { postId, submissionId: res.submission.id as string };
  };

  beforeAll(async () => {
    t = await createTestApp();
    [owner, editor, writer, member, stranger] = await Promise.all(['Owner', 'Editor', 'Writer', 'Member', 'Stranger'].map((n) => newReader(t, n)));
    pubId = await newPublication(slug);
    await addMember(editor, 'EDITOR');
    await addMember(writer, 'WRITER');
    await addMember(member, 'WRITER');
  });

  it('goes from submitted through edits requested and approved to removed, the story following each decision', async () => {
    const postId = await newStory(t, writer.id, { title: 'Night trains' });
    expect((await writer.browser.gql(POST, { id: postId })).data.postResult.statusForCollection).toBeNull();

    const sub = await run(writer.browser, M.submit, { p: postId, c: pubId });
    expect(sub.submission.status).toBe('PENDING');
    const id = sub.submission.id;
    expect((await writer.browser.gql(POST, { id: postId })).data.postResult.statusForCollection).toBe('PENDING');
    const queue = (await editor.browser.gql(QUEUE, { s: slug, f: 'submissions' })).data.collection.submissions;
    expect(queue).toContainEqual({ id, status: 'PENDING', post: { id: postId }, submittedBy: { id: writer.id } });
    expect((await stranger.browser.gql(QUEUE, { s: slug, f: 'submissions' })).data.collection.submissions).toEqual([]);

    const edits = await run(editor.browser, M.requestEdits, { s: id, n: 'Shorter opening, please.' });
    expect(edits.submission).toMatchObject({ status: 'EDITS_REQUESTED', comments: [{ body: 'Shorter opening, please.', author: { id: editor.id } }] });
    await run(writer.browser, M.comment, { s: id, b: 'Done, trimmed it.' });
    const writersView = (await writer.browser.gql(POST, { id: postId })).data.postResult;
    expect(writersView.viewerSubmission).toEqual({ status: 'EDITS_REQUESTED', comments: [{ body: 'Shorter opening, please.' }, { body: 'Done, trimmed it.' }] });
    expect((await stranger.browser.gql(POST, { id: postId })).data.postResult.viewerSubmission).toBeNull();
    expect((await run(writer.browser, M.submit, { p: postId, c: pubId })).submission).toMatchObject({ id, status: 'PENDING' });

    expect((await run(editor.browser, M.approve, { s: id })).submission.status).toBe('APPROVED');
    const approved = (await testBrowser(t.app).gql(POST, { id: postId })).data.postResult;
    expect(approved).toMatchObject({ statusForCollection: 'APPROVED', collection: { slug } });
    expect(approved.mediumUrl).toMatch(new RegExp(`/${slug}/night-trains-${postId}$`));
    expect((await editor.browser.gql(QUEUE, { s: slug, f: 'published' })).data.collection.editorStories).toContainEqual({ id: postId });
    expect(await listedIn(pubId)).toContain(postId);

    expect((await run(editor.browser, M.remove, { c: pubId, p: postId })).submission.status).toBe('REMOVED');
    const removed = (await testBrowser(t.app).gql(POST, { id: postId })).data.postResult;
    expect(removed).toMatchObject({ statusForCollection: 'REMOVED', collection: null });
    expect(await listedIn(pubId)).not.toContain(postId);
  });

  it('joins an approved draft when its writer publishes it, or publishes it at the time the editors chose', async () => {
    const draft = async (title: string) => {
      const made = await createDraft(t.database.db, writer.id, { title, subtitle: '', paragraphs: [{ name: 'p1', type: 'P', text: 'Words enough to publish.', markups: [] }] });
      if (made.kind !== 'saved') throw new Error(made.kind);
      return made.postId;
    };
    const settings = { tags: [], visibility: 'PUBLIC', isLocked: false, allowResponses: true, license: 'ALL_RIGHTS_RESERVED' };

    const later = await draft('Published by its writer');
    const a = await run(writer.browser, M.submit, { p: later, c: pubId });
    await run(editor.browser, M.approve, { s: a.submission.id });
    expect(await listedIn(pubId)).not.toContain(later);
    expect((await publishPost(t.database.db, writer.id, later, settings)).kind).toBe('published');
    expect(await listedIn(pubId)).toContain(later);

    const scheduled = await draft('Scheduled for the morning');
    const at = Date.now() + 3600_000;
    const s = await run(writer.browser, M.submit, { p: scheduled, c: pubId });
    expect((await run(editor.browser, M.approve, { s: s.submission.id, at })).submission).toMatchObject({ status: 'APPROVED', scheduledFor: at });
    expect((await editor.browser.gql(QUEUE, { s: slug, f: 'scheduled' })).data.collection.submissions.map((x: { id: string }) => x.id)).toEqual([s.submission.id]);

    const clock = manualClock(new Date(at - 60_000));
    await publishScheduledBatch(t.database.db, clock, 50);
    expect(await listedIn(pubId)).not.toContain(scheduled);
    clock.set(new Date(at + 1000));
    expect(await publishScheduledBatch(t.database.db, clock, 50)).toBe(1);
    expect(await listedIn(pubId)).toContain(scheduled);
    expect((await editor.browser.gql(QUEUE, { s: slug, f: 'scheduled' })).data.collection.submissions).toEqual([]);
    expect(await publishScheduledBatch(t.database.db, clock, 50)).toBe(0);
  });

  it('follows the submission policy: WRITERS for members, ANYONE for any signed-in writer (3 waiting at most), CLOSED for nobody', async () => {
    const closed = await newPublication('closed-doors', 'CLOSED');
    await addMember(writer, 'WRITER', closed);
    expect((await run(writer.browser, M.submit, { p: await newStory(t, writer.id), c: closed })).message).toBe('This publication is not accepting submissions.');
    expect((await run(stranger.browser, M.submit, { p: await newStory(t, stranger.id), c: pubId })).message).toBe('Only the writers of this publication can submit stories to it.');

    const open = await newPublication('open-doors', 'ANYONE');
    const guest = await newReader(t, 'Guest');
    const first = await submitted(guest, open, 'One');
    await submitted(guest, open, 'Two');
    await submitted(guest, open, 'Three');
    const before = await snapshot();
    const fourth = await run(guest.browser, M.submit, { p: await newStory(t, guest.id, { title: 'Four' }), c: open });
    expect(fourth).toEqual({ __typename: 'Forbidden', message: 'A guest writer can have at most 3 submissions waiting in a publication.' });
    expect((await snapshot()).subs).toEqual(before.subs);

    await run(guest.browser, M.withdraw, { s: first.submissionId });
    expect((await run(guest.browser, M.submit, { p: await newStory(t, guest.id, { title: 'Five' }), c: open })).__typename).toBe('CollectionSubmissionSuccess');
    expect((await run(testBrowser(t.app), M.submit, { p: first.postId, c: open })).__typename).toBe('Unauthorized');
  });

  // Who may do what to a waiting submission of `writer`'s (member: another writer of the publication).
  const OK = 'CollectionSubmissionSuccess';
  const table: [string, keyof typeof M, string][] = [];
  for (const [action, ok] of [['approve', ['owner', 'editor']], ['requestEdits', ['owner', 'editor']], ['decline', ['owner', 'editor']], ['comment', ['owner', 'editor', 'writer']], ['withdraw', ['writer']], ['remove', ['owner', 'editor']]] as const) {
    for (const actor of ['owner', 'editor', 'writer', 'member', 'stranger', 'signed-out']) {
      const allowed = (ok as readonly string[]).includes(actor);
      // Editors see the submission (Forbidden); others do not learn it exists (NotFound).
      const refusal = actor === 'signed-out' ? 'Unauthorized' : action === 'remove' || actor === 'writer' || actor === 'owner' || actor === 'editor' ? 'Forbidden' : 'NotFound';
      table.push([actor, action, allowed ? OK : refusal]);
    }
  }
  it.each(table)('%s %s → %s, and a refusal changes nothing', async (actorName, action, expected) => {
    const { postId, submissionId } = await submitted(writer);
    // remove acts on a story already in the publication.
    if (action === 'remove') await run(editor.browser, M.approve, { s: submissionId });
    const actors: Record<string, Browser> = { owner: owner.browser, editor: editor.browser, writer: writer.browser, member: member.browser, stranger: stranger.browser, 'signed-out': testBrowser(t.app) };
    const vars = { s: submissionId, n: 'A note', b: 'A note', c: pubId, p: postId };
    const before = await snapshot();
    const res = await run(actors[actorName]!, M[action], vars);
    expect(res.__typename).toBe(expected);
    if (expected !== OK) expect(await snapshot()).toEqual(before);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const { postId, submissionId } = await submitted(writer, pubId, 'Bad input');
    const othersStory = await newStory(t, stranger.id);
    const cases: [Browser, string, Record<string, unknown>, string][] = [
      [editor.browser, M.approve, { s: submissionId, at: Date.now() - 1000 }, 'Choose a publish time in the future.'],
      [editor.browser, M.approve, { s: submissionId, at: Date.now() + 3600_000 }, 'only a draft can be scheduled'],
      [writer.browser, M.comment, { s: submissionId, b: '   ' }, 'A note is 1 to 2000 characters.'],
      [writer.browser, M.comment, { s: submissionId, b: 'x'.repeat(2001) }, 'A note is 1 to 2000 characters.'],
      [editor.browser, M.requestEdits, { s: submissionId, n: '' }, 'A note is 1 to 2000 characters.'],
      [writer.browser, M.submit, { p: othersStory, c: pubId }, 'Only your own stories'],
      [writer.browser, M.submit, { p: postId, c: pubId }, 'already submitted'],
      [writer.browser, M.submit, { p: postId, c: 'no-such-publication' }, 'Publication not found.'],
      [editor.browser, M.approve, { s: 'no-such-submission' }, 'Submission not found.'],
      [editor.browser, M.remove, { c: pubId, p: postId }, 'not in this publication'],
    ];
    for (const [b, q, v, message] of cases) {
      const before = await snapshot();
      const res = await run(b, q, v);
      expect(res.__typename, message).not.toBe('CollectionSubmissionSuccess');
      expect(res.message).toContain(message);
      expect(await snapshot()).toEqual(before);
    }
    await run(editor.browser, M.decline, { s: submissionId, n: 'Not for us.' });
    const before = await snapshot();
    expect((await run(editor.browser, M.approve, { s: submissionId })).message).toBe('Only a submission waiting for a decision can be changed that way.');
    expect((await run(writer.browser, M.withdraw, { s: submissionId })).message).toBe('This submission is no longer open.');
    expect(await snapshot()).toEqual(before);
    expect((await writer.browser.gql(POST, { id: postId })).data.postResult.statusForCollection).toBeNull();
  });

  it('gives an approved story its address under the publication, "Published in" on its page, and redirects the others there', async () => {
    const { postId, submissionId } = await submitted(writer, pubId, 'Harbour lights');
    const username = (await t.database.db.execute(`select username from users where id = '${writer.id}'`)).rows[0]!.username as string;
    const reader = testBrowser(t.app);
    const under = `/${slug}/harbour-lights-${postId}`;
    const before = await reader.get(`/@${username}/harbour-lights-${postId}`);
    expect(before.statusCode).toBe(200);
    expect(before.body).not.toContain('Published in');
    expect((await reader.get(under)).headers.location).toBe(`/@${username}/harbour-lights-${postId}`);

    await run(editor.browser, M.approve, { s: submissionId });
    const fromUser = await reader.get(`/@${username}/harbour-lights-${postId}`);
    expect(fromUser.statusCode).toBe(301);
    expect(fromUser.headers.location).toBe(under);
    const wrongSlug = await reader.get(`/open-doors/harbour-lights-${postId}`);
    expect(wrongSlug.statusCode).toBe(301);
    expect(wrongSlug.headers.location).toBe(under);
    const page = await reader.get(under);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Published in');
    expect(page.body).toMatch(new RegExp(`<link rel="canonical" href="[^"]*${under}"`));
    expect(page.body).toMatch(new RegExp(`property="og:url" content="[^"]*${under}"`));
  });

  it('shows /{slug}/stories/{filterBy} to editors only (others and unknown tabs 404), with the waiting submissions', async () => {
    await submitted(writer, pubId, 'Queue page story');
    const page = await editor.browser.get(`/${slug}/stories/submissions`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Queue page story');
    expect(page.body).toContain('Request edits');
    for (const tab of ['scheduled', 'published', 'unlisted', 'featured']) expect((await owner.browser.get(`/${slug}/stories/${tab}`)).statusCode).toBe(200);
    expect((await editor.browser.get(`/${slug}/stories/everything`)).statusCode).toBe(404);
    expect((await writer.browser.get(`/${slug}/stories/submissions`)).statusCode).toBe(404);
    expect((await testBrowser(t.app).get(`/${slug}/stories/submissions`)).statusCode).toBe(404);
  });
});
