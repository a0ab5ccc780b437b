/**
 * Reading a story as its writer sees it: the latest revision (postForEditing) and the
 * revision history (postRevisions), for the author and staff only.
 */
import { desc, eq, and } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { Paragraph } from '../../shared/paragraphs.js';
import { postRevisions, posts } from './tables.js';

interface ViewerLike {
  id: string;
  isStaff: boolean;
}

/** Revisions listed at most (newest first); older ones stay restorable by number. */
export const REVISIONS_LISTED_MAX = 500;

/** Who may open a story in the editor and its history: its author, and staff. */
export function canEdit(post: { creatorId: string }, viewer: ViewerLike | null): boolean {
  return viewer !== null && (viewer.id === post.creatorId || viewer.isStaff);
}

export type PostForEditing = typeof posts.$inferSelect & {
  /** The latest revision's text: what the editor continues from. */
  latest: { title: string; subtitle: string; paragraphs: Paragraph[]; createdAt: Date };
};

/** The story with its latest revision, when the viewer may edit it and it is not in the trash. */
export async function postForEditing(db: Db, postId: string, viewer: ViewerLike | null): Promise<PostForEditing | null> {
  if (!viewer) return null;
  const [row] = await db
    .select({
      post: posts,
      title: postRevisions.title,
      subtitle: postRevisions.subtitle,
      paragraphs: postRevisions.paragraphs,
      createdAt: postRevisions.createdAt,
    })
    .from(posts)
    .leftJoin(postRevisions, and(eq(postRevisions.postId, posts.id), eq(postRevisions.rev, posts.latestRev)))
    .where(eq(posts.id, postId));
  if (!row || row.post.deletedAt || !canEdit(row.post, viewer)) return null;
  const { post } = row;
  // A story without revisions (written before they existed) is its own latest revision.
  const latest =
    row.title === null
      ? { title: post.title, subtitle: post.subtitle, paragraphs: post.paragraphs, createdAt: post.updatedAt }
      : { title: row.title, subtitle: row.subtitle ?? '', paragraphs: row.paragraphs ?? [], createdAt: row.createdAt ?? post.updatedAt };
  return { ...post, latest };
}

export interface RevisionSummary {
  postId: string;
  rev: number;
  title: string;
  subtitle: string;
  createdAt: Date;
  publishedAt: Date | null;
}

/** The story's revisions, newest first, without their bodies (PostRevision.paragraphs loads those). */
export async function listRevisions(db: Db, postId: string, viewer: ViewerLike | null): Promise<RevisionSummary[]> {
  if (!viewer) return [];
  const [post] = await db.select({ creatorId: posts.creatorId, deletedAt: posts.deletedAt }).from(posts).where(eq(posts.id, postId));
  if (!post || post.deletedAt || !canEdit(post, viewer)) return [];
  return db
    .select({
      postId: postRevisions.postId,
      rev: postRevisions.rev,
      title: postRevisions.title,
      subtitle: postRevisions.subtitle,
      createdAt: postRevisions.createdAt,
      publishedAt: postRevisions.publishedAt,
    })
    .from(postRevisions)
    .where(eq(postRevisions.postId, postId))
    .orderBy(desc(postRevisions.rev))
    .limit(REVISIONS_LISTED_MAX);
}
