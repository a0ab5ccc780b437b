import { insertPublishedPost } from '../../src/modules/posts/commands.js';
import type { TestApp } from '../support/app.js';
import type { Reader } from '../support/readers.js';

/** Shared by the feeds tests: stories at chosen times and the feeds read page by page through GraphQL. */
export const FEED_ITEM = `items { post { id title creator { id } } source { feedId postFeedReason rankPosition authorId tagSlug } } pagingInfo { next { limit to } }`;

export interface FeedPage {
  items: { post: { id: string; title: string; creator: { id: string } }; source: { feedId: string; postFeedReason: string; rankPosition: number; authorId: string | null; tagSlug: string | null } }[];
  pagingInfo: { next: { limit: number; to: string } | null };
}

export function story(t: TestApp, creatorId: string, title: string, publishedAt: Date, tags: string[] = []): Promise<string> {
  return insertPublishedPost(t.database.db, { creatorId, title, subtitle: `About ${title}`, paragraphs: [{ name: 'a1', type: 'P', text: `${title} in words.`, markups: [] }], tags, publishedAt });
}

/** Every page of a feed, following pagingInfo.next until it ends (bounded, so a cursor loop fails the test). */
export async function allPages(r: Reader, field: 'followingFeed' | 'forYouFeed', limit: number): Promise<{ pages: FeedPage[]; ids: string[] }> {
  const pages: FeedPage[] = [];
  let to: string | null = null;
  for (let i = 0; i < 200; i++) {
    const res = await r.browser.gql(`query($paging: PagingOptions) { ${field}(paging: $paging) { ${FEED_ITEM} } }`, { paging: { limit, to } });
    if (res.errors) throw new Error(JSON.stringify(res.errors));
    const page = res.data[field] as FeedPage;
    pages.push(page);
    if (!page.pagingInfo.next) break;
    to = page.pagingInfo.next.to;
  }
  return { pages, ids: pages.flatMap((p) => p.items.map((i) => i.post.id)) };
}

export const sql = (t: TestApp, text: string, params: unknown[] = []) => t.database.pool.query(text, params);
