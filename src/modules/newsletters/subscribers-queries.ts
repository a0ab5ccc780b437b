import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { sharesEmailWithWriters } from './email-settings-queries.js';

/** One ACTIVE subscriber as the writer sees them: the address only when the subscriber agreed to share it (spec §5) and has not turned sharing off since (allowEmailAddressSharingEditorWriter). */
export interface SubscriberListItem {
  id: string;
  /** Null when the subscriber did not agree to share their address. */
  email: string | null;
  name: string | null;
  username: string | null;
  source: string;
  subscribedAt: Date;
}

/**
 * A newsletter's ACTIVE subscribers, newest first, `limit` after the cursor `before` (an id
 * of the previous page's last row, with its time): accounts' addresses are read from the account.
 */
export async function activeSubscribers(db: Pick<Db, 'execute'>, newsletterId: string, page: { limit: number; before?: { at: Date; id: string } | null }): Promise<SubscriberListItem[]> {
  const after = page.before ? sql`and (coalesce(s.confirmed_at, s.created_at), s.id) < (${page.before.at.toISOString()}::timestamptz, ${page.before.id})` : sql``;
  const { rows } = await db.execute<{ id: string; email: string | null; name: string | null; username: string | null; source: string; subscribed_at: Date | string }>(sql`
    select s.id, case when ${sharesEmailWithWriters('s')} then coalesce(u.email, s.email) end as email, u.name, u.username, s.source,
      coalesce(s.confirmed_at, s.created_at) as subscribed_at
    from newsletter_subscribers s left join users u on u.id = s.user_id
    where s.newsletter_id = ${newsletterId} and s.state = 'ACTIVE' ${after}
    order by coalesce(s.confirmed_at, s.created_at) desc, s.id desc
    limit ${page.limit}`);
  return rows.map((r) => ({ id: r.id, email: r.email, name: r.name, username: r.username, source: r.source, subscribedAt: new Date(r.subscribed_at) }));
}
