import type { Paragraph } from '../../shared/paragraphs.js';
import type { PostRow } from './queries.js';
import { hasMemberAccess, type MemberAccessFields } from '../accounts/membership-access.js';

export { hasMemberAccess };

interface ViewerLike extends MemberAccessFields {
  id: string;
  isStaff: boolean;
}

/** Published, not in the trash and not private: what a reader with the link may open. */
export function isReadable(post: PostRow, viewer: ViewerLike | null): boolean {
  if (post.deletedAt) return false;
  if (viewer && (viewer.id === post.creatorId || viewer.isStaff)) return true;
  return post.firstPublishedAt !== null && post.visibility !== 'PRIVATE';
}

/**
 * Member-only stories are whole for their author, staff and readers with member access
 * (hasMemberAccess). Metering (modules/metering) may open one more to others; this rule
 * alone needs no statement, so a member's story costs what a public one does.
 */
export function canReadFullContent(post: Pick<PostRow, 'isLocked' | 'creatorId'>, viewer: ViewerLike | null, now: number = Date.now()): boolean {
  if (!post.isLocked) return true;
  return viewer !== null && (viewer.id === post.creatorId || viewer.isStaff || hasMemberAccess(viewer, now));
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
