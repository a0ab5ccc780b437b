import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { NEWSLETTER_COLUMNS, type NewsletterRow } from './model.js';

type Reader = Pick<Db, 'execute'>;

/**
 * A reader's subscriber rows (alias `s`): as a signed-in reader, and by the address of their
 * account (the email form or an import, confirmed from the same inbox). Their email settings
 * list and unsubscribe both.
 */
export const readerSubscriberRows = (userId: string): SQL =>
  sql`(s.user_id = ${userId} or (s.user_id is null and s.email = (select lower(u.email) from users u where u.id = ${userId})))`;

/** The newsletters a reader gets (ACTIVE) or is confirming (PENDING): writers' first, then by name. */
export async function readerNewsletters(db: Reader, userId: string): Promise<NewsletterRow[]> {
  const { rows } = await db.execute(sql`
    select ${sql.raw(NEWSLETTER_COLUMNS)} from newsletters
    where id in (select s.newsletter_id from newsletter_subscribers s where s.state <> 'UNSUBSCRIBED' and ${readerSubscriberRows(userId)})
    order by type desc, lower(name), id`);
  return rows as unknown as NewsletterRow[];
}

/** Spec §3 User.allowEmailAddressSharingEditorWriter: true unless the reader turned it off. */
export async function allowsEmailSharing(db: Reader, userId: string): Promise<boolean> {
  const { rows } = await db.execute<{ allow: boolean }>(sql`select allow_email_sharing as allow from reader_email_preferences where user_id = ${userId}`);
  return rows[0]?.allow ?? true;
}

/**
 * For writers' and publications' subscriber lists and exports: true when the subscriber row
 * (alias given, e.g. 's') may show its address to the newsletter's owner: the subscriber agreed
 * (share_email) and, as a reader with an account, has not turned allowEmailAddressSharingEditorWriter off.
 */
export const sharesEmailWithWriters = (alias: string): SQL => {
  const s = sql.raw(alias);
  return sql`(${s}.share_email and not exists (select 1 from reader_email_preferences p where p.user_id = ${s}.user_id and not p.allow_email_sharing))`;
};
