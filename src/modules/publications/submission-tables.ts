import { sql } from 'drizzle-orm';
import { bigserial, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/tables.js';
import { posts } from '../posts/tables.js';
import { publications } from './tables.js';

/**
 * A writer's story offered to a publication (spec §4 statusForCollection). Open (PENDING,
 * EDITS_REQUESTED or APPROVED): at most one per story, whatever the publication. DECLINED,
 * REMOVED and WITHDRAWN are kept as history. `scheduled_for`: an approved draft's publish time.
 */
export const publicationSubmissions = pgTable(
  'publication_submissions',
  {
    id: text('id').primaryKey(),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    publicationId: text('publication_id')
      .notNull()
      .references(() => publications.id, { onDelete: 'cascade' }),
    submittedBy: text('submitted_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('PENDING'),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('publication_submissions_open_post_idx').on(t.postId).where(sql`${t.status} in ('PENDING', 'EDITS_REQUESTED', 'APPROVED')`),
    index('publication_submissions_queue_idx').on(t.publicationId, t.status, t.createdAt),
    index('publication_submissions_scheduled_idx').on(t.scheduledFor).where(sql`${t.status} = 'APPROVED' and ${t.scheduledFor} is not null`),
    check('publication_submissions_status', sql`${t.status} in ('PENDING', 'EDITS_REQUESTED', 'APPROVED', 'DECLINED', 'REMOVED', 'WITHDRAWN')`),
  ],
);

/** Notes between a publication's editors and the writer about one submission. */
export const publicationSubmissionComments = pgTable(
  'publication_submission_comments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    submissionId: text('submission_id')
      .notNull()
      .references(() => publicationSubmissions.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('publication_submission_comments_idx').on(t.submissionId, t.createdAt), check('publication_submission_comments_length', sql`char_length(${t.body}) between 1 and 2000`)],
);
