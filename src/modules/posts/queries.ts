import DataLoader from 'dataloader';
import { afterIo } from '../../platform/db/batch-schedule.js';
import { getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { namedSelect } from '../../platform/db/named-select.js';
import type { Paragraph } from '../../shared/paragraphs.js';
import { postRevisions, posts, tags } from './tables.js';
import { keptBodies, publishedBodyKey } from './kept-bodies.js';

/**
 * A story without its body: what lists, cards and policies need. The body (often most of
 * the row) is read only where it is shown, through postParagraphsById.
 */
const { paragraphs: _body, ...summaryColumns } = getTableColumns(posts);
export const POST_SUMMARY_COLUMNS = summaryColumns;
export type PostRow = Omit<typeof posts.$inferSelect, 'paragraphs'>;


/**
 * Named statements (planned once per connection, their SQL never rebuilt), read without
 * the query builder's per-row work (platform/db/named-select.ts): every page reads stories
 * and tags by id.
 */
const postsByIds = namedSelect<PostRow, [ids: readonly string[]]>('posts_by_ids', POST_SUMMARY_COLUMNS, 'from posts where id = any($1::text[])');
const paragraphsByIds = namedSelect<{ id: string; paragraphs: Paragraph[] }, [ids: readonly string[]]>('post_paragraphs_by_ids', { id: posts.id, paragraphs: posts.paragraphs }, 'from posts where id = any($1::text[])');
const tagsBySlugs = namedSelect<{ slug: string; displayTitle: string }, [slugs: readonly string[]]>('tags_by_slugs', { slug: tags.slug, displayTitle: tags.displayTitle }, 'from tags where slug = any($1::text[])');

export function createPostLoaders(db: Db) {
  const postById = new DataLoader<string, PostRow | null>(async (ids) => {
    const rows = await postsByIds(db, ids);
    const map = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => map.get(id) ?? null);
  }, { batchScheduleFn: afterIo });
  const postParagraphsById = new DataLoader<string, readonly Paragraph[]>(async (ids) => {
    const rows = await paragraphsByIds(db, ids);
    const map = new Map(rows.map((r) => [r.id, r.paragraphs]));
    return ids.map((id) => map.get(id) ?? []);
  });
  /**
   * A story asked for by id (post, postResult) is usually read, so it comes with its body,
   * which primes the other two loaders: a published body from the bodies kept per revision
   * (kept-bodies.ts), else read in a second query (and kept when published).
   */
  const postWithParagraphsById = new DataLoader<string, PostRow | null>(async (ids) => {
    const rows = await postsByIds(db, ids);
    const kept = keptBodies(db);
    const map = new Map<string, PostRow>();
    const unread: string[] = [];
    for (const row of rows) {
      map.set(row.id, row);
      postById.prime(row.id, row);
      const key = publishedBodyKey(row);
      const body = key === null ? undefined : kept.get(key);
      if (body) postParagraphsById.prime(row.id, body);
      else unread.push(row.id);
    }
    if (unread.length > 0) {
      for (const { id, paragraphs } of await paragraphsByIds(db, unread)) {
        const key = publishedBodyKey(map.get(id)!);
        postParagraphsById.prime(id, key === null ? paragraphs : kept.keep(key, paragraphs));
      }
    }
    return ids.map((id) => map.get(id) ?? null);
  });
  /** A tag's display title as first typed (tags table); a slug without a row reads as itself. */
  const tagTitleBySlug = new DataLoader<string, string>(async (slugs) => {
    const rows = await tagsBySlugs(db, slugs);
    const map = new Map(rows.map((r) => [r.slug, r.displayTitle]));
    return slugs.map((slug) => map.get(slug) ?? slug);
  });
  /** Revision bodies by `${postId}:${rev}` (postRevisions with paragraphs: one query, not one a revision). */
  const revisionParagraphs = new DataLoader<string, Paragraph[]>(async (keys) => {
    const pairs = keys.map((k) => {
      const at = k.lastIndexOf(':');
      return sql`(${k.slice(0, at)}, ${Number(k.slice(at + 1))}::int)`;
    });
    const rows = await db
      .select({ postId: postRevisions.postId, rev: postRevisions.rev, paragraphs: postRevisions.paragraphs })
      .from(postRevisions)
      .where(sql`(${postRevisions.postId}, ${postRevisions.rev}) in (${sql.join(pairs, sql`, `)})`);
    const map = new Map(rows.map((r) => [`${r.postId}:${r.rev}`, r.paragraphs]));
    return keys.map((k) => map.get(k) ?? []);
  });
  return { postById, postParagraphsById, postWithParagraphsById, tagTitleBySlug, revisionParagraphs };
}

/** Tag objects (GraphQL Tag) of a story's tag slugs, with their display titles, in order. */
export async function loadTags(loaders: Pick<ReturnType<typeof createPostLoaders>, 'tagTitleBySlug'>, slugs: readonly string[]) {
  const titles = await loaders.tagTitleBySlug.loadMany(slugs);
  return slugs.map((slug, i) => {
    const title = titles[i];
    return { id: slug, normalizedTagSlug: slug, displayTitle: typeof title === 'string' ? title : slug };
  });
}
