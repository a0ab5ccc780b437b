import type { Db } from '../../platform/db/client.js';
import { utcDay } from './model.js';

export interface DayCount {
  /** UTC day, 'YYYY-MM-DD'. */
  day: string;
  count: number;
}

export interface StoryStats {
  postId: string;
  title: string;
  views: number;
  reads: number;
  claps: number;
}

export interface PublicationStats {
  /** The window's first and last UTC day (the last is today). */
  from: string;
  to: string;
  views: DayCount[];
  reads: DayCount[];
  followers: DayCount[];
  stories: StoryStats[];
}

/** The per-story table lists this many of the newest stories. */
export const STATS_STORIES_LIMIT = 100;

type Exec = Pick<Db, '$client'>;

async function series(db: Exec, name: string, text: string, values: unknown[]): Promise<Map<string, number>> {
  const { rows } = await db.$client.query<{ day: string; count: number }>({ name, text, values });
  return new Map(rows.map((r) => [r.day, Number(r.count)]));
}

// One statement per series. Views: the publication's stories' day counters. Reads: readers' first
// reads (post_reads keeps one row per reader and story). Followers: follows made that day.
const VIEWS_SQL = `select v.day::text as day, sum(v.views)::int as count
  from posts p join story_view_days v on v.post_id = p.id and v.day between $2::date and $3::date
  where p.collection_id = $1 group by v.day`;
const READS_SQL = `select (r.first_read_at at time zone 'UTC')::date::text as day, count(*)::int as count
  from posts p join post_reads r on r.post_id = p.id and r.first_read_at >= ($2::date)::timestamp at time zone 'UTC' and r.first_read_at < ($3::date + 1)::timestamp at time zone 'UTC'
  where p.collection_id = $1 group by 1`;
const FOLLOWERS_SQL = `select (f.created_at at time zone 'UTC')::date::text as day, count(*)::int as count
  from publication_follows f
  where f.publication_id = $1 and f.created_at >= ($2::date)::timestamp at time zone 'UTC' and f.created_at < ($3::date + 1)::timestamp at time zone 'UTC' group by 1`;
// Per story, all time: views from its day counters, readers, and its clap total.
const STORIES_SQL = `select p.id as "postId", p.title,
    coalesce((select sum(v.views) from story_view_days v where v.post_id = p.id), 0)::int as views,
    (select count(*) from post_reads r where r.post_id = p.id)::int as reads,
    p.clap_count as claps
  from posts p
  where p.collection_id = $1 and p.deleted_at is null and p.first_published_at is not null
  order by p.first_published_at desc, p.id desc limit ${STATS_STORIES_LIMIT}`;

/** Every day of the window, oldest first, with 0 where nothing happened. */
function filled(from: string, days: number, counts: Map<string, number>): DayCount[] {
  const start = new Date(`${from}T00:00:00Z`).getTime();
  return Array.from({ length: days }, (_, i) => {
    const day = utcDay(new Date(start + i * 86_400_000));
    return { day, count: counts.get(day) ?? 0 };
  });
}

/**
 * A publication's last `days` UTC days (today included) of views, reads and new followers, and its
 * newest stories' views, reads and claps. Four statements whatever the window or the number of stories.
 * The caller checked the viewer may see them.
 */
export async function publicationStats(db: Exec, publicationId: string, days: number, now: Date): Promise<PublicationStats> {
  const to = utcDay(now);
  const from = utcDay(new Date(new Date(`${to}T00:00:00Z`).getTime() - (days - 1) * 86_400_000));
  const args = [publicationId, from, to];
  const [views, reads, followers, stories] = await Promise.all([
    series(db, 'publication_stats_views', VIEWS_SQL, args),
    series(db, 'publication_stats_reads', READS_SQL, args),
    series(db, 'publication_stats_followers', FOLLOWERS_SQL, args),
    db.$client.query<StoryStats>({ name: 'publication_stats_stories', text: STORIES_SQL, values: [publicationId] }).then((r) => r.rows),
  ]);
  return { from, to, views: filled(from, days, views), reads: filled(from, days, reads), followers: filled(from, days, followers), stories };
}
