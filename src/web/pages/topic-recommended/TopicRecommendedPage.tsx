import { TopicHeader } from '../../components/topic/TopicHeader.js';
import { TopicPostList } from '../../components/topic/TopicPostList.js';
import styles from '../../components/topic/topic.module.css';
import { useTagPage } from '../../components/topic/use-tag-page.js';
import type { Page } from '../../components/topic/use-more.js';
import type { PostPreview } from '../../components/post-card/PostCard.js';
import { TOPIC_RECOMMENDED_QUERY } from '../../graphql/topics-operations.js';
import type { PageProps } from '../../router/registry.js';
import { topicVariables } from '../topic/TopicPage.js';

type Recommended = { recommendedPosts: Page<PostPreview> };
const pick = (data: unknown) => (data as { tagResult?: Partial<Recommended> } | undefined)?.tagResult?.recommendedPosts;

/** /tag/{tagSlug}/recommended (topic-recommended): recent stories ranked by claps and responses. */
export default function TopicRecommendedPage({ params }: PageProps) {
  const variables = topicVariables(params.tagSlug);
  const tag = useTagPage<Recommended>(TOPIC_RECOMMENDED_QUERY, variables);
  if (!tag) return null;
  return (
    <div className={styles.page}>
      <TopicHeader tag={tag} related={tag.relatedTags} current="recommended" />
      <TopicPostList first={tag.recommendedPosts} query={TOPIC_RECOMMENDED_QUERY} variables={variables} pick={pick} empty={`Nothing recommended in ${tag.displayTitle} lately.`} />
    </div>
  );
}
