import { formatCountOf, formatDate } from '../../../shared/format.js';
import { buttonClassName } from '../../components/button/Button.js';
import { Tabs } from '../../components/tabs/Tabs.js';
import { YOUR_SERIES_QUERY } from '../../graphql/series-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { Link } from '../../router/Link.js';
import type { PageProps } from '../../router/registry.js';
import frame from '../../styles/page-heading.module.css';
import { YOUR_SERIES_TABS, yourSeriesVariables } from './your-series-tabs.js';
import styles from './YourSeriesPage.module.css';

interface YourSeriesData {
  viewerSequences: { id: string; slug: string; title: string; isPublished: boolean; itemsCount: number; updatedAt: number }[];
}

const EMPTY: Record<string, string> = {
  all: 'You have no series yet. A series gathers your published stories in the order they are best read.',
  drafts: 'No drafts: every series of yours is published.',
  public: 'No published series yet.',
};

/**
 * /me/series[/{filterBy}] (page id your-series, two-column layout): the writer's series —
 * all, drafts or public — each with its page and its editor. Signed-out readers sign in first.
 */
export default function YourSeriesPage({ params }: PageProps) {
  const list = usePageQuery<YourSeriesData>(YOUR_SERIES_QUERY, yourSeriesVariables(params.filterBy))?.viewerSequences;
  if (!list) return null;
  const current = params.filterBy ?? null;
  return (
    <div className={frame.page}>
      <div className={styles.header}>
        <h1 className={frame.heading}>Your series</h1>
        <Link href="/s/new" className={buttonClassName({ variant: 'accent', size: 'small' })}>
          New series
        </Link>
      </div>
      <Tabs label="Your series" tabs={YOUR_SERIES_TABS.map((t) => ({ key: t.filterBy ?? 'all', href: t.href, label: t.label, current: t.filterBy === current }))} />
      {list.length === 0 ? (
        <p className={styles.empty}>{EMPTY[current ?? 'all']}</p>
      ) : (
        <ul className={styles.list}>
          {list.map((s) => (
            <li key={s.id} className={styles.row}>
              <Link href={`/s/${s.slug}`} className={styles.title}>
                {s.title}
              </Link>
              <p className={styles.meta}>
                {s.isPublished ? 'Published' : 'Draft'} · {formatCountOf(s.itemsCount, 'part', 'parts')} · Updated {formatDate(s.updatedAt)}
              </p>
              <Link href={`/s/${s.slug}/edit`} className={styles.edit} aria-label={`Edit “${s.title}”`}>
                Edit
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
