import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { hitsOf } from './search-fixtures.js';

/** Topics: names starting with the query, then its words as typed, then names a letter off; the most used first among equals. */
describe('search: topics', () => {
  let t: TestApp;
  const slugs = async (query: string) => (await hitsOf(t, null, 'tags', `query=${encodeURIComponent(query)}`)).map((h: { tagSlug: string }) => h.tagSlug);

  beforeAll(async () => {
    t = await createTestApp();
    const topics: [string, string, number][] = [
      ['sleep', 'Sleep', 5],
      ['sleep-science', 'Sleep Science', 3],
      ['deep-sleep', 'Deep Sleep', 50],
      ['sheep', 'Sheep', 100],
      ['sleepless-nights', 'Sleepless Nights', 0],
    ];
    for (const [slug, title, posts] of topics) {
      await t.database.pool.query('insert into tags (slug, display_title, post_count) values ($1, $2, $3)', [slug, title, posts]);
      await t.database.pool.query(`insert into search_tags (tag_slug, names) values ($1, lower($2 || ' ' || replace($1, '-', ' ')))`, [slug, title]);
    }
  });

  it('ranks names starting with the query, then its words anywhere, then a name a letter off', async () => {
    expect(await slugs('sleep')).toEqual(['sleep', 'sleep-science', 'deep-sleep', 'sheep']);
  });

  it('matches one or two letters as the start of a word only', async () => {
    expect(await slugs('sl')).toEqual(['sleep', 'sleep-science', 'deep-sleep']);
    expect((await slugs('deep sl'))[0]).toBe('deep-sleep');
  });

  it('leaves out topics without stories', async () => {
    expect(await slugs('sleepless')).not.toContain('sleepless-nights');
    expect(await slugs('sleepless nights')).toEqual([]);
  });
});
