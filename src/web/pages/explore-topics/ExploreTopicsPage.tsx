import { formatCount } from '../../../shared/format.js';
import { FollowTagButton } from '../../components/follow-button/index.js';
import { LoadingButton } from '../../components/loading-button/LoadingButton.js';
import { tagHref, type TopicTag } from '../../components/topic/TopicHeader.js';
import { TopicSearch } from '../../components/topic/TopicSearch.js';
import topic from '../../components/topic/topic.module.css';
import { useMorePages, type Page } from '../../components/topic/use-more.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { EXPLORE_TOPICS_PAGE_SIZE, EXPLORE_TOPICS_QUERY } from '../../graphql/topics-operations.js';
import { Link } from '../../router/Link.js';
import type { PageProps } from '../../router/registry.js';
import styles from './ExploreTopicsPage.module.css';

export const EXPLORE_TOPICS_VARIABLES = { paging: { limit: EXPLORE_TOPICS_PAGE_SIZE } };
const pick = (data: unknown) => (data as { popularTags?: Page<TopicTag> } | undefined)?.popularTags;

const count = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** A topic in the explore grid: its name, story and follower counts, and Follow. */
export function TopicCard({ tag }: { tag: TopicTag }) {
  return (
    <li className={styles.card} data-testid="topic-card">
      <Link href={tagHref(tag.normalizedTagSlug)} className={styles.name}>
        {tag.displayTitle}
      </Link>
      <p className={styles.meta}>
        {`${count(tag.postCount, 'story', 'stories')} · ${count(tag.followerCount, 'follower', 'followers')}`}
      </p>
      <FollowTagButton tag={tag} size="small" />
    </li>
  );
}

/** /explore-topics and /topics (explore-topics): every topic with stories, most followed first. */
export default function ExploreTopicsPage(_props: PageProps) {
  const data = usePageQuery<{ popularTags: Page<TopicTag> }>(EXPLORE_TOPICS_QUERY, EXPLORE_TOPICS_VARIABLES);
  const { items, hasMore, loading, showMore } = useMorePages(data?.popularTags, EXPLORE_TOPICS_QUERY, EXPLORE_TOPICS_VARIABLES, pick);
  return (
    <div className={styles.page}>
      <h1 className={`${topic.name} ${styles.title}`}>Explore topics</h1>
      <TopicSearch />
      {items.length === 0 ? (
        <p className={topic.empty}>No topics yet: they appear as writers tag their stories.</p>
      ) : (
        <ul className={styles.grid} aria-label="Topics">
          {items.map((t) => (
            <TopicCard key={t.id} tag={t} />
          ))}
        </ul>
      )}
      {hasMore && (
        <div className={topic.more}>
          <LoadingButton variant="outline" loading={loading} onClick={() => void showMore()}>
            Show more topics
          </LoadingButton>
        </div>
      )}
    </div>
  );
}
