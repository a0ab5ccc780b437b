import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { newReader, newStory, type Reader } from '../support/readers.js';
import { publicationPostIds } from '../../src/modules/publications/queries.js';

const RESULT = `__typename ... on CollectionSubmissionSuccess { submission { id status } } ... on Forbidden { message }`;
const SUBMIT = `mutation($p: ID!, $c: ID!) { r: submitStoryToCollection(postId: $p, collectionId: $c) { ${RESULT} } }`;
const WITHDRAW = `mutation($s: ID!) { r: withdrawCollectionSubmission(submissionId: $s) { ${RESULT} } }`;

describe('publications: an editor submitting their own story', () => {
  let t: TestApp;
  let owner: Reader, editor: Reader, writer: Reader;
  let pubId: string;

  beforeAll(async () => {
    t = await createTestApp();
    [owner, editor, writer] = await Promise.all(['Owner', 'Editor', 'Writer'].map((n) => newReader(t, n)));
    const res = await owner.browser.gql(`mutation($i: CreateCollectionInput!) { createCollection(input: $i) { ... on CollectionSuccess { collection { id } } } }`, { i: { name: 'Own Desk', slug: 'own-desk' } });
    pubId = res.data.createCollection.collection.id as string;
    for (const [r, role] of [[editor, 'EDITOR'], [writer, 'WRITER']] as const) {
      await t.database.db.execute(`insert into publication_members (publication_id, user_id, role) values ('${pubId}', '${r.id}', '${role}')`);
    }
  });

  // Role × submit: owners and editors approve their own at once; writers wait for the editors.
  it.each([
    ['OWNER', () => owner, 'APPROVED'],
    ['EDITOR', () => editor, 'APPROVED'],
    ['WRITER', () => writer, 'PENDING'],
  ] as const)('%s submitting their own published story gets %s', async (role, who, status) => {
    const r = who();
    const postId = await newStory(t, r.id, { title: `By the ${role}` });
    const res = (await r.browser.gql(SUBMIT, { p: postId, c: pubId })).data.r;
    expect(res).toMatchObject({ __typename: 'CollectionSubmissionSuccess', submission: { status } });
    const [row] = (await t.database.db.execute(`select collection_id from posts where id = '${postId}'`)).rows as { collection_id: string | null }[];
    expect(row!.collection_id).toBe(status === 'APPROVED' ? pubId : null);
    expect((await publicationPostIds(t.database.db, pubId, { limit: 50 })).ids.includes(postId)).toBe(status === 'APPROVED');
    const audited = (await t.database.db.execute(`select count(*)::int as n from publication_audit_log where publication_id = '${pubId}' and action = 'submission.approved' and details->>'postId' = '${postId}'`)).rows as { n: number }[];
    expect(audited[0]!.n).toBe(status === 'APPROVED' ? 1 : 0);
  });

  it("an editor's own story approved at once can be withdrawn by them: it leaves the publication", async () => {
    const postId = await newStory(t, editor.id, { title: 'Second thoughts' });
    const sub = (await editor.browser.gql(SUBMIT, { p: postId, c: pubId })).data.r;
    expect(sub.submission.status).toBe('APPROVED');
    expect((await editor.browser.gql(WITHDRAW, { s: sub.submission.id })).data.r).toMatchObject({ submission: { status: 'WITHDRAWN' } });
    const [row] = (await t.database.db.execute(`select collection_id from posts where id = '${postId}'`)).rows as { collection_id: string | null }[];
    expect(row!.collection_id).toBeNull();
  });
});
