/**
 * A story as the writing pages load it (postForEditing) and the settings the publish
 * dialog and the settings page edit (PublishPostInput).
 */
import { DEFAULT_LICENSE, isLicenseType, type LicenseType } from '../../shared/licenses.js';
import type { ImageMetadata, Paragraph } from '../../shared/paragraphs.js';
import { fromParagraphResult } from './server-calls.js';

export interface EditablePost {
  id: string;
  title: string;
  subtitle: string;
  paragraphs: Paragraph[];
  latestRev: number;
  publishedRev: number | null;
  isPublished: boolean;
  visibility: string;
  isLocked: boolean;
  allowResponses: boolean;
  license: string;
  tags: { displayTitle: string; normalizedTagSlug: string }[];
  previewImage: { id: string } | null;
  uniqueSlug: string;
  mediumUrl: string;
  inResponseToPostId: string | null;
  hasUnpublishedEdits: boolean;
}

/** The query's answer in the model's shape (paragraphs without the cache's typenames). */
export function editablePostFromResult(raw: Record<string, unknown>): EditablePost {
  const post = raw as unknown as EditablePost;
  return { ...post, paragraphs: ((raw.paragraphs as Record<string, unknown>[] | undefined) ?? []).map(fromParagraphResult) };
}

export type Audience = 'PUBLIC' | 'UNLISTED' | 'MEMBER_ONLY';

export interface StorySettings {
  tags: string[];
  /** Public, unlisted (link only), or member-only (isLocked). */
  audience: Audience;
  allowResponses: boolean;
  license: LicenseType;
  previewImageId: string | null;
}

export function settingsOf(post: EditablePost | null): StorySettings {
  return {
    tags: post?.tags.map((t) => t.displayTitle) ?? [],
    audience: post?.isLocked ? 'MEMBER_ONLY' : post?.visibility === 'UNLISTED' ? 'UNLISTED' : 'PUBLIC',
    allowResponses: post?.allowResponses ?? true,
    license: post && isLicenseType(post.license) ? post.license : DEFAULT_LICENSE,
    previewImageId: post?.previewImage?.id ?? null,
  };
}

/**
 * PublishPostInput. Member-only keeps an unlisted story unlisted (the server allows both);
 * chosen here it means public and member-only.
 */
export function publishInput(s: StorySettings, post: EditablePost | null, preview: { title?: string; subtitle?: string } = {}) {
  const wasUnlistedLocked = post?.isLocked && post.visibility === 'UNLISTED';
  return {
    tags: s.tags,
    visibility: s.audience === 'UNLISTED' || (s.audience === 'MEMBER_ONLY' && wasUnlistedLocked) ? 'UNLISTED' : 'PUBLIC',
    isLocked: s.audience === 'MEMBER_ONLY',
    allowResponses: s.allowResponses,
    license: s.license,
    // Sent only when the dialog changed them: they become the story's title and subtitle.
    ...(preview.title !== undefined ? { previewTitle: preview.title } : {}),
    ...(preview.subtitle !== undefined ? { previewSubtitle: preview.subtitle } : {}),
    previewImageId: s.previewImageId,
  };
}

/** The images of a story, for the preview image picker. */
export const storyImages = (paragraphs: readonly Paragraph[]): ImageMetadata[] =>
  paragraphs.filter((p) => p.type === 'IMG' && p.metadata?.id).map((p) => p.metadata!);

/** A story URL's path: the site answers it on this origin whatever host the URL names. */
export function storyPath(mediumUrl: string): string {
  try {
    return new URL(mediumUrl).pathname;
  } catch {
    return mediumUrl.startsWith('/') ? mediumUrl : '/';
  }
}
