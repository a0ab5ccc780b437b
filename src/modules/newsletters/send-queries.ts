import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { afterCursor, formatKeysetCursor, microsOf, type KeysetCursor } from '../posts/pins-cursor.js';
import { roleIn } from '../publications/queries.js';
import type { NewsletterRow } from './model.js';
import { newsletterSends } from './send-tables.js';

export type NewsletterSendRow = typeof newsletterSends.$inferSelect;

/** Who sees a newsletter's sends and their totals: its writer, or the publication's owner and editors. */
export async function canSeeSends(db: Db, n: NewsletterRow, viewerId: string | null | undefined): Promise<boolean> {
  if (!viewerId) return false;
  if (n.type === 'USER') return n.userId === viewerId;
  const role = n.collectionId ? await roleIn(db, n.collectionId, viewerId) : null;
  return role === 'OWNER' || role === 'EDITOR';
}

/** The send of a story to its writer's newsletter (the one the writer's settings page shows). */
export async function writerSendOfPost(db: Db, postId: string, writerId: string): Promise<NewsletterSendRow | null> {
  const { rows } = await db.execute<{ id: string }>(sql`
    select s.id from newsletter_sends s join newsletters n on n.id = s.newsletter_id
    where s.post_id = ${postId} and n.type = 'USER' and n.user_id = ${writerId}`);
  if (!rows[0]) return null;
  const [row] = await db.select().from(newsletterSends).where(eq(newsletterSends.id, rows[0].id));
  return row ?? null;
}

/** A newsletter's sends, newest first, a page after the cursor. */
export async function sendsPage(db: Db, newsletterId: string, limit: number, after: KeysetCursor | null): Promise<{ items: NewsletterSendRow[]; next: string | null }> {
  const rows = await db
    .select({ row: newsletterSends, micros: microsOf(newsletterSends.createdAt) })
    .from(newsletterSends)
    .where(and(eq(newsletterSends.newsletterId, newsletterId), after ? afterCursor(newsletterSends.createdAt, newsletterSends.id, after) : undefined))
    .orderBy(desc(newsletterSends.createdAt), desc(newsletterSends.id))
    .limit(limit + 1);
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items: items.map((r) => r.row), next: rows.length > limit && last ? formatKeysetCursor(last.micros, last.row.id) : null };
}
