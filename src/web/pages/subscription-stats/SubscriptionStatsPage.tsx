import { formatDate } from '../../../shared/format.js';
import { ShowMore } from '../../components/profile/ShowMore.js';
import { usePagedList } from '../../components/profile/use-paged-list.js';
import { PublicationMasthead } from '../../components/publication/PublicationMasthead.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { Link } from '../../router/Link.js';
import type { PageProps } from '../../router/registry.js';
import { DailyChart, shortDay } from '../publication-stats/DailyChart.js';
import styles from '../publication-stats/publication-stats.module.css';
import { audienceOf, audienceQuery, isWriterAudience, type AudiencePageData, type AudienceSubscriber } from './audience-query.js';
import own from './subscription-stats.module.css';

const number = (n: number) => n.toLocaleString('en-US');
const STATE_LABEL = { ACTIVE: 'Subscribed', PENDING: 'Waiting for confirmation', UNSUBSCRIBED: 'Unsubscribed' } as const;
const SOURCE_LABEL = { ONE_CLICK: 'Subscribe button', EMAIL_FORM: 'Email form', IMPORT: 'Imported' } as const;

/** Who a subscriber is, as far as they let the writer or editors know: their account, their shared address. */
function Subscriber({ s }: { s: AudienceSubscriber }) {
  return (
    <>
      {s.user ? s.user.username ? <Link href={`/@${s.user.username}`}>{s.user.name || s.user.username}</Link> : <span>{s.user.name}</span> : null}
      {s.email ? <span className={own.email}>{s.email}</span> : !s.user && <span className={own.hidden}>Address not shared</span>}
    </>
  );
}

/**
 * subscription-stats: subscribers by state, the suppressed addresses among them (they are sent
 * nothing), new subscribers per day, and the list (addresses only of those who share them).
 * /{slug}/newsletters/{newsletterSlug}/stats for a publication's editors; /@{username}/audience
 * (and /audience/subscribers, the list alone) for the writer, with the CSV export.
 */
export default function SubscriptionStatsPage({ params }: PageProps) {
  const { query, variables } = audienceQuery(params, null);
  const data = usePageQuery<AudiencePageData>(query, variables);
  const list = usePagedList<AudienceSubscriber>(
    query,
    (to) => audienceQuery(params, to).variables,
    (d) => {
      const conn = audienceOf(d as AudiencePageData | undefined)?.subscribers;
      return conn ? { items: conn.subscribers, next: conn.pagingInfo.next?.to ?? null } : null;
    },
  );
  const audience = audienceOf(data);
  if (!data || !audience) return null;
  const writer = isWriterAudience(params) ? data.userResult : null;
  const publication = writer ? null : data.collection;
  const listOnly = params.details === 'subscribers';
  const heading = writer ? 'Audience' : `${publication?.newsletterV3BySlug?.name ?? ''} subscribers`;
  const totals = [
    ['Subscribers', audience.active],
    ['Waiting for confirmation', audience.pending],
    ['Unsubscribed', audience.unsubscribed],
  ] as const;
  const suppressed = [
    ['Hard bounces', audience.hardBounces],
    ['Spam complaints', audience.complaints],
    ['Other suppressed', audience.otherSuppressed],
  ] as const;
  return (
    <>
      {publication && <PublicationMasthead publication={publication} inset />}
      <div className={styles.page}>
        <h1 className={styles.heading}>{heading}</h1>
        {writer && (
          <p className={styles.window}>
            {listOnly ? <Link href={`/@${writer.username}/audience`}>Back to your audience</Link> : 'Readers who get your stories by email.'}{' '}
            <a href={`/@${writer.username}/audience/stats/export`} download data-testid="audience-export">
              Export subscribers (CSV)
            </a>
          </p>
        )}
        {!listOnly && (
          <>
            <dl className={styles.totals} data-testid="audience-totals">
              {totals.map(([label, value]) => (
                <div key={label} className={styles.total}>
                  <dt>{label}</dt>
                  <dd>{number(value)}</dd>
                </div>
              ))}
            </dl>
            <h2 className={styles.subheading}>Undeliverable addresses</h2>
            <p className={styles.window}>Subscribers whose address bounced or who marked an email as spam are sent no more newsletters.</p>
            <dl className={styles.totals}>
              {suppressed.map(([label, value]) => (
                <div key={label} className={styles.total}>
                  <dt>{label}</dt>
                  <dd>{number(value)}</dd>
                </div>
              ))}
            </dl>
            <div className={styles.charts}>
              <DailyChart title={`New subscribers, ${shortDay(audience.from)} – ${shortDay(audience.to)} (UTC)`} series={audience.newSubscribers} />
            </div>
          </>
        )}
        <h2 className={styles.subheading}>Subscribers</h2>
        {list.items.length === 0 ? (
          <p className={styles.empty}>No subscribers yet.</p>
        ) : (
          <div className={styles.scroll}>
            <table className={styles.table} data-testid="audience-subscribers">
              <caption className="visually-hidden">Subscribers, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Subscriber</th>
                  <th scope="col">State</th>
                  <th scope="col">Source</th>
                  <th scope="col">Since</th>
                </tr>
              </thead>
              <tbody>
                {list.items.map((s) => (
                  <tr key={s.id}>
                    <th scope="row" className={own.who}>
                      <Subscriber s={s} />
                    </th>
                    <td>{STATE_LABEL[s.state]}</td>
                    <td>{SOURCE_LABEL[s.source]}</td>
                    <td>{formatDate(s.subscribedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <ShowMore hasMore={list.hasMore} loading={list.loading} failed={list.failed} onMore={() => void list.more()} />
        {writer && !listOnly && list.hasMore && (
          <p className={styles.window}>
            <Link href={`/@${writer.username}/audience/subscribers`}>Only the list</Link>
          </p>
        )}
      </div>
    </>
  );
}
