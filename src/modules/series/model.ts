import { slugify } from '../../shared/slug.js';
import { postIdFromSlug } from '../../shared/routing/post-id.js';

/** Limits of a series (spec §2.1 sequence-editor). */
export const SERIES_LIMITS = { title: 100, description: 280, parts: 100 } as const;

export const SERIES_MESSAGES = {
  notFound: 'Series not found.',
  notOwner: 'Only the writer of this series can change it.',
  signIn: 'Sign in to make and follow series.',
  title: `A series needs a title of 1 to ${SERIES_LIMITS.title} characters.`,
  description: `A series description is at most ${SERIES_LIMITS.description} characters.`,
  cover: 'That cover image is not one of your uploads.',
  tooMany: `A series has at most ${SERIES_LIMITS.parts} parts.`,
  duplicate: 'A story appears only once in a series.',
  notEligible: 'Only your own published stories can be parts of your series.',
  inOtherSeries: 'That story is already part of another series.',
  publishEmpty: 'Add a story before publishing the series.',
  followOwn: 'You cannot follow your own series.',
} as const;

/** The drafts / public filter of /me/series/{filterBy} (spec §2.3 your-series). */
export const SERIES_FILTERS = ['drafts', 'public'] as const;
export type SeriesFilter = (typeof SERIES_FILTERS)[number];
export const isSeriesFilter = (f: unknown): f is SeriesFilter => (SERIES_FILTERS as readonly unknown[]).includes(f);

export interface SequenceRow {
  id: string;
  userId: string;
  title: string;
  description: string;
  coverImageId: string | null;
  publishedAt: Date | string | null;
  itemsCount: number;
  followersCount: number;
  createdAt: Date | string;
  updatedAt: Date | string;
}

export const SEQUENCE_COLUMNS = `id, user_id as "userId", title, description, cover_image_id as "coverImageId", published_at as "publishedAt",
  items_count as "itemsCount", followers_count as "followersCount", created_at as "createdAt", updated_at as "updatedAt"`;

/** '/s/{slug}': the title's slug plus the id ('my-trip-1a2b3c4d5e6f'); the bare id when the title has no letters. */
export function sequenceSlug(s: Pick<SequenceRow, 'id' | 'title'>): string {
  const slug = slugify(s.title);
  return slug ? `${slug}-${s.id}` : s.id;
}

/** The id in a slug or a bare id (spec '/s/{id}'): the last hex segment, like a story's. */
export const sequenceIdFromSlug = (slugOrId: string): string | null => postIdFromSlug(slugOrId);

/** Drafts are their writer's alone; a published series is for everyone. */
export const canSeeSequence = (s: Pick<SequenceRow, 'userId' | 'publishedAt'>, viewerId: string | null): boolean => s.publishedAt !== null || s.userId === viewerId;

export interface SequenceInput {
  title: string;
  description?: string | null;
  coverImageId?: string | null;
  /** The parts in reading order; the whole list (added, moved and removed stories at once). */
  postIds: readonly string[];
}

/** The first problem with an editor's input, or null. */
export function invalidSequenceInput(input: SequenceInput): string | null {
  const title = input.title.trim();
  if (title.length < 1 || [...title].length > SERIES_LIMITS.title) return SERIES_MESSAGES.title;
  if (input.description != null && [...input.description].length > SERIES_LIMITS.description) return SERIES_MESSAGES.description;
  if (input.coverImageId != null && !/^[A-Za-z0-9_-]{1,64}$/.test(input.coverImageId)) return SERIES_MESSAGES.cover;
  if (input.postIds.length > SERIES_LIMITS.parts) return SERIES_MESSAGES.tooMany;
  if (new Set(input.postIds).size !== input.postIds.length) return SERIES_MESSAGES.duplicate;
  return null;
}
