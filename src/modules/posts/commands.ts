import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { newId } from '../../platform/ids.js';
import type { ImageMetadata, Paragraph } from '../../shared/paragraphs.js';
import { readingTimeMinutes } from '../../shared/reading-time.js';
import { slugify } from '../../shared/slug.js';
import { postRevisions, posts, tags } from './tables.js';

export interface NewPublishedPost {
  creatorId: string;
  title: string;
  subtitle: string;
  paragraphs: Paragraph[];
  tags: string[];
  isLocked?: boolean;
  publishedAt: Date;
  /** Made anew when not given; a fixed one lets a test place the story at an edge of the id order. */
  id?: string;
}

/**
 * Inserts an already-written, published story (demo content, benchmarks) as its first
 * revision, published, with its tags counted.
 */
export async function insertPublishedPost(db: Pick<Db, 'insert'>, input: NewPublishedPost): Promise<string> {
  const tagSlugs = [...new Set(input.tags.map(slugify))];
  const id = input.id ?? newId();
  const firstImage = input.paragraphs.find((p) => p.type === 'IMG')?.metadata ?? null;
  await db.insert(posts).values({
    id,
    creatorId: input.creatorId,
    title: input.title,
    subtitle: input.subtitle,
    slug: slugify(input.title),
    visibility: 'PUBLIC',
    isLocked: input.isLocked ?? false,
    paragraphs: input.paragraphs,
    previewImage: firstImage as ImageMetadata | null,
    tags: tagSlugs,
    latestRev: 1,
    publishedRev: 1,
    readingTime: readingTimeMinutes(input.paragraphs, input.title, input.subtitle),
    firstPublishedAt: input.publishedAt,
    latestPublishedAt: input.publishedAt,
    createdAt: input.publishedAt,
    updatedAt: input.publishedAt,
  });
  await db.insert(postRevisions).values({ postId: id, rev: 1, title: input.title, subtitle: input.subtitle, paragraphs: input.paragraphs, publishedAt: input.publishedAt, createdAt: input.publishedAt });
  if (tagSlugs.length > 0) {
    await db
      .insert(tags)
      .values(tagSlugs.map((slug) => ({ slug, displayTitle: input.tags.find((t) => slugify(t) === slug) ?? slug, postCount: 1 })))
      .onConflictDoUpdate({ target: tags.slug, set: { postCount: sql`${tags.postCount} + 1` } });
  }
  return id;
}
