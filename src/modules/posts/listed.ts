import { eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { PostRow } from './queries.js';
import { posts } from './tables.js';

/**
 * A listed story: one any reader may find in a list (feeds, a writer's Home tab, topics,
 * search, tag counts): published, public, not in the trash, and a story rather than a
 * response (to a story or to a list). One rule in three forms, so the lists cannot drift apart (the partial index
 * posts_listed_creator_idx in tables.ts spells the same condition).
 */
export function isListed(post: Pick<PostRow, 'firstPublishedAt' | 'visibility' | 'deletedAt' | 'inResponseToPostId'> & { inResponseToCatalogId?: string | null }): boolean {
  return post.firstPublishedAt !== null && post.deletedAt === null && post.visibility === 'PUBLIC' && post.inResponseToPostId === null && !post.inResponseToCatalogId;
}

/** `isListed` as conditions on the posts table, for the query builder's where clauses. */
export const listedConditions = () => [isNotNull(posts.firstPublishedAt), isNull(posts.deletedAt), eq(posts.visibility, 'PUBLIC'), isNull(posts.inResponseToPostId), isNull(posts.inResponseToCatalogId)];

/** `isListed` as the text of a condition on an alias of posts, for named statements' SQL. */
export const listedText = (alias: string) =>
  `${alias}.deleted_at is null and ${alias}.first_published_at is not null and ${alias}.visibility = 'PUBLIC' and ${alias}.in_response_to_post_id is null and ${alias}.in_response_to_catalog_id is null`;

/** `isListed` as SQL on an alias of posts (`LISTED('p')`), for hand-written statements. */
export const LISTED = (alias: string) => sql.raw(listedText(alias));
