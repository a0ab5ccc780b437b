import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, integer, jsonb, pgEnum, pgTable, primaryKey, real, text, timestamp } from 'drizzle-orm/pg-core';
import type { ImageMetadata, Paragraph } from '../../shared/paragraphs.js';
import { users } from '../accounts/tables.js';
import { catalogs } from '../catalogs/tables.js';
import { publications } from '../publications/tables.js';

/** Spec §3 post visibility. */
export const postVisibility = pgEnum('post_visibility', ['PUBLIC', 'UNLISTED', 'LOCKED', 'PRIVATE']);

/** Spec §3 Post. The body is the paragraph model, stored as JSON. */
export const posts = pgTable(
  'posts',
  {
    id: text('id').primaryKey(),
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull().default(''),
    subtitle: text('subtitle').notNull().default(''),
    /** slug of the title; the unique slug is `${slug}-${id}`. */
    slug: text('slug').notNull().default(''),
    visibility: postVisibility('visibility').notNull().default('PUBLIC'),
    /** Member-only story (spec: isLocked shows the member star). */
    isLocked: boolean('is_locked').notNull().default(false),
    allowResponses: boolean('allow_responses').notNull().default(true),
    /** Spec §3 license types; ALL_RIGHTS_RESERVED unless the author picks another. */
    license: text('license').notNull().default('ALL_RIGHTS_RESERVED'),
    /** A response is a story written in response to another (spec §7 threaded responses). */
    inResponseToPostId: text('in_response_to_post_id').references((): AnyPgColumn => posts.id, { onDelete: 'cascade' }),
    /**
     * A response to a list (spec §3 Catalog threaded responses): depth 1, with no parent post.
     * Its replies are ordinary responses to it. Deleting the list deletes its discussion.
     */
    inResponseToCatalogId: text('in_response_to_catalog_id').references(() => catalogs.id, { onDelete: 'cascade' }),
    /**
     * The publication the story appears in (spec §3 Post.collection, statusForCollection APPROVED):
     * set by the publications module when an editor approves it, cleared when it is removed. Its
     * address moves under the publication (/{collectionSlug}/{postId}).
     */
    collectionId: text('collection_id').references(() => publications.id, { onDelete: 'set null' }),
    /** 0 for a story; 1 for a response to a story, up to 3 (spec §9 thread depth). */
    responseDepth: integer('response_depth').notNull().default(0),
    /** Set when the parent story's author hides this response (UnhidePostResponseOnParentPost clears it). */
    hiddenByParentAuthorAt: timestamp('hidden_by_parent_author_at', { withTimezone: true }),
    /** The highlighted passage a response quotes (/new-story?inResponseToQuoteId). */
    inResponseToQuoteId: text('in_response_to_quote_id'),
    /** The canonical original of an imported story (/p/import), shown as rel=canonical. */
    canonicalUrl: text('canonical_url'),
    /** The newest saved revision (post_revisions.rev); 0 before the first save. */
    latestRev: integer('latest_rev').notNull().default(0),
    /** The revision readers see; null until first published. latestRev > publishedRev: unpublished edits. */
    publishedRev: integer('published_rev'),
    paragraphs: jsonb('paragraphs').$type<Paragraph[]>().notNull().default(sql`'[]'::jsonb`),
    /**
     * Counts the changes of `paragraphs`, by a trigger (migration 0023), whoever writes them: the
     * key of what is kept from a body between requests (kept-bodies.ts, PostContent.version).
     */
    bodyVersion: integer('body_version').notNull().default(0),
    previewImage: jsonb('preview_image').$type<ImageMetadata | null>(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** Minutes, fractional (src/shared/reading-time.ts). */
    readingTime: real('reading_time').notNull().default(0),
    clapCount: integer('clap_count').notNull().default(0),
    responsesCount: integer('responses_count').notNull().default(0),
    pinnedAt: timestamp('pinned_at', { withTimezone: true }),
    firstPublishedAt: timestamp('first_published_at', { withTimezone: true }),
    latestPublishedAt: timestamp('latest_published_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('posts_creator_published_idx').on(t.creatorId, t.firstPublishedAt),
    index('posts_responses_idx').on(t.inResponseToPostId, t.firstPublishedAt).where(sql`${t.inResponseToPostId} is not null`),
    index('posts_catalog_responses_idx').on(t.inResponseToCatalogId, t.firstPublishedAt).where(sql`${t.inResponseToCatalogId} is not null`),
    index('posts_deleted_idx').on(t.deletedAt).where(sql`${t.deletedAt} is not null`),
    index('posts_published_idx').on(t.firstPublishedAt).where(sql`${t.deletedAt} is null and ${t.firstPublishedAt} is not null`),
    // A writer's listed stories newest first, index-only (feeds: one scan per followed writer; its backward scan is first_published_at desc, id desc).
    index('posts_listed_creator_idx')
      .on(t.creatorId, t.firstPublishedAt, t.id)
      .where(sql`${t.deletedAt} is null and ${t.firstPublishedAt} is not null and ${t.visibility} = 'PUBLIC' and ${t.inResponseToPostId} is null`),
    // A writer's pinned stories (profile Home tab): a handful of rows however much they wrote.
    // A publication's listed stories newest first (its homepage, latest, archive, feeds).
    index('posts_listed_collection_idx')
      .on(t.collectionId, t.firstPublishedAt, t.id)
      .where(sql`${t.collectionId} is not null and ${t.deletedAt} is null and ${t.firstPublishedAt} is not null and ${t.visibility} = 'PUBLIC' and ${t.inResponseToPostId} is null`),
    index('posts_pinned_idx').on(t.creatorId, t.pinnedAt).where(sql`${t.pinnedAt} is not null`),
  ],
);

/**
 * One row per save batch of the editor (spec §2.3 /p/{postId}/revert/{versionId}/{baseRev}):
 * the whole title, subtitle and paragraph model as saved, so any version can be restored.
 */
export const postRevisions = pgTable(
  'post_revisions',
  {
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    rev: integer('rev').notNull(),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull(),
    paragraphs: jsonb('paragraphs').$type<Paragraph[]>().notNull(),
    /** Set on the revisions that were published. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.rev] })],
);

/** Tags (spec §5 slugs): created on first use; counts kept with the posts that carry them. */
export const tags = pgTable(
  'tags',
  {
    slug: text('slug').primaryKey(),
    displayTitle: text('display_title').notNull(),
    /** Published, public, not trashed stories carrying the tag. */
    postCount: integer('post_count').notNull().default(0),
    followerCount: integer('follower_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Popular topics (explore-topics, onboarding): most followed, then most written about.
  (t) => [index('tags_popular_idx').on(t.followerCount.desc(), t.postCount.desc(), t.slug)],
);
