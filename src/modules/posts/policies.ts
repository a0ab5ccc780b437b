import type { Paragraph } from '../../shared/paragraphs.js';
import type { PostRow } from './queries.js';

interface ViewerLike {
  id: string;
  isStaff: boolean;
  /** Set for a member (users.member_since stands for membership until memberships land). */
  memberSince?: Date | null;
}

/** Published, not in the trash and not private: what a reader with the link may open. */
export function isReadable(post: PostRow, viewer: ViewerLike | null): boolean {
  if (post.deletedAt) return false;
  if (viewer && (viewer.id === post.creatorId || viewer.isStaff)) return true;
  return post.firstPublishedAt !== null && post.visibility !== 'PRIVATE';
}

/**
 * Member-only stories are whole for the author, staff and members (a reader with
 * memberSince set; the membership issue brings tiers and billing behind it).
 */
export function canReadFullContent(post: PostRow, viewer: ViewerLike | null): boolean {
  if (!post.isLocked) return true;
  return viewer !== null && (viewer.id === post.creatorId || viewer.isStaff || viewer.memberSince != null);
}

/** The preview of a locked story: its opening paragraphs, up to three with text. */
export function previewParagraphs(paragraphs: readonly Paragraph[]): Paragraph[] {
  const out: Paragraph[] = [];
  let textual = 0;
  for (const p of paragraphs) {
    if (textual >= 3) break;
    out.push(p);
    if (p.type !== 'IMG' && p.type !== 'HR') textual++;
  }
  return out;
}
