import DataLoader from 'dataloader';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { PUBLICATION_COLUMNS, type PublicationRow } from './model.js';
import { SUBMISSION_COLUMNS, type SubmissionRow, type SubmissionStatus } from './submission-model.js';

const cols = sql.raw(SUBMISSION_COLUMNS);

/** The tabs of /{slug}/stories/{filterBy}. */
export const STORIES_FILTERS = ['submissions', 'scheduled', 'published', 'unlisted', 'featured'] as const;
export type StoriesFilter = (typeof STORIES_FILTERS)[number];

/** Each story's latest submission (any publication), batched: Post.statusForCollection on a page of cards is one statement. */
export function createLatestSubmissionLoader(db: Db): DataLoader<string, SubmissionRow | null> {
  return new DataLoader(async (postIds) => {
    const { rows } = await db.execute(sql`select distinct on (post_id) ${cols} from publication_submissions
      where post_id = any(${sql.param(postIds)}::text[]) order by post_id, created_at desc, id desc`);
    const byPost = new Map((rows as unknown as SubmissionRow[]).map((r) => [r.postId, r]));
    return postIds.map((id) => byPost.get(id) ?? null);
  });
}

/** The editors' queue: waiting submissions, oldest first (first come, first read). */
export async function submissionsWaiting(db: Db, publicationId: string, limit: number): Promise<SubmissionRow[]> {
  const { rows } = await db.execute(sql`select ${cols} from publication_submissions
    where publication_id = ${publicationId} and status in ('PENDING', 'EDITS_REQUESTED') order by created_at, id limit ${limit}`);
  return rows as unknown as SubmissionRow[];
}

/** Approved drafts with a publish time, soonest first. */
export async function submissionsScheduled(db: Db, publicationId: string, limit: number): Promise<SubmissionRow[]> {
  const { rows } = await db.execute(sql`select ${cols} from publication_submissions where id in (
      select s.id from publication_submissions s join posts p on p.id = s.post_id
      where s.publication_id = ${publicationId} and s.status = 'APPROVED' and s.scheduled_for is not null and p.first_published_at is null and p.deleted_at is null)
    order by scheduled_for, id limit ${limit}`);
  return rows as unknown as SubmissionRow[];
}

/** Stories in the publication by visibility (published: PUBLIC; unlisted: UNLISTED), newest first. */
export async function publicationStoryIds(db: Db, publicationId: string, visibility: 'PUBLIC' | 'UNLISTED', limit: number): Promise<string[]> {
  const { rows } = await db.execute(sql`select id from posts where collection_id = ${publicationId} and visibility = ${visibility}
    and first_published_at is not null and deleted_at is null order by first_published_at desc, id desc limit ${limit}`);
  return (rows as { id: string }[]).map((r) => r.id);
}

export interface SubmissionCommentRow {
  id: number;
  authorId: string | null;
  body: string;
  createdAt: Date;
}

export async function submissionComments(db: Db, submissionId: string): Promise<SubmissionCommentRow[]> {
  const { rows } = await db.execute(sql`select id, author_id as "authorId", body, created_at as "createdAt" from publication_submission_comments
    where submission_id = ${submissionId} order by created_at, id`);
  return rows as unknown as SubmissionCommentRow[];
}

/**
 * Publications the writer may submit to: those they belong to (any role) and those open to
 * ANYONE that they follow (a guest writer's way in), CLOSED ones left out.
 */
export async function submittablePublications(db: Db, userId: string): Promise<PublicationRow[]> {
  const { rows } = await db.execute(sql`select ${sql.raw(PUBLICATION_COLUMNS)} from publications p
    where p.submission_policy <> 'CLOSED' and (
      exists (select 1 from publication_members m where m.publication_id = p.id and m.user_id = ${userId})
      or (p.submission_policy = 'ANYONE' and exists (select 1 from publication_follows f where f.publication_id = p.id and f.user_id = ${userId})))
    order by p.name, p.id limit 100`);
  return rows as unknown as PublicationRow[];
}

export const isOpenStatus = (s: SubmissionStatus) => s === 'PENDING' || s === 'EDITS_REQUESTED' || s === 'APPROVED';
