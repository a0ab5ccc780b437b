import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { hitsOf, person, story } from './search-fixtures.js';

/**
 * A word in a story's title ranks it above every story that has the word only in its body,
 * however much more engaged, newer, or full of the word that story is, and whether the word is
 * typed whole or still being typed (README, Ranking).
 */
describe('search: title matches first', () => {
  let t: TestApp;
  let titleWriter: string;
  let bodyWriter: string;

  beforeAll(async () => {
    t = await createTestApp();
    titleWriter = await person(t, 'Title Writer', 'titlewriter');
    bodyWriter = await person(t, 'Body Writer', 'bodywriter');
  });

  // A word of its own per run (letters only, so the stemmer keeps it whole), so runs never see each other's stories.
  let run = 0;
  const freshWord = () => `quill${(++run).toString(26).replace(/\d/g, (d) => 'qrstuvwxyz'[Number(d)]!)}zen`;

  it('ranks the story with the word in its title first', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          titleClaps: fc.integer({ min: 1, max: 5 }),
          moreBodyClaps: fc.integer({ min: 0, max: 20_000 }),
          repeats: fc.integer({ min: 1, max: 30 }),
          titleDaysOlder: fc.integer({ min: 0, max: 900 }),
          typed: fc.constantFrom('whole', 'prefix', 'with another word'),
        }),
        async ({ titleClaps, moreBodyClaps, repeats, titleDaysOlder, typed }) => {
          const word = freshWord();
          const newest = new Date('2026-06-01T00:00:00Z');
          const titled = await story(t, titleWriter, {
            title: `On ${word} and other things`,
            body: ['Nothing here says it again.'],
            claps: titleClaps,
            publishedAt: new Date(newest.getTime() - titleDaysOlder * 86_400_000),
          });
          const bodied = await story(t, bodyWriter, {
            title: 'A walk in the hills',
            subtitle: 'Notes on things',
            body: [Array.from({ length: repeats }, () => `The ${word} again.`).join(' ')],
            claps: titleClaps + moreBodyClaps,
            publishedAt: newest,
          });
          const query = typed === 'whole' ? word : typed === 'prefix' ? word.slice(0, -2) : `things ${word}`;
          const hits = await hitsOf(t, null, 'posts', `query=${encodeURIComponent(query)}`);
          expect(hits.map((h: { objectID: string }) => h.objectID)).toEqual([titled, bodied]);
        },
      ),
      { numRuns: 40 },
    );
  });
});
