import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { emitDomainEvent, notifyEventDispatchers } from '../../platform/events/outbox.js';
import { isOwnUpload } from '../media/queries.js';
import { ADMIN_LIMITS, ADMIN_MESSAGES, checkNavigationItems, emptyToNull, isSubmissionPolicy, socialProblem } from './admin-model.js';
import { audit, lockWithRole, publicationTextProblem, publicationTransaction, PublicationRefusal, rowsOf, type PublicationOutcome } from './commands.js';
import { PUBLICATION_COLUMNS, PUBLICATION_MESSAGES, type PublicationNavigationItem, type PublicationRow, slugProblem } from './model.js';

const cols = sql.raw(PUBLICATION_COLUMNS);
const bad = (message: string): never => {
  throw new PublicationRefusal({ kind: 'bad-request', message });
};
const isUniqueViolation = (e: unknown) => (e as { code?: string }).code === '23505' || (e as { cause?: { code?: string } }).cause?.code === '23505';

/** The general and about tabs of /{slug}/settings; a field left out keeps its value. */
export interface PublicationSettingsInput {
  name?: string | null;
  slug?: string | null;
  description?: string | null;
  tags?: readonly string[] | null;
  avatarImageId?: string | null;
  logoImageId?: string | null;
  faviconImageId?: string | null;
  twitterUsername?: string | null;
  facebookPageId?: string | null;
  googleAnalyticsId?: string | null;
  submissionPolicy?: string | null;
  about?: string | null;
}

const IMAGE_FIELDS = ['avatarImageId', 'logoImageId', 'faviconImageId'] as const;

/**
 * Editors change the publication's settings. A new slug follows the creation rules; the old
 * one is released at once (no redirect: another publication may take it, and a redirect would
 * then point two ways).
 */
export async function updatePublicationSettings(db: Db, viewerId: string, publicationId: string, input: PublicationSettingsInput): Promise<PublicationOutcome> {
  try {
    return await publicationTransaction(db, async (tx) => {
      const { publication: p } = await lockWithRole(tx, publicationId, viewerId, 'EDITOR');
      const next = {
        name: input.name ?? p.name,
        slug: (input.slug ?? p.slug).trim().toLowerCase(),
        description: input.description ?? p.description,
        tags: input.tags ?? p.tags,
      };
      const problem =
        publicationTextProblem(next) ??
        (next.slug !== p.slug ? slugProblem(next.slug) : null) ??
        socialProblem(input) ??
        (input.submissionPolicy != null && !isSubmissionPolicy(input.submissionPolicy) ? ADMIN_MESSAGES.submissionPolicy : null) ??
        ((input.about ?? '').length > ADMIN_LIMITS.about ? ADMIN_MESSAGES.about : null);
      if (problem) bad(problem);
      for (const field of IMAGE_FIELDS) {
        const id = input[field];
        // A publication's images are the uploads of the editor who sets them; the current one may stay.
        if (id && id !== p[field] && !(await isOwnUpload(tx as unknown as Db, id, viewerId))) bad(PUBLICATION_MESSAGES.image);
      }
      const pick = <K extends keyof PublicationRow>(k: K, v: PublicationRow[K] | undefined) => (v === undefined ? p[k] : v);
      const [updated] = await rowsOf<PublicationRow>(
        tx,
        sql`update publications set name = ${next.name.trim()}, slug = ${next.slug}, description = ${next.description.trim()},
          tags = ${sql.param([...new Set(next.tags.map((t) => t.trim()))])}::text[],
          avatar_image_id = ${pick('avatarImageId', input.avatarImageId)}, logo_image_id = ${pick('logoImageId', input.logoImageId)},
          favicon_image_id = ${pick('faviconImageId', input.faviconImageId)},
          twitter_username = ${input.twitterUsername === undefined ? p.twitterUsername : emptyToNull(input.twitterUsername)},
          facebook_page_id = ${input.facebookPageId === undefined ? p.facebookPageId : emptyToNull(input.facebookPageId)},
          google_analytics_id = ${input.googleAnalyticsId === undefined ? p.googleAnalyticsId : emptyToNull(input.googleAnalyticsId)},
          submission_policy = ${input.submissionPolicy ?? p.submissionPolicy}, updated_at = now()
          where id = ${publicationId} returning ${cols}`,
      );
      if (input.about != null) {
        await tx.execute(sql`insert into publication_about (publication_id, about) values (${publicationId}, ${input.about.trim()})
          on conflict (publication_id) do update set about = excluded.about, updated_at = now()`);
      }
      const changed = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined && v !== null).map(([k]) => [k, true]));
      await audit(tx, publicationId, viewerId, 'settings.updated', { fields: Object.keys(changed), ...(next.slug !== p.slug ? { fromSlug: p.slug, toSlug: next.slug } : {}) });
      await emitDomainEvent(tx, { type: 'publication.changed', payload: { publicationId } });
      return { kind: 'ok', value: updated! };
    });
  } catch (e) {
    if (isUniqueViolation(e)) return { kind: 'already-exists', message: PUBLICATION_MESSAGES.slugTaken };
    throw e;
  } finally {
    notifyEventDispatchers();
  }
}

/** /settings/navigation: the masthead's items, in the given order (≤ 8; URLs http or https). */
export async function setNavigationItems(db: Db, viewerId: string, publicationId: string, items: readonly PublicationNavigationItem[]): Promise<PublicationOutcome> {
  const outcome = await publicationTransaction(db, async (tx) => {
    await lockWithRole(tx, publicationId, viewerId, 'EDITOR');
    const checked = checkNavigationItems(items);
    if ('problem' in checked) return bad(checked.problem);
    const [updated] = await rowsOf<PublicationRow>(tx, sql`update publications set navigation_items = ${JSON.stringify(checked.items)}::jsonb, updated_at = now() where id = ${publicationId} returning ${cols}`);
    await audit(tx, publicationId, viewerId, 'navigation.updated', { count: checked.items.length });
    await emitDomainEvent(tx, { type: 'publication.changed', payload: { publicationId } });
    return { kind: 'ok' as const, value: updated! };
  });
  notifyEventDispatchers();
  return outcome;
}
