import type { PostPreview } from '../../components/post-card/PostCard.js';
import { tagHref, TopicHeader } from '../../components/topic/TopicHeader.js';
import { TopicPostList } from '../../components/topic/TopicPostList.js';
import styles from '../../components/topic/topic.module.css';
import type { Page } from '../../components/topic/use-more.js';
import { useTagPage } from '../../components/topic/use-tag-page.js';
import { TAG_ARCHIVE_QUERY, TOPIC_PAGE_SIZE } from '../../graphql/topics-operations.js';
import type { PageProps } from '../../router/registry.js';
import { archiveTitle, archiveVariables, MONTHS } from './archive-params.js';
import archive from './TagArchivePage.module.css';
import { PeriodRow, type Period } from './PeriodRow.js';

type Archive = { archive: { year: number | null; month: number | null; day: number | null; years: Period[]; months: Period[]; days: Period[]; posts: Page<PostPreview> } | null };
const pick = (data: unknown) => (data as { tagResult?: Partial<Archive> } | undefined)?.tagResult?.archive?.posts;

/** /tag/{slug}/archive[/{year}[/{month}[/{day}]]] (tag-archive): counts per period and the stories of the one open. */
export default function TagArchivePage({ params }: PageProps) {
  const variables = archiveVariables(params, TOPIC_PAGE_SIZE);
  const tag = useTagPage<Archive>(TAG_ARCHIVE_QUERY, variables);
  const a = tag?.archive;
  if (!tag || !a) return null;
  const base = `${tagHref(tag.normalizedTagSlug, 'archive')}`;
  const two = (n: number) => String(n).padStart(2, '0');
  return (
    <div className={styles.page}>
      <TopicHeader tag={tag} related={tag.relatedTags} current="archive" />
      <h2 className={archive.title}>{archiveTitle(tag.displayTitle, a.year, a.month, a.day)}</h2>
      <PeriodRow label="Years" periods={a.years} current={a.year} href={(p) => `${base}/${p.year}`} text={(p) => String(p.year)} />
      <PeriodRow label="Months" periods={a.months} current={a.month} href={(p) => `${base}/${p.year}/${two(p.month!)}`} text={(p) => MONTHS[p.month! - 1]!.slice(0, 3)} />
      <PeriodRow label="Days" periods={a.days} current={a.day} href={(p) => `${base}/${p.year}/${two(p.month!)}/${two(p.day!)}`} text={(p) => String(p.day)} />
      <TopicPostList first={a.posts} query={TAG_ARCHIVE_QUERY} variables={variables} pick={pick} empty="No stories in this period." />
    </div>
  );
}
