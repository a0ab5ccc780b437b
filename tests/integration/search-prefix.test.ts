import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_PREFIX_LEXEMES, storyMatch } from '../../src/modules/search/posts-search.js';
import { queryWords } from '../../src/modules/search/text.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { hitsOf, person, story } from './search-fixtures.js';

/** The word being typed matched as the lexemes it begins (search_lexemes), kept with the documents. */
describe('search: the typed prefix', () => {
  let t: TestApp;
  let writer: string;
  let lantern: string;
  let lanterns: string;
  let landing: string;

  beforeAll(async () => {
    t = await createTestApp();
    writer = await person(t, 'Prefix Writer', 'prefixwriter');
    lantern = await story(t, writer, { title: 'The lantern room', claps: 4 });
    lanterns = await story(t, writer, { title: 'Lanternfish of the deep', claps: 3 });
    landing = await story(t, writer, { title: 'A landing at dawn', claps: 2 });
  });

  const ids = async (query: string) => (await hitsOf(t, null, 'posts', `query=${encodeURIComponent(query)}`)).map((h: { objectID: string }) => h.objectID).sort();

  it('matches every lexeme the typed word begins, as exact words', async () => {
    const match = await storyMatch(t.database.db, queryWords('lan'));
    expect(match.tsquery).not.toContain(':*');
    expect(match.tsquery).toContain("'lantern'");
    expect(match.tsquery).toContain("'lanternfish'");
    expect(match.tsquery).toContain("'land'");
    expect(await ids('lan')).toEqual([lantern, lanterns, landing].sort());
    expect(await ids('lantern')).toEqual([lantern, lanterns].sort());
    expect(await ids('room lan')).toEqual([lantern]);
  });

  it('answers nothing, without searching, for a prefix no lexeme begins', async () => {
    expect((await storyMatch(t.database.db, queryWords('lantern qzx'))).tsquery).toBeNull();
    expect(await ids('lantern qzx')).toEqual([]);
    // A finished word is matched as typed.
    expect(await ids('lantern ')).toEqual([lantern]);
    // Stop words alone match nothing.
    expect((await storyMatch(t.database.db, queryWords('the of '))).tsquery).toBeNull();
    expect(await ids('the of ')).toEqual([]);
  });

  it('knows the words of a story from the moment it is indexed', async () => {
    expect(await ids('zeppel')).toEqual([]);
    const zeppelin = await story(t, writer, { title: 'Zeppelins over the bay', claps: 1 });
    expect(await ids('zeppel')).toEqual([zeppelin]);
  });

  it('keeps a prefix that begins too many lexemes a prefix', async () => {
    const words = Array.from({ length: MAX_PREFIX_LEXEMES + 1 }, (_, i) => `quib${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}ble`);
    await story(t, writer, { title: 'Quibbles', body: [words.join(' ')], claps: 1 });
    const match = await storyMatch(t.database.db, queryWords('quib'));
    expect(match.tsquery).toBe("'quib':*");
    expect((await ids('quib')).length).toBe(1);
  });
});
