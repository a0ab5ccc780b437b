/**
 * Writing a story: the editor's saves. Every save is one post_revisions row
 * (rev = latestRev + 1) written with optimistic concurrency on the revision the editor
 * started from (baseRev); a stale baseRev is a Conflict and writes nothing. While a story
 * is a draft the save also updates the posts row; once published, edits stay in revisions
 * until the next publish (publish.ts) copies the latest one to the posts row readers see.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { newId } from '../../platform/ids.js';
import type { ImageMetadata, Paragraph } from '../../shared/paragraphs.js';
import { readingTimeMinutes } from '../../shared/reading-time.js';
import { slugify } from '../../shared/slug.js';
import { StoryInputError, checkParagraphs, checkTitles, type ParagraphInput } from './paragraph-input.js';
import { POST_SUMMARY_COLUMNS } from './queries.js';
import { postRevisions, posts } from './tables.js';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type SaveResult =
  | { kind: 'saved'; postId: string; latestRev: number; updatedAt: Date }
  | { kind: 'conflict'; latestRev: number; message: string }
  | { kind: 'not-found'; message: string }
  | { kind: 'bad-request'; message: string };

export interface StoryText {
  title: string;
  subtitle: string;
  paragraphs: ParagraphInput[];
}

export const POST_NOT_FOUND = 'Post not found.';
export const conflictMessage = (latestRev: number) =>
  `This story was changed somewhere else (now at revision ${latestRev}). Reload it to continue from the latest version.`;

export const notFound = (message = POST_NOT_FOUND) => ({ kind: 'not-found', message }) as const;
export const badRequest = (message: string) => ({ kind: 'bad-request', message }) as const;

/** The checked title, subtitle and body, or the message saying what to fix. */
export function checkStoryText(input: StoryText): { title: string; subtitle: string; paragraphs: Paragraph[] } | { message: string } {
  try {
    return { ...checkTitles(input.title, input.subtitle), paragraphs: checkParagraphs(input.paragraphs) };
  } catch (err) {
    if (err instanceof StoryInputError) return { message: err.message };
    throw err;
  }
}

/** What the posts row derives from a story's text: slug, reading time and the first image. */
export function derivedColumns(title: string, subtitle: string, paragraphs: readonly Paragraph[]) {
  return {
    slug: slugify(title),
    readingTime: readingTimeMinutes(paragraphs, title, subtitle),
    previewImage: (paragraphs.find((p) => p.type === 'IMG')?.metadata ?? null) as ImageMetadata | null,
  };
}

/**
 * The story row without its body, locked for this transaction, when `viewerId` wrote it and
 * it is not in the trash. (The body is the bulk of the row and the commands take theirs
 * from revisions.)
 */
export async function lockOwnPost(tx: Tx, postId: string, viewerId: string) {
  const [row] = await tx.select(POST_SUMMARY_COLUMNS).from(posts).where(eq(posts.id, postId)).for('update');
  if (!row || row.creatorId !== viewerId || row.deletedAt) return null;
  return row;
}
export type LockedPost = NonNullable<Awaited<ReturnType<typeof lockOwnPost>>>;

/**
 * Writes revision latestRev + 1 of a locked story with this text, and, while the story is
 * a draft, the same text to its row. Returns the new revision number.
 */
export async function appendRevision(tx: Tx, post: LockedPost, text: { title: string; subtitle: string; paragraphs: Paragraph[] }, now: Date): Promise<number> {
  const rev = post.latestRev + 1;
  await tx.insert(postRevisions).values({ postId: post.id, rev, ...text, createdAt: now });
  const draft = post.firstPublishedAt === null;
  await tx
    .update(posts)
    .set(draft ? { latestRev: rev, updatedAt: now, ...text, ...derivedColumns(text.title, text.subtitle, text.paragraphs) } : { latestRev: rev })
    .where(eq(posts.id, post.id));
  return rev;
}

/** createDraft: a new story of the viewer with its first revision (importPost gives the original's canonicalUrl). */
export async function createDraft(
  db: Db,
  viewerId: string,
  input: StoryText & { appendParagraphs?: Paragraph[]; canonicalUrl?: string | null },
  now = new Date(),
): Promise<SaveResult> {
  const checked = checkStoryText(input);
  if ('message' in checked) return badRequest(checked.message);
  const paragraphs = [...checked.paragraphs, ...(input.appendParagraphs ?? [])];
  const id = newId();
  await db.transaction(async (tx) => {
    await tx.insert(posts).values({
      id,
      creatorId: viewerId,
      title: checked.title,
      subtitle: checked.subtitle,
      paragraphs,
      ...derivedColumns(checked.title, checked.subtitle, paragraphs),
      latestRev: 1,
      canonicalUrl: input.canonicalUrl ?? null,
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(postRevisions).values({ postId: id, rev: 1, title: checked.title, subtitle: checked.subtitle, paragraphs, createdAt: now });
  });
  return { kind: 'saved', postId: id, latestRev: 1, updatedAt: now };
}

/**
 * saveDraft: the editor's autosave. A retry of a save that already went through (same
 * text, baseRev one behind) answers as that save did instead of reporting a conflict, so a
 * connection lost after the write but before the answer costs nothing.
 */
export async function saveDraft(db: Db, viewerId: string, input: StoryText & { postId: string; baseRev: number }, now = new Date()): Promise<SaveResult> {
  const checked = checkStoryText(input);
  if ('message' in checked) return badRequest(checked.message);
  return db.transaction(async (tx): Promise<SaveResult> => {
    const post = await lockOwnPost(tx, input.postId, viewerId);
    if (!post) return notFound();
    if (post.latestRev !== input.baseRev) {
      if (post.latestRev === input.baseRev + 1) {
        const [same] = await tx
          .select({ createdAt: postRevisions.createdAt })
          .from(postRevisions)
          .where(
            and(
              eq(postRevisions.postId, post.id),
              eq(postRevisions.rev, post.latestRev),
              eq(postRevisions.title, checked.title),
              eq(postRevisions.subtitle, checked.subtitle),
              sql`${postRevisions.paragraphs} = ${JSON.stringify(checked.paragraphs)}::jsonb`,
            ),
          );
        if (same) return { kind: 'saved', postId: post.id, latestRev: post.latestRev, updatedAt: same.createdAt };
      }
      return { kind: 'conflict', latestRev: post.latestRev, message: conflictMessage(post.latestRev) };
    }
    const latestRev = await appendRevision(tx, post, checked, now);
    return { kind: 'saved', postId: post.id, latestRev, updatedAt: now };
  });
}

/** revertPost: restoring an old revision is a new revision with its text (history stays whole). */
export async function revertPost(db: Db, viewerId: string, postId: string, rev: number, now = new Date()): Promise<SaveResult> {
  return db.transaction(async (tx): Promise<SaveResult> => {
    const post = await lockOwnPost(tx, postId, viewerId);
    if (!post) return notFound();
    const [old] = await tx
      .select({ title: postRevisions.title, subtitle: postRevisions.subtitle, paragraphs: postRevisions.paragraphs })
      .from(postRevisions)
      .where(and(eq(postRevisions.postId, postId), eq(postRevisions.rev, rev)));
    if (!old) return notFound(`This story has no revision ${rev}.`);
    const latestRev = await appendRevision(tx, post, old, now);
    return { kind: 'saved', postId, latestRev, updatedAt: now };
  });
}
