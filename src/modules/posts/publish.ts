/**
 * Publishing a story (publishPost) and changing a published story's settings
 * (updatePostSettings): one transaction each, on the story row locked first, so the row
 * readers see, the revision marked published and the tags' counts change together.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client.js';
import { isLicenseType, LICENSE_TYPES, type LicenseType } from '../../shared/licenses.js';
import type { ImageMetadata, Paragraph } from '../../shared/paragraphs.js';
import { StoryInputError, checkTitles } from './paragraph-input.js';
import { appendRevision, badRequest, derivedColumns, lockOwnPost, notFound, type LockedPost, type Tx } from './drafts.js';
import { checkTags, countsInTagCounts, updateTagRows, type StoryTag } from './story-tags.js';
import { POST_SUMMARY_COLUMNS, type PostRow } from './queries.js';
import { postRevisions, posts } from './tables.js';
import { emitDomainEvent, notifyEventDispatchers } from '../../platform/events/outbox.js';

/** PublishPostInput of the writing contract. */
export interface PublishPostInput {
  tags: string[];
  visibility: string;
  isLocked: boolean;
  allowResponses: boolean;
  license: string;
  previewTitle?: string | null;
  previewSubtitle?: string | null;
  previewImageId?: string | null;
}

export type PublishResult =
  | { kind: 'published'; post: PostRow }
  | { kind: 'not-found'; message: string }
  | { kind: 'bad-request'; message: string };

/** A writer chooses PUBLIC or UNLISTED (link only); member-only is isLocked on either. */
const PUBLISHABLE_VISIBILITY = ['PUBLIC', 'UNLISTED'] as const;
type PublishableVisibility = (typeof PUBLISHABLE_VISIBILITY)[number];

export const PUBLISH_MESSAGES = {
  visibility: 'Choose PUBLIC or UNLISTED visibility; a member-only story is isLocked.',
  license: `Choose one of the licenses: ${LICENSE_TYPES.join(', ')}.`,
  noTitle: 'Add a title before publishing.',
  empty: 'Write something before publishing.',
  previewImage: 'The preview image must be one of the images in the story.',
  response: 'A response is published under the story it responds to.',
} as const;

interface Settings {
  tags: StoryTag[];
  visibility: PublishableVisibility;
  isLocked: boolean;
  allowResponses: boolean;
  license: LicenseType;
  /** A preview title or subtitle was given (checked; applied against the story's current text). */
  changesTitles: boolean;
  previewImageId: string | null;
}

function checkSettings(input: PublishPostInput): Settings {
  if (!(PUBLISHABLE_VISIBILITY as readonly string[]).includes(input.visibility)) throw new StoryInputError(PUBLISH_MESSAGES.visibility);
  if (!isLicenseType(input.license)) throw new StoryInputError(PUBLISH_MESSAGES.license);
  // Checked here so a bad one is refused before the transaction; empty stands for 'unchanged'.
  checkTitles(input.previewTitle ?? '', input.previewSubtitle ?? '');
  return {
    tags: checkTags(input.tags),
    visibility: input.visibility as PublishableVisibility,
    isLocked: input.isLocked,
    allowResponses: input.allowResponses,
    license: input.license,
    changesTitles: input.previewTitle != null || input.previewSubtitle != null,
    previewImageId: input.previewImageId || null,
  };
}

/** The title and subtitle after the publish dialog: a preview one given replaces the story's. */
function resolveTitles(input: PublishPostInput, current: { title: string; subtitle: string }) {
  return checkTitles(input.previewTitle ?? current.title, input.previewSubtitle ?? current.subtitle);
}

/** The preview image: the chosen one (an image of the story), else the story's first image. */
function previewImageOf(paragraphs: readonly Paragraph[], chosenId: string | null): ImageMetadata | null {
  const images = paragraphs.filter((p) => p.type === 'IMG' && p.metadata).map((p) => p.metadata!);
  if (chosenId === null) return images[0] ?? null;
  const chosen = images.find((m) => m.id === chosenId);
  if (!chosen) throw new StoryInputError(PUBLISH_MESSAGES.previewImage);
  return chosen;
}

const hasContent = (paragraphs: readonly Paragraph[]) => paragraphs.some((p) => p.type !== 'P' || p.text.trim() !== '');

async function latestRevision(tx: Tx, post: LockedPost) {
  const [row] = await tx
    .select({ title: postRevisions.title, subtitle: postRevisions.subtitle, paragraphs: postRevisions.paragraphs })
    .from(postRevisions)
    .where(and(eq(postRevisions.postId, post.id), eq(postRevisions.rev, post.latestRev)));
  return row ?? { title: post.title, subtitle: post.subtitle, paragraphs: await rowParagraphs(tx, post) };
}

/** The body of the posts row: what readers see of a published story, the text of a draft. */
async function rowParagraphs(tx: Tx, post: LockedPost): Promise<Paragraph[]> {
  const [row] = await tx.select({ paragraphs: posts.paragraphs }).from(posts).where(eq(posts.id, post.id));
  return row?.paragraphs ?? [];
}

/** Settings columns of the row, the tag rows and counts; returns the updated row. */
async function writeSettings(tx: Tx, post: LockedPost, settings: Settings, set: PgUpdateSetSource<typeof posts>): Promise<PostRow> {
  const [updated] = await tx
    .update(posts)
    .set({
      ...set,
      tags: settings.tags.map((t) => t.slug),
      visibility: settings.visibility,
      isLocked: settings.isLocked,
      allowResponses: settings.allowResponses,
      license: settings.license,
    })
    .where(eq(posts.id, post.id))
    .returning(POST_SUMMARY_COLUMNS);
  await updateTagRows(tx, settings.tags, countsInTagCounts(post) ? post.tags : [], countsInTagCounts(updated!) ? updated!.tags : []);
  return updated!;
}

