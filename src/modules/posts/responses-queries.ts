import DataLoader from 'dataloader';
import { asc, desc, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { Paragraph } from '../../shared/paragraphs.js';
import type { PostRow } from './queries.js';
import { posts } from './tables.js';

/**
 * Reading a discussion (spec §7 RefetchThreadedPostResponsesQuery, §9 page size 10).
 *
 * Orders:
 * - MOST_RELEVANT: most claps first, then the newest, then by id (a stable tie-break);
 * - MOST_RECENT: newest first;
 * - THREAD (replies under a response): oldest first, so a conversation reads in order.
 *
 * Paging is by cursor: `to` is the id of the last post of the page, and the next page
 * starts after that post's place in the order, as it is now. Under MOST_RELEVANT a post
 * that gains claps between two pages may move up past the cursor and be missed, or come
 * again; the client keeps the first copy of a post it already shows.
 *
 * Every list leaves out trashed responses, and responses the parent's author hid unless
 * the reader is that author (they see them collapsed, with Unhide).
 */
export type ResponseOrder = 'MOST_RELEVANT' | 'MOST_RECENT' | 'THREAD';

/** Replies shown under a response before 'more replies'. */
export const REPLIES_PREVIEW_SIZE = 2;

const ORDER_BY: Record<ResponseOrder, SQL[]> = {
  MOST_RELEVANT: [desc(posts.clapCount), desc(posts.firstPublishedAt), desc(posts.id)],
  MOST_RECENT: [desc(posts.firstPublishedAt), desc(posts.id)],
  THREAD: [asc(posts.firstPublishedAt), asc(posts.id)],
};

/** After the cursor post, in each order (row comparison matches the ORDER BY columns). */
const AFTER: Record<ResponseOrder, SQL> = {
  MOST_RELEVANT: sql`(${posts.clapCount}, ${posts.firstPublishedAt}, ${posts.id}) < (select c.clap_count, c.first_published_at, c.id from posts c where c.id = ${sql.placeholder('after')})`,
  MOST_RECENT: sql`(${posts.firstPublishedAt}, ${posts.id}) < (select c.first_published_at, c.id from posts c where c.id = ${sql.placeholder('after')})`,
  THREAD: sql`(${posts.firstPublishedAt}, ${posts.id}) > (select c.first_published_at, c.id from posts c where c.id = ${sql.placeholder('after')})`,
};

/** A response is shown with its body, which is short: read in the same query. */
const RESPONSE_COLUMNS = getTableColumns(posts);
export type ResponseRow = PostRow & { paragraphs: Paragraph[] };

const VISIBLE_RESPONSE = sql`${posts.deletedAt} is null and ${posts.firstPublishedAt} is not null`;

function prepare(db: Db) {
  const page = (order: ResponseOrder, withCursor: boolean) =>
    db
      .select(RESPONSE_COLUMNS)
      .from(posts)
      .where(
        sql`${posts.inResponseToPostId} = ${sql.placeholder('parentId')} and ${VISIBLE_RESPONSE}
          and (${posts.hiddenByParentAuthorAt} is null or ${sql.placeholder('includeHidden')}::boolean)
          ${withCursor ? sql`and ${AFTER[order]}` : sql``}`,
      )
      .orderBy(...ORDER_BY[order])
      .limit(sql.placeholder('limit'))
      .prepare(`responses_${order.toLowerCase()}${withCursor ? '_after' : ''}`);
  const orders: ResponseOrder[] = ['MOST_RELEVANT', 'MOST_RECENT', 'THREAD'];
  const statements = Object.fromEntries(orders.flatMap((o) => [[o, page(o, false)], [`${o}:after`, page(o, true)]]));

  // The first replies of many responses in one query: each parent's oldest few.
  const ranked = db
    .select({
      ...RESPONSE_COLUMNS,
      rank: sql<number>`row_number() over (partition by ${posts.inResponseToPostId} order by ${posts.firstPublishedAt}, ${posts.id})`.as('rank'),
    })
    .from(posts)
    .where(
      sql`${posts.inResponseToPostId} = any(${sql.placeholder('parentIds')}::text[]) and ${VISIBLE_RESPONSE}
        and (${posts.hiddenByParentAuthorAt} is null or ${posts.inResponseToPostId} = any(${sql.placeholder('ownParentIds')}::text[]))`,
    )
    .as('ranked');
  const firstReplies = db
    .select()
    .from(ranked)
    .where(sql`${ranked.rank} <= ${sql.placeholder('limit')}`)
    .orderBy(asc(ranked.rank))
    .prepare('responses_first_replies');
  return { statements, firstReplies };
}

const prepared = new WeakMap<Db, ReturnType<typeof prepare>>();
function statementsFor(db: Db) {
  let q = prepared.get(db);
  if (!q) prepared.set(db, (q = prepare(db)));
  return q;
}

export interface ResponsesPage {
  rows: ResponseRow[];
  /** The cursor of the next page; null on the last one. */
  next: string | null;
}

/** One page of the responses to `parentId`. `after` is a cursor from a previous page. */
export async function responsesPage(
  db: Db,
  opts: { parentId: string; order: ResponseOrder; limit: number; after: string | null; includeHidden: boolean },
): Promise<ResponsesPage> {
  const statement = statementsFor(db).statements[opts.after ? `${opts.order}:after` : opts.order]!;
  const rows = (await statement.execute({ parentId: opts.parentId, includeHidden: opts.includeHidden, limit: opts.limit + 1, after: opts.after ?? '' })) as ResponseRow[];
  return pageOf(rows, opts.limit);
}

function pageOf(rows: ResponseRow[], limit: number): ResponsesPage {
  const page = rows.slice(0, limit);
  return { rows: page, next: rows.length > limit ? page[page.length - 1]!.id : null };
}

/** A parent whose first replies are wanted; `own` when the reader wrote it (sees hidden replies). */
export interface RepliesKey {
  parentId: string;
  own: boolean;
}

/**
 * The first REPLIES_PREVIEW_SIZE replies of each response on a page, for all of them in
 * one query. One loader per request (the caller keeps it).
 */
export function createFirstRepliesLoader(db: Db): DataLoader<RepliesKey, ResponsesPage, string> {
  return new DataLoader<RepliesKey, ResponsesPage, string>(
    async (keys) => {
      const rows = await statementsFor(db).firstReplies.execute({
        parentIds: keys.map((k) => k.parentId),
        ownParentIds: keys.filter((k) => k.own).map((k) => k.parentId),
        limit: REPLIES_PREVIEW_SIZE + 1,
      });
      const byParent = new Map<string, ResponseRow[]>();
      for (const { rank: _rank, ...row } of rows) {
        const list = byParent.get(row.inResponseToPostId!) ?? [];
        list.push(row);
        byParent.set(row.inResponseToPostId!, list);
      }
      return keys.map((k) => pageOf(byParent.get(k.parentId) ?? [], REPLIES_PREVIEW_SIZE));
    },
    { cacheKeyFn: (k) => `${k.parentId}:${k.own ? 1 : 0}` },
  );
}
