import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';

/** One saved story of the viewer's lists, as `/me/lists/export.json` and `.csv` give it. */
export interface ExportedItem {
  list: string;
  title: string;
  url: string;
  author: string;
  note: string;
  addedAt: string;
}

interface Row {
  list: string;
  postId: string;
  slug: string;
  title: string | null;
  tombstoneTitle: string;
  username: string | null;
  author: string | null;
  readable: boolean;
  note: string | null;
  addedAt: Date;
}

/**
 * Every list of the viewer and every story in it, in list order. A story no longer readable
 * (deleted, made private) keeps the title it had when saved, without a URL or author.
 */
export async function exportViewerLists(db: Db, viewerId: string, origin: string): Promise<ExportedItem[]> {
  const res = await db.execute(sql`
    select c.name as list, i.post_id as "postId", p.slug, p.title, i.tombstone_title as "tombstoneTitle",
      u.username, u.name as author, i.note, i.added_at as "addedAt",
      (p.id is not null and p.deleted_at is null and u.deactivated_at is null
        and (p.creator_id = ${viewerId} or (p.first_published_at is not null and p.visibility <> 'PRIVATE'))) as readable
    from catalogs c join catalog_items i on i.catalog_id = c.id
      left join posts p on p.id = i.post_id left join users u on u.id = p.creator_id
    where c.user_id = ${viewerId}
    order by c.predefined is null, c.created_at, c.id, i.position, i.id`);
  return (res.rows as unknown as Row[]).map((r) => ({
    list: r.list,
    title: r.readable ? (r.title ?? '') : r.tombstoneTitle,
    url: r.readable ? `${origin}${r.username ? `/@${r.username}/${r.slug ? `${r.slug}-` : ''}${r.postId}` : `/p/${r.postId}`}` : '',
    author: r.readable ? (r.author ?? '') : '',
    note: r.note ?? '',
    addedAt: new Date(r.addedAt).toISOString(),
  }));
}

const COLUMNS: (keyof ExportedItem)[] = ['list', 'title', 'url', 'author', 'note', 'addedAt'];

/**
 * One CSV field: quoted when it holds a quote, comma or line break (quotes doubled), and
 * prefixed with an apostrophe when a spreadsheet would read it as a formula (=, +, -, @, tab,
 * carriage return first).
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(items: readonly ExportedItem[]): string {
  const lines = [COLUMNS.join(','), ...items.map((i) => COLUMNS.map((c) => csvField(i[c])).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}
