import type { Db } from '../../platform/db/client.js';
import { newId } from '../../platform/ids.js';
import type { ImageMetadata, Paragraph } from '../../shared/paragraphs.js';
import { readingTimeMinutes } from '../../shared/reading-time.js';
import { slugify } from '../../shared/slug.js';
import { posts } from './tables.js';

export interface NewPublishedPost {
  creatorId: string;
  title: string;
  subtitle: string;
  paragraphs: Paragraph[];
  tags: string[];
  isLocked?: boolean;
  publishedAt: Date;
}

/**
 * Inserts an already-written, published story (demo content, imports). The editor and
 * the publish flow with drafts and revisions belong to the stories issue.
 */
export async function insertPublishedPost(db: Pick<Db, 'insert'>, input: NewPublishedPost): Promise<string> {
  const id = newId();
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
    tags: input.tags.map(slugify),
    readingTime: readingTimeMinutes(input.paragraphs, input.title, input.subtitle),
    firstPublishedAt: input.publishedAt,
    latestPublishedAt: input.publishedAt,
    createdAt: input.publishedAt,
    updatedAt: input.publishedAt,
  });
  return id;
}
