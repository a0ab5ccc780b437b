import DataLoader from 'dataloader';
import type { Db } from '../../platform/db/client.js';
import { TOP_HIGHLIGHT_MIN_READERS } from '../../shared/highlights.js';

/** Spec §3 cache types Quote / Highlight: one reader's highlight. */
export interface QuoteRow {
  id: string;
  postId: string;
  userId: string;
  paragraphName: string;
  startOffset: number;
  endOffset: number;
  text: string;
  createdAt: Date;
}

/** A passage and how many readers (never the author) highlighted exactly it. */
export interface PassageRow {
  postId: string;
  paragraphName: string;
  startOffset: number;
  endOffset: number;
  text: string;
  readerCount: number;
}

const QUOTE_COLUMNS = `id, post_id as "postId", user_id as "userId", paragraph_name as "paragraphName",
  start_offset as "startOffset", end_offset as "endOffset", text, created_at as "createdAt"`;

/** Readers' highlights grouped by passage; the author's own do not count. */
const PASSAGES = `select q.post_id as "postId", q.paragraph_name as "paragraphName", q.start_offset as "startOffset",
    q.end_offset as "endOffset", min(q.text) as text, count(*)::int as "readerCount", min(q.created_at) as first_at
  from quotes q join posts p on p.id = q.post_id
  where q.post_id = any($1) and q.user_id <> p.creator_id
  group by q.post_id, q.paragraph_name, q.start_offset, q.end_offset`;

/**
 * Per story: the passage most readers highlighted, at least TOP_HIGHLIGHT_MIN_READERS of
 * them; on a tie, the one highlighted first.
 */
const TOP_SQL = `select distinct on ("postId") * from (${PASSAGES} having count(*) >= ${TOP_HIGHLIGHT_MIN_READERS}) g
  order by "postId", "readerCount" desc, first_at`;

const PASSAGES_SQL = `${PASSAGES} order by "readerCount" desc, first_at limit $2`;

export async function quoteById(db: Db, id: string): Promise<QuoteRow | null> {
  const { rows } = await db.$client.query<QuoteRow>({ name: 'quote_by_id', text: `select ${QUOTE_COLUMNS} from quotes where id = $1`, values: [id] });
  return rows[0] ?? null;
}

/** Every passage of a story readers highlighted, most highlighted first (for its author). */
export async function highlightedPassages(db: Db, postId: string, limit = 50): Promise<PassageRow[]> {
  const { rows } = await db.$client.query<PassageRow>({ name: 'highlighted_passages', text: PASSAGES_SQL, values: [[postId], limit] });
  return rows;
}

/** The top highlight of each story asked for (null when none has enough readers): one query per request. */
export function createTopHighlightLoader(db: Db) {
  return new DataLoader<string, PassageRow | null>(async (postIds) => {
    const { rows } = await db.$client.query<PassageRow>({ name: 'top_highlights', text: TOP_SQL, values: [[...postIds]] });
    const byPost = new Map(rows.map((r) => [r.postId, r]));
    return postIds.map((id) => byPost.get(id) ?? null);
  });
}

/** A reader's highlights in each story asked for, in reading order of creation. */
export function createViewerQuotesLoader(db: Db, userId: string) {
  return new DataLoader<string, QuoteRow[]>(async (postIds) => {
    const { rows } = await db.$client.query<QuoteRow>({
      name: 'viewer_quotes',
      text: `select ${QUOTE_COLUMNS} from quotes where user_id = $1 and post_id = any($2) order by created_at, id`,
      values: [userId, [...postIds]],
    });
    return postIds.map((id) => rows.filter((r) => r.postId === id));
  });
}