function run(db: Db, viewerId: string, postId: string, input: PublishPostInput, body: (tx: Tx, post: LockedPost, settings: Settings) => Promise<PublishResult>): Promise<PublishResult> {
  let settings: Settings;
  try {
    settings = checkSettings(input);
  } catch (err) {
    if (err instanceof StoryInputError) return Promise.resolve(badRequest(err.message));
    throw err;
  }
  return db.transaction(async (tx) => {
    const post = await lockOwnPost(tx, postId, viewerId);
    if (!post) return notFound();
    if (post.inResponseToPostId || post.inResponseToCatalogId) return badRequest(PUBLISH_MESSAGES.response);
    // A StoryInputError thrown by `body` rolls back whatever it wrote.
    return body(tx, post, settings);
  }).catch((err: unknown) => {
    if (err instanceof StoryInputError) return badRequest(err.message);
    throw err;
  });
}

/**
 * publishPost: the latest revision becomes what readers see. The first publish sets
 * firstPublishedAt; every publish sets latestPublishedAt and publishedRev. A preview title
 * or subtitle that differs from the story's is saved as a new revision first, so the
 * published revision always holds exactly what readers see.
 */
export function publishPost(db: Db, viewerId: string, postId: string, input: PublishPostInput, now = new Date()): Promise<PublishResult> {
  return run(db, viewerId, postId, input, async (tx, post, settings) => {
    let text = await latestRevision(tx, post);
    let rev = post.latestRev;
    if (settings.changesTitles) {
      const titles = resolveTitles(input, text);
      if (titles.title !== text.title || titles.subtitle !== text.subtitle) {
        text = { ...text, ...titles };
        rev = await appendRevision(tx, post, text, now);
      }
    }
    if (!text.title.trim()) throw new StoryInputError(PUBLISH_MESSAGES.noTitle);
    if (!hasContent(text.paragraphs)) throw new StoryInputError(PUBLISH_MESSAGES.empty);
    const derived = derivedColumns(text.title, text.subtitle, text.paragraphs);
    const updated = await writeSettings(tx, post, settings, {
      title: text.title,
      subtitle: text.subtitle,
      // Copied inside the database: the body does not travel back over the wire.
      paragraphs: sql`(select ${postRevisions.paragraphs} from ${postRevisions} where ${postRevisions.postId} = ${post.id} and ${postRevisions.rev} = ${rev})`,
      ...derived,
      previewImage: previewImageOf(text.paragraphs, settings.previewImageId),
      latestRev: rev,
      publishedRev: rev,
      firstPublishedAt: post.firstPublishedAt ?? now,
      latestPublishedAt: now,
      updatedAt: now,
    });
    await tx.update(postRevisions).set({ publishedAt: now }).where(and(eq(postRevisions.postId, post.id), eq(postRevisions.rev, rev)));
    // The first publication is news for followers and for those it mentions (notifications).
    if (post.firstPublishedAt === null) await emitDomainEvent(tx, { type: 'post.published', payload: { postId: post.id, creatorId: post.creatorId } });
    else await emitDomainEvent(tx, { type: 'post.changed', payload: { postId: post.id } });
    return { kind: 'published', post: updated };
  }).finally(notifyEventDispatchers);
}

/**
 * updatePostSettings: tags, visibility, member-only, responses, license and the preview
 * image of a story without publishing its unpublished edits (a draft keeps them for its
 * first publish). A new preview title or subtitle changes the story's title or subtitle:
 * saved as a new revision, and shown to readers at once when the story is published.
 */
export function updatePostSettings(db: Db, viewerId: string, postId: string, input: PublishPostInput, now = new Date()): Promise<PublishResult> {
  return run(db, viewerId, postId, input, async (tx, post, settings) => {
    const published = post.firstPublishedAt !== null;
    const set: PgUpdateSetSource<typeof posts> = { updatedAt: now };
    if (settings.changesTitles) {
      const current = published ? { title: post.title, subtitle: post.subtitle } : await latestRevision(tx, post);
      const titles = resolveTitles(input, current);
      if (titles.title !== current.title || titles.subtitle !== current.subtitle) {
        const latest = await latestRevision(tx, post);
        const upToDate = post.publishedRev === post.latestRev;
        const rev = await appendRevision(tx, post, { ...latest, ...titles }, now);
        set.latestRev = rev;
        if (published) {
          Object.assign(set, titles, derivedColumns(titles.title, titles.subtitle, await rowParagraphs(tx, post)));
          if (upToDate) {
            set.publishedRev = rev;
            await tx.update(postRevisions).set({ publishedAt: post.latestPublishedAt ?? now }).where(and(eq(postRevisions.postId, post.id), eq(postRevisions.rev, rev)));
          }
        }
      }
    }
    // The preview image is one of the images readers see (a draft: of its current text).
    set.previewImage = previewImageOf(await rowParagraphs(tx, post), settings.previewImageId);
    if (published) await emitDomainEvent(tx, { type: 'post.changed', payload: { postId: post.id } });
    return { kind: 'published', post: await writeSettings(tx, post, settings, set) };
  }).finally(notifyEventDispatchers);
}
