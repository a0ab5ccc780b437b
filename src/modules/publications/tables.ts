import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.js';
import type { PublicationHomepage, PublicationNavigationItem } from './model.js';

/**
 * Spec §3 Collection/Publication: a publication, read at /{slug}, /c/{id} or its own domain.
 * `slug` is stored lowercase and unique; `homepage` is the published design (header and
 * sections) and `homepage_draft` the design being edited (null: nothing unpublished).
 */
export const publications = pgTable(
  'publications',
  {
    id: text('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    avatarImageId: text('avatar_image_id'),
    logoImageId: text('logo_image_id'),
    faviconImageId: text('favicon_image_id'),
    /** The owner (one per publication); also a row in publication_members with role OWNER. */
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id),
    followersCount: integer('followers_count').notNull().default(0),
    twitterUsername: text('twitter_username'),
    facebookPageId: text('facebook_page_id'),
    googleAnalyticsId: text('google_analytics_id'),
    /** Who may submit stories: WRITERS (the publication's writers and editors) or ANYONE signed in; CLOSED: nobody. */
    submissionPolicy: text('submission_policy').notNull().default('WRITERS'),
    homepage: jsonb('homepage').$type<PublicationHomepage>(),
    homepageDraft: jsonb('homepage_draft').$type<PublicationHomepage>(),
    navigationItems: jsonb('navigation_items').$type<PublicationNavigationItem[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('publications_slug_idx').on(t.slug),
    index('publications_owner_idx').on(t.ownerId),
    check('publications_name_length', sql`char_length(${t.name}) between 1 and 100`),
    check('publications_slug_form', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
  ],
);

/**
 * Who works on a publication (spec §6): OWNER (one, transferable), EDITOR (spec "admins
 * (editors)": viewerEdge.isEditor) and WRITER (may submit; their approved stories appear there).
 */
export const publicationMembers = pgTable(
  'publication_members',
  {
    publicationId: text('publication_id')
      .notNull()
      .references(() => publications.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.publicationId, t.userId] }), index('publication_members_user_idx').on(t.userId, t.role), check('publication_members_role', sql`${t.role} in ('OWNER', 'EDITOR', 'WRITER')`)],
);

/** A reader following a publication (spec §7 FollowCollection): its stories enter their Following feed. */
export const publicationFollows = pgTable(
  'publication_follows',
  {
    publicationId: text('publication_id')
      .notNull()
      .references(() => publications.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.publicationId, t.userId] }),
    index('publication_follows_user_idx').on(t.userId, t.createdAt),
    // The followers list pages newest first by (created_at, user_id) within a publication.
    index('publication_follows_recent_idx').on(t.publicationId, t.createdAt, t.userId),
  ],
);

/** A reader muting a publication (spec §7 muteCollection): its stories leave their feeds. */
export const publicationMutes = pgTable(
  'publication_mutes',
  {
    publicationId: text('publication_id')
      .notNull()
      .references(() => publications.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.publicationId, t.userId] }), index('publication_mutes_user_idx').on(t.userId)],
);

/** Spec: an audit log of role and setting changes, visible to the publication's editors. */
export const publicationAuditLog = pgTable(
  'publication_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    publicationId: text('publication_id')
      .notNull()
      .references(() => publications.id, { onDelete: 'cascade' }),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('publication_audit_log_idx').on(t.publicationId, t.createdAt)],
);

/**
 * Spec §3 PublicationFeaturedPost: a story of the publication its editors feature (the FEATURED
 * homepage source, /featured, /manage/stories/featured), in the editors' order.
 */
export const publicationFeaturedPosts = pgTable(
  'publication_featured_posts',
  {
    publicationId: text('publication_id')
      .notNull()
      .references(() => publications.id, { onDelete: 'cascade' }),
    postId: text('post_id').notNull(),
    position: integer('position').notNull(),
    featuredBy: text('featured_by').references(() => users.id, { onDelete: 'set null' }),
    featuredAt: timestamp('featured_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.publicationId, t.postId] }), index('publication_featured_posts_order_idx').on(t.publicationId, t.position)],
);

/** Spec §3 PublicationFeaturingEvent: each feature and unfeature, kept (who, when). */
export const publicationFeaturingEvents = pgTable(
  'publication_featuring_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    publicationId: text('publication_id')
      .notNull()
      .references(() => publications.id, { onDelete: 'cascade' }),
    postId: text('post_id').notNull(),
    /** FEATURED or UNFEATURED. */
    kind: text('kind').notNull(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('publication_featuring_events_idx').on(t.publicationId, t.createdAt)],
);
