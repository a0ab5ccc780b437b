import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { slugify } from '../../shared/slug.js';
import { STORY_LIMITS } from '../../shared/story-limits.js';
import { StoryInputError, checkText } from './paragraph-input.js';
import type { PostRow } from './queries.js';
import { tags } from './tables.js';
import { isListed } from './listed.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface StoryTag {
  slug: string;
  displayTitle: string;
}

/**
 * The tags of the publish dialog: at most 5 (after merging ones with the same slug), each
 * 1-25 characters whose spec §5 slug is not empty. The display title is the text as typed,
 * with its spaces tidied; the slug is what stories store and URLs use (/tag/{slug}).
 */
export function checkTags(input: readonly string[]): StoryTag[] {
  const out: StoryTag[] = [];
  for (const raw of input) {
    const displayTitle = checkText(raw, 'A tag', STORY_LIMITS.tagMaxLength * 4, { singleLine: true }).replace(/\s+/g, ' ').trim();
    if (displayTitle.length > STORY_LIMITS.tagMaxLength) throw new StoryInputError(`The tag '${displayTitle.slice(0, 40)}' is too long: at most ${STORY_LIMITS.tagMaxLength} characters.`);
    const slug = slugify(displayTitle);
    if (!slug) throw new StoryInputError(`The tag '${displayTitle}' needs at least one letter or digit.`);
    if (!out.some((t) => t.slug === slug)) out.push({ slug, displayTitle });
  }
  if (out.length > STORY_LIMITS.tagsMax) throw new StoryInputError(`A story can have up to ${STORY_LIMITS.tagsMax} tags.`);
  return out;
}

/**
 * Whether a story counts in its tags' postCount (tags.postCount: published, public, not in
 * the trash, and a story rather than a response).
 */
export function countsInTagCounts(post: Pick<PostRow, 'firstPublishedAt' | 'visibility' | 'deletedAt' | 'inResponseToPostId'>): boolean {
  return isListed(post);
}

/**
 * Creates the tags a story names for the first time (with the display title as typed) and
 * moves postCount from the tags the story counted in before to those it counts in now.
 * Runs in the caller's transaction, after the story row is locked, so counts stay exact.
 */
export async function updateTagRows(tx: Tx, named: readonly StoryTag[], countedBefore: readonly string[], countedAfter: readonly string[]): Promise<void> {
  if (named.length > 0) {
    await tx
      .insert(tags)
      .values(named.map((t) => ({ slug: t.slug, displayTitle: t.displayTitle })))
      .onConflictDoNothing({ target: tags.slug });
  }
  const before = new Set(countedBefore);
  const after = new Set(countedAfter);
  const removed = [...before].filter((s) => !after.has(s));
  const added = [...after].filter((s) => !before.has(s));
  if (added.length > 0) await tx.update(tags).set({ postCount: sql`${tags.postCount} + 1` }).where(inArray(tags.slug, added));
  if (removed.length > 0) await tx.update(tags).set({ postCount: sql`greatest(${tags.postCount} - 1, 0)` }).where(inArray(tags.slug, removed));
}
