import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { newId } from '../../platform/ids.js';
import { RESERVED_PUBLICATION_SEGMENTS } from '../../shared/routing/tables.js';
import { slugify } from '../../shared/slug.js';
import { audit, lockWithRole, publicationTransaction, PublicationRefusal, rowsOf, type PublicationOutcome } from './commands.js';

export const FEATURE_PAGE_LIMITS = { title: 100, description: 280, tags: 5, slugMax: 60 } as const;

export const FEATURE_PAGE_MESSAGES = {
  notFound: 'Feature page not found.',
  title: `A feature page needs a title of 1 to ${FEATURE_PAGE_LIMITS.title} characters.`,
  slug: 'The feature page URL must be lowercase letters, digits or single hyphens, and not one of the publication’s own pages.',
  slugTaken: 'That feature page URL is taken in this publication.',
  description: `A feature page description is at most ${FEATURE_PAGE_LIMITS.description} characters.`,
  tags: `A feature page has 1 to ${FEATURE_PAGE_LIMITS.tags} tags.`,
} as const;

export interface FeaturePageRow {
  id: string;
  publicationId: string;
  slug: string;
  title: string;
  description: string;
  tags: string[];
  position: number;
}

const COLUMNS = sql.raw(`id, publication_id as "publicationId", slug, title, description, tags, position`);

/** A publication's feature pages in the editors' order. */
export async function featurePagesOf(db: Pick<Db, 'execute'>, publicationId: string): Promise<FeaturePageRow[]> {
  return rowsOf<FeaturePageRow>(db, sql`select ${COLUMNS} from publication_feature_pages where publication_id = ${publicationId} order by position, created_at, id`);
}

export async function featurePageBySlug(db: Pick<Db, 'execute'>, publicationId: string, slug: string): Promise<FeaturePageRow | null> {
  const [row] = await rowsOf<FeaturePageRow>(db, sql`select ${COLUMNS} from publication_feature_pages where publication_id = ${publicationId} and slug = ${slug.toLowerCase()}`);
  return row ?? null;
}

export interface FeaturePageInput {
  slug?: string | null;
  title: string;
  description?: string | null;
  tags: readonly string[];
}

/** The input cleaned (slug from the title when not given, tags as slugs), or the first problem with it. */
export function cleanFeaturePage(input: FeaturePageInput): { value: { slug: string; title: string; description: string; tags: string[] } } | { problem: string } {
  const title = input.title.trim();
  if (title.length < 1 || title.length > FEATURE_PAGE_LIMITS.title) return { problem: FEATURE_PAGE_MESSAGES.title };
  const description = (input.description ?? '').trim();
  if (description.length > FEATURE_PAGE_LIMITS.description) return { problem: FEATURE_PAGE_MESSAGES.description };
  const slug = (input.slug?.trim() ? input.slug.trim().toLowerCase() : slugify(title)).slice(0, FEATURE_PAGE_LIMITS.slugMax);
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug) || RESERVED_PUBLICATION_SEGMENTS.has(slug) || slug === 'c' || /^[0-9a-f]{12}$/.test(slug)) return { problem: FEATURE_PAGE_MESSAGES.slug };
  const tags = [...new Set(input.tags.map((t) => slugify(t)).filter(Boolean))];
  if (tags.length < 1 || tags.length > FEATURE_PAGE_LIMITS.tags) return { problem: FEATURE_PAGE_MESSAGES.tags };
  return { value: { slug, title, description, tags } };
}

const isUniqueViolation = (e: unknown) => (e as { code?: string }).code === '23505' || (e as { cause?: { code?: string } }).cause?.code === '23505';

/** Runs a feature-page change as an editor; a taken slug is a clear refusal, not an error. */
async function asEditor<T>(db: Db, publicationId: string, viewerId: string, work: Parameters<typeof publicationTransaction<T>>[1]): Promise<PublicationOutcome<T>> {
  try {
    return await publicationTransaction(db, async (tx) => {
      await lockWithRole(tx, publicationId, viewerId, 'EDITOR');
      return work(tx);
    });
  } catch (e) {
    if (isUniqueViolation(e)) return { kind: 'already-exists', message: FEATURE_PAGE_MESSAGES.slugTaken };
    throw e;
  }
}

/** /{slug}/settings/feature-pages/new: a new feature page, last in the order. */
export async function createFeaturePage(db: Db, viewerId: string, publicationId: string, input: FeaturePageInput): Promise<PublicationOutcome<FeaturePageRow>> {
  const clean = cleanFeaturePage(input);
  return asEditor(db, publicationId, viewerId, async (tx) => {
    if ('problem' in clean) return { kind: 'bad-request', message: clean.problem };
    const { slug, title, description, tags } = clean.value;
    const [made] = await rowsOf<FeaturePageRow>(
      tx,
      sql`insert into publication_feature_pages (id, publication_id, slug, title, description, tags, position)
        values (${newId()}, ${publicationId}, ${slug}, ${title}, ${description}, ${sql.param(tags)}::text[],
          (select coalesce(max(position) + 1, 0) from publication_feature_pages where publication_id = ${publicationId}))
        returning ${COLUMNS}`,
    );
    await audit(tx, publicationId, viewerId, 'featurePage.created', { slug });
    return { kind: 'ok', value: made! };
  });
}

/** /{slug}/settings/feature-pages/{topicSlug}/edit: title, description, tags, slug and position. */
export async function updateFeaturePage(db: Db, viewerId: string, publicationId: string, featurePageId: string, input: FeaturePageInput & { position?: number | null }): Promise<PublicationOutcome<FeaturePageRow>> {
  const clean = cleanFeaturePage(input);
  return asEditor(db, publicationId, viewerId, async (tx) => {
    if ('problem' in clean) return { kind: 'bad-request', message: clean.problem };
    const { slug, title, description, tags } = clean.value;
    const position = input.position != null && Number.isInteger(input.position) && input.position >= 0 ? input.position : null;
    const [row] = await rowsOf<FeaturePageRow>(
      tx,
      sql`update publication_feature_pages set slug = ${slug}, title = ${title}, description = ${description}, tags = ${sql.param(tags)}::text[],
          position = coalesce(${position}::int, position), updated_at = now()
        where id = ${featurePageId} and publication_id = ${publicationId} returning ${COLUMNS}`,
    );
    if (!row) throw new PublicationRefusal({ kind: 'not-found', message: FEATURE_PAGE_MESSAGES.notFound });
    await audit(tx, publicationId, viewerId, 'featurePage.updated', { slug });
    return { kind: 'ok', value: row };
  });
}

export async function deleteFeaturePage(db: Db, viewerId: string, publicationId: string, featurePageId: string): Promise<PublicationOutcome<{ id: string }>> {
  return asEditor(db, publicationId, viewerId, async (tx) => {
    const [row] = await rowsOf<{ slug: string }>(tx, sql`delete from publication_feature_pages where id = ${featurePageId} and publication_id = ${publicationId} returning slug`);
    if (!row) throw new PublicationRefusal({ kind: 'not-found', message: FEATURE_PAGE_MESSAGES.notFound });
    await audit(tx, publicationId, viewerId, 'featurePage.deleted', { slug: row.slug });
    return { kind: 'ok', value: { id: featurePageId } };
  });
}
