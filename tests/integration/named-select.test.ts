import { eq, getTableColumns } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/modules/accounts/tables.js';
import { posts } from '../../src/modules/posts/tables.js';
import { POST_SUMMARY_COLUMNS } from '../../src/modules/posts/queries.js';
import { namedSelect } from '../../src/platform/db/named-select.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { newReader, type Reader } from '../support/readers.js';
import { sql, story } from './feeds-fixtures.js';

/** Named selects return what the query builder's select of the same columns returns, value for value. */
describe('namedSelect', () => {
  let t: TestApp;
  let writer: Reader;
  let postId: string;

  beforeAll(async () => {
    t = await createTestApp();
    writer = await newReader(t, 'Writer');
    postId = await story(t, writer.id, 'A story', new Date('2026-02-03T04:05:06.789Z'), ['boats', 'sea']);
    // Every kind of column set: json, a fraction, microseconds, a null and a set timestamp.
    await sql(t, `update posts set preview_image = '{"id":"img","w":3}', reading_time = 2.5, pinned_at = '2026-02-03T04:05:06.123456Z', clap_count = 12 where id = $1`, [postId]);
    await sql(t, `update users set bio = 'Hi', member_since = now(), is_staff = true where id = $1`, [writer.id]);
  });

  it('reads a story as the builder does', async () => {
    const byBuilder = await t.database.db.select(POST_SUMMARY_COLUMNS).from(posts).where(eq(posts.id, postId));
    const byName = await namedSelect<(typeof byBuilder)[number], [string]>('test_posts_by_id', POST_SUMMARY_COLUMNS, 'from posts where id = $1')(t.database.db, postId);
    expect(byName).toEqual(byBuilder);
    expect(byName[0]).toMatchObject({ creatorId: writer.id, tags: ['boats', 'sea'], readingTime: 2.5, previewImage: { id: 'img', w: 3 }, deletedAt: null });
    expect(byName[0]!.firstPublishedAt).toEqual(new Date('2026-02-03T04:05:06.789Z'));
  });

  it('reads a user as the builder does', async () => {
    const columns = getTableColumns(users);
    const byBuilder = await t.database.db.select(columns).from(users).where(eq(users.id, writer.id));
    const byName = await namedSelect<(typeof byBuilder)[number], [string]>('test_users_by_id', columns, 'from users where id = $1')(t.database.db, writer.id);
    expect(byName).toEqual(byBuilder);
    expect(byName[0]).toMatchObject({ isStaff: true, bio: 'Hi' });
    expect(byName[0]!.memberSince).toBeInstanceOf(Date);
  });
});
