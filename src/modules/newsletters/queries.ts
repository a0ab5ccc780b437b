import DataLoader from 'dataloader';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { NEWSLETTER_COLUMNS, type NewsletterRow, type SubscriberState } from './model.js';

const cols = sql.raw(NEWSLETTER_COLUMNS);
type Reader = Pick<Db, 'execute'>;

export async function newsletterById(db: Reader, id: string): Promise<NewsletterRow | null> {
  const { rows } = await db.execute(sql`select ${cols} from newsletters where id = ${id}`);
  return (rows[0] as unknown as NewsletterRow | undefined) ?? null;
}

/** The writer's own newsletter, if it has been made (ensureWriterNewsletter makes it). */
export async function writerNewsletter(db: Reader, userId: string): Promise<NewsletterRow | null> {
  const { rows } = await db.execute(sql`select ${cols} from newsletters where type = 'USER' and user_id = ${userId}`);
  return (rows[0] as unknown as NewsletterRow | undefined) ?? null;
}

/** A publication's newsletters, oldest first (the first is the one its pages promote). */
export async function publicationNewsletters(db: Reader, collectionId: string): Promise<NewsletterRow[]> {
  const { rows } = await db.execute(sql`select ${cols} from newsletters where collection_id = ${collectionId} order by created_at, id`);
  return rows as unknown as NewsletterRow[];
}

export async function publicationNewsletterBySlug(db: Reader, collectionId: string, slug: string): Promise<NewsletterRow | null> {
  const { rows } = await db.execute(sql`select ${cols} from newsletters where collection_id = ${collectionId} and slug = ${slug.toLowerCase()}`);
  return (rows[0] as unknown as NewsletterRow | undefined) ?? null;
}

/** Writers' newsletters by writer id, batched (a page of profiles or story cards: one statement). */
export function createWriterNewsletterLoader(db: Db): DataLoader<string, NewsletterRow | null> {
  return new DataLoader(async (userIds) => {
    const { rows } = await db.execute(sql`select ${cols} from newsletters where type = 'USER' and user_id = any(${sql.param(userIds)}::text[])`);
    const byUser = new Map((rows as unknown as NewsletterRow[]).map((r) => [r.userId, r]));
    return userIds.map((id) => byUser.get(id) ?? null);
  });
}

/** The first newsletter of each publication, batched. */
export function createPublicationNewsletterLoader(db: Db): DataLoader<string, NewsletterRow | null> {
  return new DataLoader(async (collectionIds) => {
    const { rows } = await db.execute(
      sql`select distinct on (collection_id) ${cols} from newsletters where collection_id = any(${sql.param(collectionIds)}::text[]) order by collection_id, created_at, id`,
    );
    const byCollection = new Map((rows as unknown as NewsletterRow[]).map((r) => [r.collectionId!, r]));
    return collectionIds.map((id) => byCollection.get(id) ?? null);
  });
}

/** The viewer's subscription state for newsletters, batched per request: key `${newsletterId}`. */
export function createViewerSubscriptionLoader(db: Db, viewerId: string): DataLoader<string, SubscriberState | null> {
  return new DataLoader(async (newsletterIds) => {
    const { rows } = await db.execute<{ newsletter_id: string; state: SubscriberState }>(
      sql`select newsletter_id, state from newsletter_subscribers where user_id = ${viewerId} and newsletter_id = any(${sql.param(newsletterIds)}::text[])`,
    );
    const byId = new Map(rows.map((r) => [r.newsletter_id, r.state]));
    return newsletterIds.map((id) => byId.get(id) ?? null);
  });
}
