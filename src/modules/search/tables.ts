import { sql } from 'drizzle-orm';
import { boolean, check, customType, doublePrecision, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.js';
import { catalogs } from '../catalogs/tables.js';
import { posts, tags } from '../posts/tables.js';

/** A PostgreSQL tsvector, written and read only by SQL (indexer.ts builds it). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The search document of a published, public story (README: what is indexed). `document` holds
 * the whole text, member-only part included (weights: title A, subtitle B, body C, tags D);
 * `previewText` is what a reader without access may be shown of it. `quality` is a static,
 * time-invariant ordering key (log claps + log reads + days since 1970 / 90): ordering by it is
 * ordering by engagement decayed by age, and the bounded candidate scans of common words walk
 * its indexes. `authorOk` is the author's 'high quality' mark (README), copied per story so the
 * filtered scan needs no join.
 */
export const searchPosts = pgTable(
  'search_posts',
  {
    postId: text('post_id')
      .primaryKey()
      .references(() => posts.id, { onDelete: 'cascade' }),
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The publication the story appears in (posts.collection_id), kept by post.changed; null for none. */
    collectionId: text('collection_id'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    isLocked: boolean('is_locked').notNull().default(false),
    previewText: text('preview_text').notNull().default(''),
    document: tsvector('document').notNull(),
    firstPublishedAt: timestamp('first_published_at', { withTimezone: true }).notNull(),
    clapCount: integer('clap_count').notNull().default(0),
    readCount: integer('read_count').notNull().default(0),
    quality: doublePrecision('quality').notNull(),
    authorOk: boolean('author_ok').notNull().default(false),
    indexedAt: timestamp('indexed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('search_posts_document_idx').using('gin', t.document),
    index('search_posts_quality_ok_idx').on(t.quality.desc()).where(sql`${t.authorOk}`),
    index('search_posts_quality_idx').on(t.quality.desc()),
    index('search_posts_creator_idx').on(t.creatorId, t.quality.desc()),
    index('search_posts_tags_idx').using('gin', t.tags),
    // A publication's own search (filters collectionId:{id}): its stories, the best first.
    index('search_posts_collection_idx').on(t.collectionId, t.quality.desc()).where(sql`${t.collectionId} is not null`),
  ],
);

/**
 * The search document of a person: `names` is the unaccented, lower-case name and username
 * (trigram-indexed for typos and prefixes); `document` the weighted words of name, username and
 * bio. `active` is false for a suspended or deactivated account; `authorOk` as for stories.
 */
export const searchUsers = pgTable(
  'search_users',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    names: text('names').notNull(),
    usernameKey: text('username_key').notNull().default(''),
    document: tsvector('document').notNull(),
    active: boolean('active').notNull().default(true),
    authorOk: boolean('author_ok').notNull().default(false),
    followerCount: integer('follower_count').notNull().default(0),
    indexedAt: timestamp('indexed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('search_users_names_trgm_idx').using('gin', sql`${t.names} gin_trgm_ops`),
    index('search_users_document_idx').using('gin', t.document),
    index('search_users_username_idx').on(t.usernameKey),
    // The same two for the people a visitor may find (spec §5 high-quality authors): a third of the rows to read.
    // Their predicate is not the followers index's, so a query written for them (users-search.ts) can never be
    // served by that one (a bitmap of every eligible person, each name then tested).
    index('search_users_names_ok_trgm_idx').using('gin', sql`${t.names} gin_trgm_ops`).where(sql`${t.authorOk}`),
    index('search_users_document_ok_idx').using('gin', t.document).where(sql`${t.authorOk}`),
    // Candidates of a short, common prefix: the most followed matching people first (users-search.ts).
    index('search_users_followers_idx').on(t.followerCount.desc()).where(sql`${t.active} and ${t.authorOk}`),
  ],
);

/**
 * A tag's searchable words (unaccented, lower case): trigram-indexed for typos, and as words
 * (`words`, derived by PostgreSQL) for prefixes typed without one. Counts are read live from tags.
 */
export const searchTags = pgTable(
  'search_tags',
  {
    tagSlug: text('tag_slug')
      .primaryKey()
      .references(() => tags.slug, { onDelete: 'cascade' }),
    names: text('names').notNull(),
    words: tsvector('words')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, names)`),
  },
  (t) => [index('search_tags_names_trgm_idx').using('gin', sql`${t.names} gin_trgm_ops`), index('search_tags_words_idx').using('gin', t.words)],
);

/**
 * The search document of a public list with at least one story (lists-index.ts): its name
 * (A) and description (B). A private or empty list has none; counts and the creator are read
 * live from the list, and its visibility is checked again on every search, so a list made
 * private is never found even before its document is gone.
 */
export const searchLists = pgTable(
  'search_lists',
  {
    catalogId: text('catalog_id')
      .primaryKey()
      .references(() => catalogs.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    document: tsvector('document').notNull(),
    indexedAt: timestamp('indexed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('search_lists_document_idx').using('gin', t.document), index('search_lists_user_idx').on(t.userId)],
);

/** One row per result set answered with clickAnalytics (its queryID), for click attribution and stats. */
export const searchQueries = pgTable(
  'search_queries',
  {
    queryId: text('query_id').primaryKey(),
    indexName: text('index_name').notNull(),
    query: text('query').notNull(),
    userId: text('user_id'),
    analyticsTags: text('analytics_tags').array().notNull().default(sql`'{}'::text[]`),
    nbHits: integer('nb_hits').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('search_queries_created_idx').on(t.createdAt)],
);

/** A click on a search result (insights clickedObjectIDsAfterSearch; spec §7 SearchClickEvent), positions 1-based. */
export const searchClicks = pgTable(
  'search_clicks',
  {
    id: text('id').primaryKey(),
    queryId: text('query_id').notNull(),
    indexName: text('index_name').notNull(),
    eventName: text('event_name').notNull(),
    objectIds: text('object_ids').array().notNull(),
    positions: integer('positions').array().notNull(),
    userId: text('user_id'),
    userToken: text('user_token'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('search_clicks_query_idx').on(t.queryId),
    index('search_clicks_object_idx').using('gin', t.objectIds),
    // Retention (retention.ts): the oldest first.
    index('search_clicks_created_idx').on(t.createdAt),
  ],
);

/**
 * The story search's top tier in use (tier.ts): its partial GIN index over the stories with
 * `quality >= threshold`. One row, or none while the site is too small for a tier.
 */
export const searchTier = pgTable(
  'search_tier',
  {
    id: integer('id').primaryKey(),
    threshold: doublePrecision('threshold').notNull(),
    indexName: text('index_name').notNull(),
    builtAt: timestamp('built_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('search_tier_one_row', sql`${t.id} = 1`)],
);

/**
 * Every lexeme of every story document (written with the documents, indexer.ts; never
 * removed: a lexeme no document has left matches nothing). A word being typed is matched as
 * the lexemes it begins (posts-search.ts): a few exact GIN entries cost a fraction of a
 * prefix match, and a prefix no lexeme begins matches no story at all.
 */
export const searchLexemes = pgTable(
  'search_lexemes',
  {
    lexeme: text('lexeme').primaryKey(),
  },
  (t) => [index('search_lexemes_prefix_idx').using('btree', sql`${t.lexeme} text_pattern_ops`)],
);
