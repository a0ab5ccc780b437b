import { createUser } from '../../src/modules/accounts/commands.js';
import { insertPublishedPost } from '../../src/modules/posts/commands.js';
import { reindexPost } from '../../src/modules/search/indexer.js';
import { createSearchKey, SEARCH_APP_ID } from '../../src/modules/search/keys.js';
import type { Paragraph } from '../../src/shared/paragraphs.js';
import type { TestApp } from '../support/app.js';

let seq = 0;

/** A person (name, username as given). */
export function person(t: TestApp, name: string, username: string, extra: { isStaff?: boolean; bio?: string } = {}): Promise<string> {
  return createUser(t.database.db, { name, username, email: `${username}-${++seq}@example.com`, isStaff: extra.isStaff });
}

const paragraphs = (body: string[]): Paragraph[] => body.map((text, i) => ({ name: `p${i}`, type: 'P', text, markups: [] }));

export interface StoryInput {
  title: string;
  subtitle?: string;
  body?: string[];
  tags?: string[];
  isLocked?: boolean;
  claps?: number;
  publishedAt?: Date;
}

/** A published story, with `claps` as its clap count (engagement), indexed for search. */
export async function story(t: TestApp, creatorId: string, s: StoryInput): Promise<string> {
  const db = t.database.db;
  const id = await insertPublishedPost(db, {
    creatorId,
    title: s.title,
    subtitle: s.subtitle ?? '',
    paragraphs: paragraphs(s.body ?? ['Some words to read.']),
    tags: s.tags ?? [],
    isLocked: s.isLocked,
    publishedAt: s.publishedAt ?? new Date('2026-01-01T00:00:00Z'),
  });
  await t.database.pool.query('update posts set clap_count = $2 where id = $1', [id, s.claps ?? 1]);
  await reindexPost(db, id);
  return id;
}

/** Credentials of a search-only key for `viewerId` (null: a visitor). */
export function searchHeaders(t: TestApp, viewerId: string | null): Record<string, string> {
  return { 'x-algolia-application-id': SEARCH_APP_ID, 'x-algolia-api-key': createSearchKey(t.config.SECRET_KEY, viewerId).apiKey };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

/** One multi-query call through the endpoint; returns the status and parsed body. */
export async function multiQuery(t: TestApp, viewerId: string | null, requests: Record<string, unknown>[], contentType = 'text/plain'): Promise<{ status: number; body: Json }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/1/indexes/*/queries',
    headers: { ...searchHeaders(t, viewerId), 'content-type': contentType },
    payload: JSON.stringify({ requests }),
  });
  return { status: res.statusCode, body: res.json() };
}

/** The hits of one query on one index (params string form). */
export async function hitsOf(t: TestApp, viewerId: string | null, indexName: string, params: string): Promise<Json[]> {
  const { status, body } = await multiQuery(t, viewerId, [{ indexName, params }]);
  if (status !== 200) throw new Error(`search answered ${status}: ${JSON.stringify(body)}`);
  return body.results[0].hits;
}
