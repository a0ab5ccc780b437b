import { describe, expect, it } from 'vitest';
import { RESPONDING_TOO_FAST_MESSAGE, RESPONSE_RATE_LIMITS } from '../../src/modules/posts/responses-graphql.js';
import { createTestApp } from '../support/app.js';
import { newReader, newStory } from '../support/readers.js';

const t = await createTestApp();
const PUBLISH = `mutation($to: ID!, $paragraphs: [ParagraphInput!]!) {
  publishResponse(inResponseToPostId: $to, paragraphs: $paragraphs) { __typename ... on BadRequest { message } } }`;
const paragraphs = (s: string) => [{ name: 'a1b2', type: 'P', text: s, markups: [] }];

describe('response publishing rate', () => {
  it('refuses a writer past the hourly limit with a clear message and writes nothing; others are not affected', async () => {
    const writer = await newReader(t, 'Author');
    const story = await newStory(t, writer.id, { title: 'A story many answer' });
    const flooder = await newReader(t, 'Flooder');
    const limit = RESPONSE_RATE_LIMITS.perHour.limit;
    const kinds: string[] = [];
    for (let i = 0; i <= limit; i++) kinds.push((await flooder.browser.gql(PUBLISH, { to: story, paragraphs: paragraphs(`Response ${i}`) })).data.publishResponse.__typename);
    expect(kinds.filter((k) => k === 'Post')).toHaveLength(limit);
    const refused = await flooder.browser.gql(PUBLISH, { to: story, paragraphs: paragraphs('One more') });
    expect(refused.data.publishResponse).toEqual({ __typename: 'BadRequest', message: RESPONDING_TOO_FAST_MESSAGE });
    const { rows } = await t.database.pool.query<{ n: number }>('select count(*)::int as n from posts where creator_id = $1', [flooder.id]);
    expect(rows[0]!.n).toBe(limit);
    const other = await newReader(t, 'Calm');
    expect((await other.browser.gql(PUBLISH, { to: story, paragraphs: paragraphs('A calm reply') })).data.publishResponse.__typename).toBe('Post');
  });
});
