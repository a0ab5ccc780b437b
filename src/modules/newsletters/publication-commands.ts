import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { newId } from '../../platform/ids.js';
import { slugify } from '../../shared/slug.js';
import { audit, lockWithRole, publicationTransaction, PublicationRefusal, rowsOf, type PublicationOutcome } from '../publications/commands.js';
import { PUBLICATION_LIMITS } from '../publications/model.js';
import { NEWSLETTER_COLUMNS, NEWSLETTER_MESSAGES, type NewsletterRow } from './model.js';

const cols = sql.raw(NEWSLETTER_COLUMNS);

export const PUBLICATION_NEWSLETTER_LIMITS = { name: 60, description: 280, slugMin: PUBLICATION_LIMITS.slugMin, slugMax: PUBLICATION_LIMITS.slugMax } as const;

export const PUBLICATION_NEWSLETTER_MESSAGES = {
  signIn: 'Sign in to manage newsletters.',
  name: `A newsletter needs a name of 1 to ${PUBLICATION_NEWSLETTER_LIMITS.name} characters.`,
  description: `A newsletter description is at most ${PUBLICATION_NEWSLETTER_LIMITS.description} characters.`,
  slug: `The newsletter URL must be ${PUBLICATION_NEWSLETTER_LIMITS.slugMin} to ${PUBLICATION_NEWSLETTER_LIMITS.slugMax} lowercase letters, digits or single hyphens.`,
  slugTaken: 'That newsletter URL is taken in this publication. Please choose another.',
  notYours: 'Only its writer can change this newsletter.',
} as const;

export interface NewsletterInput {
  name: string;
  /** Made from the name when empty. */
  slug?: string | null;
  description?: string | null;
  showPromo?: boolean | null;
}

interface CleanNewsletter {
  name: string;
  slug: string;
  description: string;
  showPromo: boolean | null;
}

/**
 * The input trimmed, or its first problem. The slug follows the publication slug rules (spec §5:
 * lowercase letters and digits joined by single hyphens, 3-40); it only has to be unique within
 * its publication, so the site's reserved first segments do not apply.
 */
export function cleanNewsletterInput(input: NewsletterInput): { value: CleanNewsletter } | { problem: string } {
  const name = (input.name ?? '').trim();
  if (name.length < 1 || name.length > PUBLICATION_NEWSLETTER_LIMITS.name) return { problem: PUBLICATION_NEWSLETTER_MESSAGES.name };
  const description = (input.description ?? '').trim();
  if (description.length > PUBLICATION_NEWSLETTER_LIMITS.description) return { problem: PUBLICATION_NEWSLETTER_MESSAGES.description };
  const slug = input.slug?.trim() ? input.slug.trim().toLowerCase() : slugify(name).slice(0, PUBLICATION_NEWSLETTER_LIMITS.slugMax).replace(/-+$/, '');
  if (slug.length < PUBLICATION_NEWSLETTER_LIMITS.slugMin || slug.length > PUBLICATION_NEWSLETTER_LIMITS.slugMax || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) {
    return { problem: PUBLICATION_NEWSLETTER_MESSAGES.slug };
  }
  return { value: { name, slug, description, showPromo: input.showPromo ?? null } };
}

const isUniqueViolation = (e: unknown) => (e as { code?: string }).code === '23505' || (e as { cause?: { code?: string } }).cause?.code === '23505';

/** A taken slug (the unique index on publication and slug) is a clear refusal, and the transaction is rolled back. */
async function refusingTakenSlug<T>(work: () => Promise<PublicationOutcome<T>>): Promise<PublicationOutcome<T>> {
  try {
    return await work();
  } catch (e) {
    if (isUniqueViolation(e)) return { kind: 'already-exists', message: PUBLICATION_NEWSLETTER_MESSAGES.slugTaken };
    throw e;
  }
}

/** /{collectionSlug}/new-newsletter: the publication's editors and owner make a newsletter (type COLLECTION). */
export async function createPublicationNewsletter(db: Db, viewerId: string, publicationId: string, input: NewsletterInput): Promise<PublicationOutcome<NewsletterRow>> {
  const clean = cleanNewsletterInput(input);
  return refusingTakenSlug(() =>
    publicationTransaction(db, async (tx) => {
      await lockWithRole(tx, publicationId, viewerId, 'EDITOR');
      if ('problem' in clean) return { kind: 'bad-request', message: clean.problem };
      const { name, slug, description, showPromo } = clean.value;
      const [made] = await rowsOf<NewsletterRow>(
        tx,
        sql`insert into newsletters (id, type, user_id, collection_id, slug, name, description, show_promo)
          values (${newId()}, 'COLLECTION', ${viewerId}, ${publicationId}, ${slug}, ${name}, ${description}, ${showPromo ?? true})
          returning ${cols}`,
      );
      await audit(tx, publicationId, viewerId, 'newsletter.created', { slug });
      return { kind: 'ok', value: made! };
    }),
  );
}

/**
 * /{collectionSlug}/newsletters/{slug}/settings: name, slug, description, showPromo, by the
 * publication's editors. A writer's own newsletter (type USER) may be renamed and described by
 * that writer; its slug stays (it is for display only).
 */
export async function updateNewsletter(db: Db, viewerId: string, newsletterId: string, input: NewsletterInput): Promise<PublicationOutcome<NewsletterRow>> {
  const clean = cleanNewsletterInput(input);
  return refusingTakenSlug(() =>
    publicationTransaction(db, async (tx) => {
      const [current] = await rowsOf<NewsletterRow>(tx, sql`select ${cols} from newsletters where id = ${newsletterId}`);
      if (!current) return { kind: 'not-found', message: NEWSLETTER_MESSAGES.notFound };
      if (current.collectionId) await lockWithRole(tx, current.collectionId, viewerId, 'EDITOR');
      else if (current.userId !== viewerId) throw new PublicationRefusal({ kind: 'forbidden', message: PUBLICATION_NEWSLETTER_MESSAGES.notYours });
      if ('problem' in clean) return { kind: 'bad-request', message: clean.problem };
      const { name, description, showPromo } = clean.value;
      const slug = current.collectionId ? clean.value.slug : current.slug;
      const [row] = await rowsOf<NewsletterRow>(
        tx,
        sql`update newsletters set name = ${name}, slug = ${slug}, description = ${description},
            show_promo = coalesce(${showPromo}::boolean, show_promo), updated_at = now()
          where id = ${newsletterId} returning ${cols}`,
      );
      if (current.collectionId) await audit(tx, current.collectionId, viewerId, 'newsletter.updated', { slug, previousSlug: current.slug });
      return { kind: 'ok', value: row! };
    }),
  );
}
