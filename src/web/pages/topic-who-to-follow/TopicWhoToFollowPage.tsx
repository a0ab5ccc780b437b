import { LoadingButton } from '../../components/loading-button/LoadingButton.js';
import { TopicHeader } from '../../components/topic/TopicHeader.js';
import styles from '../../components/topic/topic.module.css';
import { useMorePages, type Page } from '../../components/topic/use-more.js';
import { useTagPage } from '../../components/topic/use-tag-page.js';
import { WriterList, type TopicWriter } from '../../components/topic/WriterList.js';
import { TOPIC_WHO_TO_FOLLOW_QUERY } from '../../graphql/topics-operations.js';
import type { PageProps } from '../../router/registry.js';
import { topicVariables } from '../topic/TopicPage.js';

type Writers = { whoToFollow: Page<TopicWriter> };
const pick = (data: unknown) => (data as { tagResult?: Partial<Writers> } | undefined)?.tagResult?.whoToFollow;

/** /tag/{tagSlug}/who-to-follow (topic-who-to-follow): writers whose stories here drew the most claps. */
export default function TopicWhoToFollowPage({ params }: PageProps) {
  const variables = topicVariables(params.tagSlug);
  const tag = useTagPage<Writers>(TOPIC_WHO_TO_FOLLOW_QUERY, variables);
  const { items, hasMore, loading, showMore } = useMorePages(tag?.whoToFollow, TOPIC_WHO_TO_FOLLOW_QUERY, variables, pick);
  if (!tag) return null;
  return (
    <div className={styles.page}>
      <TopicHeader tag={tag} related={tag.relatedTags} current="who-to-follow" />
      {items.length === 0 ? (
        <p className={styles.empty}>No writers to suggest in {tag.displayTitle} yet.</p>
      ) : (
        <WriterList writers={items} label={`Who to follow in ${tag.displayTitle}`} />
      )}
      {hasMore && (
        <div className={styles.more}>
          <LoadingButton variant="outline" loading={loading} onClick={() => void showMore()}>
            Show more
          </LoadingButton>
        </div>
      )}
    </div>
  );
}
