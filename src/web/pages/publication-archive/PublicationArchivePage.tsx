import type { PostPreview } from '../../components/post-card/PostCard.js';
import { publicationBaseHere, type PublicationFrameData } from '../../components/publication/publication-key.js';
import { TopicPostList } from '../../components/topic/TopicPostList.js';
import type { Page } from '../../components/topic/use-more.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { useNavigation } from '../../router/navigation.js';
import type { PageProps } from '../../router/registry.js';
import { readerQuery, readerView } from '../publication-about/reader-pages.js';
import { PublicationFrame } from '../publication-latest/PublicationFrame.js';
import { archiveTitle, MONTHS } from '../tag-archive/archive-params.js';
import { PeriodRow, type Period } from '../tag-archive/PeriodRow.js';
import archive from '../tag-archive/TagArchivePage.module.css';

type Archive = { year: number | null; month: number | null; day: number | null; years: Period[]; months: Period[]; days: Period[]; posts: Page<PostPreview> };
type Data = { collection: (PublicationFrameData & { archive: Archive | null }) | null };
const pick = (data: unknown) => (data as Partial<Data> | undefined)?.collection?.archive?.posts;
const two = (n: number) => String(n).padStart(2, '0');

/** /{slug}/archive[/{year}[/{month}[/{day}]]] (community-publication-archive): the tag archive's pieces over the publication's stories. */
export default function PublicationArchivePage({ pageId, params }: PageProps) {
  const { query, variables } = readerQuery(readerView(pageId, params), params);
  const pathname = useNavigation().pathname;
  const publication = usePageQuery<Data>(query, variables)?.collection;
  const a = publication?.archive;
  if (!publication || !a) return null;
  const base = `${publicationBaseHere(publication, pathname)}/archive`;
  return (
    <PublicationFrame publication={publication} current="/archive">
      <h1 className={archive.title}>{archiveTitle(publication.name, a.year, a.month, a.day).replace(/^Archive of stories about /, 'Archive of ')}</h1>
      <PeriodRow label="Years" periods={a.years} current={a.year} href={(p) => `${base}/${p.year}`} text={(p) => String(p.year)} />
      <PeriodRow label="Months" periods={a.months} current={a.month} href={(p) => `${base}/${p.year}/${two(p.month!)}`} text={(p) => MONTHS[p.month! - 1]!.slice(0, 3)} />
      <PeriodRow label="Days" periods={a.days} current={a.day} href={(p) => `${base}/${p.year}/${two(p.month!)}/${two(p.day!)}`} text={(p) => String(p.day)} />
      <TopicPostList first={a.posts} query={query} variables={variables} pick={pick} empty="No stories in this period." />
    </PublicationFrame>
  );
}
