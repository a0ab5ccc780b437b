import { beforeAll, describe, expect, it } from 'vitest';
import { publishResponse } from '../../src/modules/posts/responses.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { newReader, newStory, type Reader } from '../support/readers.js';
import { testBrowser } from '../support/test-browser.js';

const MORE_FROM = `query($u: ID!) { userResult(username: $u) { ... on User { homepagePostsConnection(paging: { limit: 10 }) { items { id } } } } }`;

/** A writer's stories as the story page lists them under 'More from': stories, never their responses. */
describe("a writer's stories (homepagePostsConnection)", () => {
  let t: TestApp;
  let writer: Reader;
  let username: string;

  beforeAll(async () => {
    t = await createTestApp();
    writer = await newReader(t, 'More Writer');
    username = (await t.database.pool.query<{ username: string }>('select username from users where id = $1', [writer.id])).rows[0]!.username;
  });

  it('lists the stories and leaves out the responses the writer wrote', async () => {
    const other = await newReader(t, 'Other Writer');
    const theirs = await newStory(t, other.id, { title: 'Someone else’s story' });
    const mine = await newStory(t, writer.id, { title: 'My own story' });
    const response = await publishResponse(t.database.db, { id: writer.id, isStaff: false }, { inResponseToPostId: theirs, paragraphs: [{ name: 'r1', type: 'P', text: 'A thoughtful reply.', markups: [] }] });
    expect(response.kind).toBe('ok');
    const items = (await testBrowser(t.app).gql(MORE_FROM, { u: username })).data.userResult.homepagePostsConnection.items.map((p: { id: string }) => p.id);
    expect(items).toEqual([mine]);
  });

  it('pages newest first, each page after the last one’s time, with nothing twice and nothing skipped', async () => {
    const pager = await newReader(t, 'Paging Writer');
    const name = (await t.database.pool.query<{ username: string }>('select username from users where id = $1', [pager.id])).rows[0]!.username;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await newStory(t, pager.id, { title: `Story number ${i + 1}` }));
    // One publication time a minute apart, oldest first, on whole seconds (a cursor holds milliseconds).
    await t.database.pool.query(`update posts set first_published_at = date_trunc('second', now()) - make_interval(mins => (10 - idx)::int) from unnest($1::text[]) with ordinality as u(id, idx) where posts.id = u.id`, [ids]);
    const PAGE = `query($u: ID!, $to: String) { userResult(username: $u) { ... on User { homepagePostsConnection(paging: { limit: 2, to: $to }) { items { id } pagingInfo { next { to } } } } } }`;
    const seen: string[] = [];
    let to: string | null = null;
    for (let pageNo = 0; pageNo < 5; pageNo++) {
      const conn: { items: { id: string }[]; pagingInfo: { next: { to: string } | null } } = (await testBrowser(t.app).gql(PAGE, { u: name, to })).data.userResult.homepagePostsConnection;
      seen.push(...conn.items.map((p) => p.id));
      to = conn.pagingInfo.next?.to ?? null;
      if (!to) break;
    }
    expect(seen).toEqual([...ids].reverse());
  });
});
