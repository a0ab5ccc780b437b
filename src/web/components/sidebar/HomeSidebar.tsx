import type { ReactNode } from 'react';
import { imageUrl } from '../../../shared/images.js';
import { HOME_SIDEBAR_QUERY } from '../../graphql/feeds-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { Link } from '../../router/Link.js';
import { Avatar } from '../avatar/index.js';
import { FollowButton, type FollowButtonUser, type FollowTagButtonTag } from '../follow-button/index.js';
import { postPath } from '../post-card/PostCard.js';
import styles from './sidebar.module.css';
import { profileHref } from '../../lib/profile-href.js';

type Creator = { id: string; name: string; username: string | null; imageId: string | null };
type MiniPost = { id: string; title: string; uniqueSlug: string; creator: Creator };

export interface HomeSidebarData {
  staffPicksFeed: { items: MiniPost[] };
  recommendedTopics: FollowTagButtonTag[];
  whoToFollow: (FollowButtonUser & { id: string; bio: string; imageId: string | null })[];
  recentlyReadPosts: MiniPost[];
}


/** A story in one line under its writer's name (staff picks, reading history). */
function MiniStory({ post }: { post: MiniPost }) {
  return (
    <li className={styles.mini}>
      <Link href={profileHref(post.creator)} className={styles.miniAuthor}>
        <Avatar username={post.creator.username} name={post.creator.name} imageUrl={post.creator.imageId ? imageUrl(post.creator.imageId, 40) : null} size="XXXS" alt="" />
        <span>{post.creator.name}</span>
      </Link>
      <Link href={postPath(post)} className={styles.miniTitle}>
        {post.title}
      </Link>
    </li>
  );
}

/** A titled block of the sidebar with its 'see more' link, when there is a page with more. */
function Section({ id, title, more, children }: { id: string; title: string; more?: { href: string; label: string }; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={styles.section}>
      <h2 id={id} className={styles.heading}>
        {title}
      </h2>
      {children}
      {more && (
        <Link href={more.href} className={styles.seeAll}>
          {more.label}
        </Link>
      )}
    </section>
  );
}

/**
 * The home page's right column (two-column layout, hidden below 904px): staff picks,
 * recommended topics (popular ones the reader does not follow), who to follow (writers
 * not followed or muted) and the reader's recent reading (lists are not built yet, so
 * the reading-list preview shows the reading history). Sections without data stay out.
 */
export function HomeSidebar() {
  const data = usePageQuery<HomeSidebarData>(HOME_SIDEBAR_QUERY);
  if (!data) return null;
  return (
    <div className={styles.sidebar}>
      {data.staffPicksFeed.items.length > 0 && (
        <Section id="sidebar-picks" title="Staff Picks" more={{ href: '/top-stories', label: 'See top stories' }}>
          <ul className={styles.list}>
            {data.staffPicksFeed.items.map((p) => (
              <MiniStory key={p.id} post={p} />
            ))}
          </ul>
        </Section>
      )}
      {data.recommendedTopics.length > 0 && (
        <Section id="sidebar-topics" title="Recommended topics" more={{ href: '/explore-topics', label: 'See more topics' }}>
          <ul className={styles.pills}>
            {data.recommendedTopics.map((t) => (
              <li key={t.normalizedTagSlug}>
                <Link href={`/tag/${t.normalizedTagSlug}`} className={styles.pill}>
                  {t.displayTitle}
                </Link>
              </li>
            ))}
          </ul>
        </Section>
      )}
      {data.whoToFollow.length > 0 && (
        <Section id="sidebar-people" title="Who to follow" more={{ href: '/me/following/suggestions', label: 'See more suggestions' }}>
          <ul className={styles.list}>
            {data.whoToFollow.map((u) => (
              <li key={u.id} className={styles.person}>
                <Link href={profileHref(u)} tabIndex={-1} aria-hidden="true">
                  <Avatar username={u.username} name={u.name} imageUrl={u.imageId ? imageUrl(u.imageId, 64) : null} size="XS" alt="" />
                </Link>
                <div className={styles.personText}>
                  <Link href={profileHref(u)} className={styles.personName}>
                    {u.name}
                  </Link>
                  {u.bio && <p className={styles.personBio}>{u.bio}</p>}
                </div>
                <FollowButton user={u} size="small" />
              </li>
            ))}
          </ul>
        </Section>
      )}
      <Section id="sidebar-reading" title="Recently read" more={{ href: '/me/readinghistory', label: 'See your reading history' }}>
        {data.recentlyReadPosts.length > 0 ? (
          <ul className={styles.list}>
            {data.recentlyReadPosts.map((p) => (
              <MiniStory key={p.id} post={p} />
            ))}
          </ul>
        ) : (
          <p className={styles.note}>Stories you read will show up here.</p>
        )}
      </Section>
    </div>
  );
}
