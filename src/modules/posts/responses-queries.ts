import DataLoader from 'dataloader';
import { getTableColumns } from 'drizzle-orm';
import { namedSelect } from '../../platform/db/named-select.js';
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

/** ORDER BY of each order, on posts (ties broken by id). */
const ORDER_BY: Record<ResponseOrder, string> = {
  MOST_RELEVANT: 'posts.clap_count desc, posts.first_published_at desc, posts.id desc',
  MOST_RECENT: 'posts.first_published_at desc, posts.id desc',
  THREAD: 'posts.first_published_at asc, posts.id asc',
};

/** After the cursor post ($4), in each order (row comparison matches the ORDER BY columns). */
const AFTER: Record<ResponseOrder, string> = {
  MOST_RELEVANT: '(posts.clap_count, posts.first_published_at, posts.id) < (select c.clap_count, c.first_published_at, c.id from posts c where c.id = $4)',
  MOST_RECENT: '(posts.first_published_at, posts.id) < (select c.first_published_at, c.id from posts c where c.id = $4)',
  THREAD: '(posts.first_published_at, posts.id) > (select c.first_published_at, c.id from posts c where c.id = $4)',
};

/** A response is shown with its body, which is short: read in the same query. */
const RESPONSE_COLUMNS = getTableColumns(posts);
export type ResponseRow = PostRow & { paragraphs: Paragraph[] };

const VISIBLE_RESPONSE = 'posts.deleted_at is null and posts.first_published_at is not null';

/**
 * Named selects (platform/db/named-select.ts): a story page reads its first responses and
 * their first replies, whole rows, on every view.
 */
/** Responses hang under a post, or (depth 1 of a list's discussion) under a list. */
type ParentKind = 'post' | 'catalog';
const PARENT_COLUMN: Record<ParentKind, string> = { post: 'posts.in_response_to_post_id', catalog: 'posts.in_response_to_catalog_id' };

const pageText = (order: ResponseOrder, withCursor: boolean, parent: ParentKind = 'post') =>
  `from posts where ${PARENT_COLUMN[parent]} = $1 and ${VISIBLE_RESPONSE}
     and (posts.hidden_by_parent_author_at is null or $2::boolean)
     ${withCursor ? `and ${AFTER[order]}` : ''}
   order by ${ORDER_BY[order]} limit $3`;
const firstPage = (order: ResponseOrder) =>
  namedSelect<ResponseRow, [parentId: string, includeHidden: boolean, limit: number]>(`responses_${order.toLowerCase()}`, RESPONSE_COLUMNS, pageText(order, false));
const pageAfter = (order: ResponseOrder) =>
  namedSelect<ResponseRow, [parentId: string, includeHidden: boolean, limit: number, after: string]>(`responses_${order.toLowerCase()}_after`, RESPONSE_COLUMNS, pageText(order, true));
const FIRST_PAGE = { MOST_RELEVANT: firstPage('MOST_RELEVANT'), MOST_RECENT: firstPage('MOST_RECENT'), THREAD: firstPage('THREAD') };
const PAGE_AFTER = { MOST_RELEVANT: pageAfter('MOST_RELEVANT'), MOST_RECENT: pageAfter('MOST_RECENT'), THREAD: pageAfter('THREAD') };

type ListOrder = Exclude<ResponseOrder, 'THREAD'>;
const listFirstPage = (order: ListOrder) =>
  namedSelect<ResponseRow, [catalogId: string, includeHidden: boolean, limit: number]>(`catalog_responses_${order.toLowerCase()}`, RESPONSE_COLUMNS, pageText(order, false, 'catalog'));
const listPageAfter = (order: ListOrder) =>
  namedSelect<ResponseRow, [catalogId: string, includeHidden: boolean, limit: number, after: string]>(`catalog_responses_${order.toLowerCase()}_after`, RESPONSE_COLUMNS, pageText(order, true, 'catalog'));
