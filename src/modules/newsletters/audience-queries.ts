import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { formatKeysetCursor, type KeysetCursor } from '../posts/pins-cursor.js';
import { utcDay } from '../stats/model.js';
import type { DayCount } from '../stats/queries.js';
import { sharesEmailWithWriters } from './email-settings-queries.js';
import type { SubscriberSource, SubscriberState } from './model.js';

type Reader = Pick<Db, 'execute'>;

/** The audience pages and the export show this many days of new subscribers. */
export const AUDIENCE_DAYS = 30;

/**
 * Whether the writer or editors may see a subscriber's address: the one rule of the email settings
 * (the subscriber agreed, and has not turned allowEmailAddressSharingEditorWriter off).
 */
const SUBSCRIBER_SHARES_EMAIL: SQL = sharesEmailWithWriters('s');

/** The address a subscriber's mail goes to: the account's current one, or the one they gave. */
const ADDRESS: SQL = sql`lower(coalesce(u.email, s.email))`;

export interface AudienceCounts {
  active: number;
  pending: number;
  unsubscribed: number;
  /** Subscribers (not unsubscribed) whose address is on the suppression list, by why. */
  hardBounces: number;
  complaints: number;
  /** Other suppressions: repeated soft bounces, added by hand. */
  otherSuppressed: number;
}

/** Subscribers by state, and the suppressed addresses among those still subscribed: one statement. */
export async function audienceCounts(db: Reader, newsletterId: string): Promise<AudienceCounts> {
  const { rows } = await db.execute<Record<keyof AudienceCounts, number>>(sql`
    select
      count(*) filter (where s.state = 'ACTIVE')::int as active,
      count(*) filter (where s.state = 'PENDING')::int as pending,
      count(*) filter (where s.state = 'UNSUBSCRIBED')::int as unsubscribed,
      count(*) filter (where s.state <> 'UNSUBSCRIBED' and e.reason = 'HARD_BOUNCE')::int as "hardBounces",
      count(*) filter (where s.state <> 'UNSUBSCRIBED' and e.reason = 'COMPLAINT')::int as complaints,
      count(*) filter (where s.state <> 'UNSUBSCRIBED' and e.reason in ('SOFT_BOUNCE', 'MANUAL'))::int as "otherSuppressed"
    from newsletter_subscribers s
      left join users u on u.id = s.user_id
      left join email_suppressions e on e.address = ${ADDRESS} and e.suppressed_at is not null
    where s.newsletter_id = ${newsletterId}`);
  const r = rows[0];
  return {
    active: Number(r?.active ?? 0),
    pending: Number(r?.pending ?? 0),
    unsubscribed: Number(r?.unsubscribed ?? 0),
    hardBounces: Number(r?.hardBounces ?? 0),
    complaints: Number(r?.complaints ?? 0),
    otherSuppressed: Number(r?.otherSuppressed ?? 0),
  };
}

/**
 * New subscribers per UTC day, the last `days` days (today included), every day present: a
 * subscriber counts on the day they last became active (confirmed_at) and still is.
 */
export async function newSubscribersPerDay(db: Reader, newsletterId: string, days: number, now: Date): Promise<{ from: string; to: string; series: DayCount[] }> {
  const to = utcDay(now);
  const from = utcDay(new Date(new Date(`${to}T00:00:00Z`).getTime() - (days - 1) * 86_400_000));
  const { rows } = await db.execute<{ day: string; count: number }>(sql`
    select d.day::date::text as day, count(s.id)::int as count
    from generate_series(${from}::date, ${to}::date, interval '1 day') as d(day)
      left join newsletter_subscribers s on s.newsletter_id = ${newsletterId} and s.state = 'ACTIVE'
        and s.confirmed_at >= d.day::timestamp at time zone 'UTC' and s.confirmed_at < (d.day + interval '1 day')::timestamp at time zone 'UTC'
    group by d.day order by d.day`);
  return { from, to, series: rows.map((r) => ({ day: r.day, count: Number(r.count) })) };
}

export interface AudienceSubscriber {
  id: string;
  userId: string | null;
  /** Only when the subscriber shares it (SUBSCRIBER_SHARES_EMAIL); null otherwise. */
  email: string | null;
  state: SubscriberState;
  source: SubscriberSource;
  subscribedAt: Date;
}

/** A newsletter's subscribers (every state), newest first, keyset-paged by when they subscribed. */
export async function audienceSubscribersPage(db: Reader, newsletterId: string, limit: number, cursor: KeysetCursor | null): Promise<{ subscribers: AudienceSubscriber[]; next: string | null }> {
  const after = cursor ? sql`and (s.created_at, s.id) < (timestamptz 'epoch' + ${cursor.micros}::bigint * interval '1 microsecond', ${cursor.id})` : sql``;
  const { rows: raw } = await db.execute(sql`
    select s.id, s.user_id as "userId", case when ${SUBSCRIBER_SHARES_EMAIL} then ${ADDRESS} end as email,
      s.state, s.source, s.created_at as "subscribedAt", (extract(epoch from s.created_at) * 1000000)::bigint::text as micros
    from newsletter_subscribers s left join users u on u.id = s.user_id
    where s.newsletter_id = ${newsletterId} ${after}
    order by s.created_at desc, s.id desc limit ${limit + 1}`);
  const rows = raw as unknown as (AudienceSubscriber & { micros: string })[];
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    subscribers: page.map(({ micros: _, ...s }) => ({ ...s, subscribedAt: new Date(s.subscribedAt) })),
    next: rows.length > limit && last ? formatKeysetCursor(last.micros, last.id) : null,
  };
}
