import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';

/**
 * Spec §3 User.isEligibleToImportEmails: who may import a mailing list. Importing puts
 * addresses on a list that gets bulk mail, so an account made only to send spam must not:
 * - staff always may;
 * - a suspended account never;
 * - otherwise the account needs a verified email address (the welcome mail's reply-to and the
 *   person answerable for the attestation) and at least one published story (a writer with
 *   something to send: throwaway accounts have none). Responses do not count.
 */
export interface ImportEligibilityFacts {
  isStaff: boolean;
  isSuspended: boolean;
  hasVerifiedEmail: boolean;
  publishedStories: number;
}

export function isEligibleToImportEmails(f: ImportEligibilityFacts): boolean {
  if (f.isStaff) return true;
  if (f.isSuspended) return false;
  return f.hasVerifiedEmail && f.publishedStories > 0;
}

/** What the page says to a writer who may not import yet. */
export const IMPORT_ELIGIBILITY_MESSAGE =
  'You can import a mailing list once your account has a verified email address and you have published at least one story.';

/** The facts of one account, in one statement; null when there is no such account. */
export async function importEligibilityFacts(db: Pick<Db, 'execute'>, userId: string): Promise<ImportEligibilityFacts | null> {
  const { rows } = await db.execute<{ is_staff: boolean; is_suspended: boolean; email: string | null; published: boolean }>(sql`
    select u.is_staff, u.is_suspended, u.email,
      exists (select 1 from posts p where p.creator_id = u.id and p.first_published_at is not null and p.deleted_at is null
        and p.in_response_to_post_id is null and p.in_response_to_catalog_id is null) as published
    from users u where u.id = ${userId}`);
  const r = rows[0];
  if (!r) return null;
  return { isStaff: r.is_staff, isSuspended: r.is_suspended, hasVerifiedEmail: !!r.email, publishedStories: r.published ? 1 : 0 };
}

export async function userIsEligibleToImportEmails(db: Pick<Db, 'execute'>, userId: string): Promise<boolean> {
  const facts = await importEligibilityFacts(db, userId);
  return !!facts && isEligibleToImportEmails(facts);
}
