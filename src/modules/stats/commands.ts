import type { Db } from '../../platform/db/client.js';
import { utcDay } from './model.js';

export interface StoryView {
  postId: string;
  /** The signed-in viewer's id, or null when logged out. */
  viewerId: string | null;
  /** The lo_ visitor id (cookie) of a logged-out reader. */
  visitorId: string;
}

export type StoryViewOutcome = 'counted' | 'already-counted' | 'not-counted';

/**
 * One statement, so the visitor's key and the day's counter change together or not at all:
 * the key is inserted unless it is there (the visitor was counted today), and only a new key
 * adds one to the story's day. A story that is not published, deleted, or viewed by its own
 * writer inserts nothing.
 */
const RECORD_VIEW_SQL = `with story as (
    select id from posts
    where id = $1 and deleted_at is null and first_published_at is not null and creator_id is distinct from $2::text
  ), visitor as (
    insert into story_view_visitors (post_id, day, visitor)
    select id, $3::date, $4 from story
    on conflict do nothing
    returning post_id
  ), counted as (
    insert into story_view_days as d (post_id, day, views)
    select post_id, $3::date, 1 from visitor
    on conflict (post_id, day) do update set views = d.views + 1
    returning views
  )
  select (select count(*)::int from story) as "story", (select count(*)::int from counted) as "counted"`;

/**
 * Counts a story page view once per visitor (viewer id, else lo_ visitor id), story and UTC day.
 * The caller has left out bots. The writer's own views are not counted.
 */
export async function recordStoryView(db: Db, view: StoryView, now: Date): Promise<StoryViewOutcome> {
  const visitor = view.viewerId ?? view.visitorId;
  const { rows } = await db.$client.query<{ story: number; counted: number }>({
    name: 'record_story_view',
    text: RECORD_VIEW_SQL,
    values: [view.postId, view.viewerId, utcDay(now), visitor],
  });
  const row = rows[0]!;
  if (row.story === 0) return 'not-counted';
  return row.counted > 0 ? 'counted' : 'already-counted';
}