const LIST_FIRST_PAGE = { MOST_RELEVANT: listFirstPage('MOST_RELEVANT'), MOST_RECENT: listFirstPage('MOST_RECENT') };
const LIST_PAGE_AFTER = { MOST_RELEVANT: listPageAfter('MOST_RELEVANT'), MOST_RECENT: listPageAfter('MOST_RECENT') };

/**
 * The first replies of many responses in one query: each parent's oldest few. The ranked rows
 * are named posts again, so the select list reads them as it reads the table.
 */
const firstReplies = namedSelect<ResponseRow, [parentIds: string[], ownParentIds: string[], limit: number]>(
  'responses_first_replies',
  RESPONSE_COLUMNS,
  `from (
     select posts.*, row_number() over (partition by posts.in_response_to_post_id order by posts.first_published_at, posts.id) as rank
     from posts
     where posts.in_response_to_post_id = any($1::text[]) and ${VISIBLE_RESPONSE}
       and (posts.hidden_by_parent_author_at is null or posts.in_response_to_post_id = any($2::text[]))
   ) as posts
   where posts.rank <= $3
   order by posts.rank asc`,
);

export interface ResponsesPage {
  rows: ResponseRow[];
  /** The cursor of the next page; null on the last one. */
  next: string | null;
}

/** The two statements of an order: its first page and the pages after a cursor. */
interface PageStatements {
  first: (db: Db, parentId: string, includeHidden: boolean, limit: number) => Promise<ResponseRow[]>;
  after: (db: Db, parentId: string, includeHidden: boolean, limit: number, after: string) => Promise<ResponseRow[]>;
}

type PageOptions = { limit: number; after: string | null; includeHidden: boolean };

async function readPage(db: Db, statements: PageStatements, parentId: string, opts: PageOptions): Promise<ResponsesPage> {
  const rows = opts.after
    ? await statements.after(db, parentId, opts.includeHidden, opts.limit + 1, opts.after)
    : await statements.first(db, parentId, opts.includeHidden, opts.limit + 1);
  return pageOf(rows, opts.limit);
}

/** One page of the responses to `parentId`. `after` is a cursor from a previous page. */
export function responsesPage(db: Db, opts: PageOptions & { parentId: string; order: ResponseOrder }): Promise<ResponsesPage> {
  return readPage(db, { first: FIRST_PAGE[opts.order], after: PAGE_AFTER[opts.order] }, opts.parentId, opts);
}

/** One page of the responses to a list (depth 1; their replies are read as any post's). */
export function catalogResponsesPage(db: Db, opts: PageOptions & { catalogId: string; order: ListOrder }): Promise<ResponsesPage> {
  return readPage(db, { first: LIST_FIRST_PAGE[opts.order], after: LIST_PAGE_AFTER[opts.order] }, opts.catalogId, opts);
}

/**
 * A list's visible discussion: its shown responses and what each counts under it (their
 * responses_count, kept by the thread's writers), so it reads like a story's responsesCount.
 */
export async function catalogResponsesCount(db: Db, catalogId: string): Promise<number> {
  const { rows } = await db.$client.query<{ n: number }>({
    name: 'catalog_responses_count',
    text: `select (count(*) + coalesce(sum(posts.responses_count), 0))::int as n from posts
           where posts.in_response_to_catalog_id = $1 and ${VISIBLE_RESPONSE} and posts.hidden_by_parent_author_at is null`,
    values: [catalogId],
  });
  return rows[0]?.n ?? 0;
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
      const rows = await firstReplies(
        db,
        keys.map((k) => k.parentId),
        keys.filter((k) => k.own).map((k) => k.parentId),
        REPLIES_PREVIEW_SIZE + 1,
      );
      const byParent = new Map<string, ResponseRow[]>();
      for (const row of rows) {
        const list = byParent.get(row.inResponseToPostId!) ?? [];
        list.push(row);
        byParent.set(row.inResponseToPostId!, list);
      }
      return keys.map((k) => pageOf(byParent.get(k.parentId) ?? [], REPLIES_PREVIEW_SIZE));
    },
    { cacheKeyFn: (k) => `${k.parentId}:${k.own ? 1 : 0}` },
  );
}
