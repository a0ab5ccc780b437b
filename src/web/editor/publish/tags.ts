/**
 * The publish dialog's tag chips: the rules the server applies (src/modules/posts/story-tags.ts),
 * checked as the writer types so a chip that would be refused never appears.
 */
import { slugify } from '../../../shared/slug.js';
import { STORY_LIMITS } from '../../../shared/story-limits.js';

export const TAG_MESSAGES = {
  tooMany: `You can add up to ${STORY_LIMITS.tagsMax} tags.`,
  tooLong: `A tag can be up to ${STORY_LIMITS.tagMaxLength} characters.`,
  noLetters: 'A tag needs at least one letter or digit.',
  duplicate: 'That tag is already added.',
} as const;

/** A tag as typed, with its spaces tidied (what the tag page shows as its title). */
export const tidyTag = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The tags to send when the writer saves: the chips, plus the text still in the field
 * (typed but not yet turned into a chip), or why that text cannot be a tag.
 */
export function tagsWithDraft(tags: readonly string[], draft: string): { tags: string[]; error: string | null } {
  return draft.trim() ? addTag(tags, draft) : { tags: [...tags], error: null };
}

/**
 * `tags` with `input` added, or why not. Empty input changes nothing and says nothing
 * (Enter on an empty field); a tag with the slug of one already there is refused.
 */
export function addTag(tags: readonly string[], input: string): { tags: string[]; error: string | null } {
  const tag = tidyTag(input);
  if (!tag) return { tags: [...tags], error: null };
  if (tags.length >= STORY_LIMITS.tagsMax) return { tags: [...tags], error: TAG_MESSAGES.tooMany };
  if (tag.length > STORY_LIMITS.tagMaxLength) return { tags: [...tags], error: TAG_MESSAGES.tooLong };
  const slug = slugify(tag);
  if (!slug) return { tags: [...tags], error: TAG_MESSAGES.noLetters };
  if (tags.some((t) => slugify(t) === slug)) return { tags: [...tags], error: TAG_MESSAGES.duplicate };
  return { tags: [...tags, tag], error: null };
}
