import { formatCountOf } from '../../../shared/format.js';
import { Link } from '../../router/Link.js';
import { FollowTagButton } from '../follow-button/index.js';
import { Tabs } from '../tabs/Tabs.js';
import styles from './topic.module.css';

/** The Topic_tag fragment's shape (src/web/graphql/topics-operations.ts). */
export interface TopicTag {
  id: string;
  normalizedTagSlug: string;
  displayTitle: string;
  postCount: number;
  followerCount: number;
  viewerEdge: { isFollowing: boolean };
}

export type TopicTab = 'latest' | 'recommended' | 'who-to-follow' | 'archive';

export const tagHref = (slug: string, tab: TopicTab = 'latest') => (tab === 'latest' ? `/tag/${slug}` : `/tag/${slug}/${tab}`);


/** Related topics as chips: where a reader goes next from this topic. */
export function RelatedTopics({ tags }: { tags: TopicTag[] }) {
  if (tags.length === 0) return null;
  return (
    <nav className={styles.related} aria-label="Related topics">
      {tags.map((t) => (
        <Link key={t.id} href={tagHref(t.normalizedTagSlug)} className={styles.chip}>
          {t.displayTitle}
        </Link>
      ))}
    </nav>
  );
}

/**
 * The head of every tag page (topic, topic-recommended, topic-who-to-follow, tag-archive):
 * related topics, the name, follower and story counts, Follow, then the tabs.
 */
export function TopicHeader({ tag, related, current }: { tag: TopicTag; related: TopicTag[]; current: TopicTab }) {
  const slug = tag.normalizedTagSlug;
  const tab = (key: TopicTab, label: string) => ({ key, href: tagHref(slug, key), label, current: key === current });
  return (
    <>
      <RelatedTopics tags={related} />
      <header className={styles.header}>
        <h1 className={styles.name}>{tag.displayTitle}</h1>
        <p className={styles.stats}>
          Topic <span aria-hidden="true">·</span> <span data-testid="topic-followers">{formatCountOf(tag.followerCount, 'Follower', 'Followers')}</span> <span aria-hidden="true">·</span>{' '}
          <span data-testid="topic-stories">{formatCountOf(tag.postCount, 'Story', 'Stories')}</span>
        </p>
        <FollowTagButton tag={tag} className={styles.follow} />
      </header>
      <Tabs label="Topic" tabs={[tab('latest', 'Latest'), tab('recommended', 'Recommended'), tab('who-to-follow', 'Who to follow'), tab('archive', 'Archive')]} />
    </>
  );
}
