import { PublicationMasthead } from '../../components/publication/PublicationMasthead.js';
import type { PublicationFrameData } from '../../components/publication/publication-key.js';
import { PUBLICATION_STATS_PAGE_QUERY } from '../../graphql/publication-stats-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { publicationVariables } from '../../components/publication/publication-key.js';
import { Link } from '../../router/Link.js';
import type { PageProps } from '../../router/registry.js';
import { DailyChart, shortDay, type DayCount } from './DailyChart.js';
import styles from './publication-stats.module.css';

interface StoryStats {
  postId: string;
  title: string;
  views: number;
  reads: number;
  claps: number;
}
interface Stats {
  from: string;
  to: string;
  totalViews: number;
  totalReads: number;
  totalNewFollowers: number;
  views: DayCount[];
  reads: DayCount[];
  followers: DayCount[];
  stories: StoryStats[];
}
type StatsPageData = { collection?: (PublicationFrameData & { stats: Stats | null }) | null };

const number = (n: number) => n.toLocaleString('en-US');

/** /{collectionSlug}/stats (community-publication-stats): the last 30 days and each story, for the publication's editors. */
export default function PublicationStatsPage({ params }: PageProps) {
  const publication = usePageQuery<StatsPageData>(PUBLICATION_STATS_PAGE_QUERY, publicationVariables(params))?.collection;
  const stats = publication?.stats;
  if (!publication || !stats) return null;
  const totals = [
    ['Views', stats.totalViews],
    ['Reads', stats.totalReads],
    ['New followers', stats.totalNewFollowers],
  ] as const;
  return (
    <>
      <PublicationMasthead publication={publication} inset />
      <main className={styles.page}>
        <h1 className={styles.heading}>Stats</h1>
        <p className={styles.window}>
          Last {stats.views.length} days, {shortDay(stats.from)} – {shortDay(stats.to)} (UTC)
        </p>
        <dl className={styles.totals}>
          {totals.map(([label, value]) => (
            <div key={label} className={styles.total}>
              <dt>{label}</dt>
              <dd>{number(value)}</dd>
            </div>
          ))}
        </dl>
        <div className={styles.charts}>
          <DailyChart title="Views" series={stats.views} />
          <DailyChart title="Reads" series={stats.reads} />
          <DailyChart title="New followers" series={stats.followers} />
        </div>
        <details className={styles.daily}>
          <summary>Daily numbers as a table</summary>
          <table className={styles.table}>
            <caption className="visually-hidden">Views, reads and new followers per day</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Views</th>
                <th scope="col">Reads</th>
                <th scope="col">New followers</th>
              </tr>
            </thead>
            <tbody>
              {stats.views.map((d, i) => (
                <tr key={d.day}>
                  <th scope="row">{shortDay(d.day)}</th>
                  <td>{number(d.count)}</td>
                  <td>{number(stats.reads[i]?.count ?? 0)}</td>
                  <td>{number(stats.followers[i]?.count ?? 0)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
        <h2 className={styles.subheading}>Stories</h2>
        {stats.stories.length === 0 ? (
          <p className={styles.empty}>No stories in {publication.name} yet.</p>
        ) : (
          <div className={styles.scroll}>
            <table className={styles.table} data-testid="publication-story-stats">
              <caption className="visually-hidden">Each story&apos;s views, reads and claps, all time</caption>
              <thead>
                <tr>
                  <th scope="col">Story</th>
                  <th scope="col">Views</th>
                  <th scope="col">Reads</th>
                  <th scope="col">Claps</th>
                </tr>
              </thead>
              <tbody>
                {stats.stories.map((s) => (
                  <tr key={s.postId}>
                    <th scope="row" className={styles.storyTitle}>
                      <Link href={`/p/${s.postId}`}>{s.title || 'Untitled story'}</Link>
                    </th>
                    <td>{number(s.views)}</td>
                    <td>{number(s.reads)}</td>
                    <td>{number(s.claps)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </main>
    </>
  );
}
