import { TopicHeader } from '../../components/topic/TopicHeader.js';
import { TopicPostList } from '../../components/topic/TopicPostList.js';
import styles from '../../components/topic/topic.module.css';
import { useTagPage } from '../../components/topic/use-tag-page.js';
import type { Page } from '../../components/topic/use-more.js';
import type { PostPreview } from '../../components/post-card/PostCard.js';
import { TOPIC_PAGE_QUERY, TOPIC_PAGE_SIZE } from '../../graphql/topics-operations.js';
import type { PageProps } from '../../router/registry.js';

type Latest = { latestPosts: Page<PostPreview> };
export const topicVariables = (tagSlug: string | undefined) => ({ tagSlug: tagSlug ?? '', paging: { limit: TOPIC_PAGE_SIZE } });
const pick = (data: unknown) => (data as { tagResult?: Partial<Latest> } | undefined)?.tagResult?.latestPosts;

/** /tag/{tagSlug} (page id topic): the topic's header and its stories, newest first. */
export default function TopicPage({ params }: PageProps) {
  const variables = topicVariables(params.tagSlug);
  const tag = useTagPage<Latest>(TOPIC_PAGE_QUERY, variables);
  if (!tag) return null;
  return (
    <div className={styles.page}>
      <TopicHeader tag={tag} related={tag.relatedTags} current="latest" />
      <TopicPostList first={tag.latestPosts} query={TOPIC_PAGE_QUERY} variables={variables} pick={pick} empty={`No stories in ${tag.displayTitle} yet.`} />
    </div>
  );
}
