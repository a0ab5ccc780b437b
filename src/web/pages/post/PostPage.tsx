import { useSite } from '../../app-context.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { formatDate, formatReadingTime } from '../../../shared/format.js';
import { imageUrl } from '../../../shared/images.js';
import type { Paragraph } from '../../../shared/paragraphs.js';
import { postIdFromSlug } from '../../../shared/routing/post-id.js';
import { Avatar } from '../../components/avatar/index.js';
import { StarIcon } from '../../components/icons/index.js';
import { StoryBody } from '../../components/highlights/StoryBody.js';
import { MemberStar } from '../../components/member-star/MemberStar.js';
import { PaywallUpsell } from '../../components/upsell/PaywallUpsell.js';
import { PostCard, type PostPreview } from '../../components/post-card/PostCard.js';
import { POST_PAGE_QUERY } from '../../graphql/operations.js';
import { Link } from '../../router/Link.js';
import type { PageProps } from '../../router/registry.js';
import { ActionBar } from './ActionBar.js';
import { MeterNotice, type PostMeteringData } from './MeterNotice.js';
import { LazyStoryAuthorMenu } from '../../components/trash/LazyStoryAuthorMenu.js';
import { ResponsesSection } from './responses/ResponsesSection.js';
import { FollowButton } from '../../components/follow-button/FollowButton.js';
import { WrittenByFollow } from './WrittenByFollow.js';
import { SeriesNav } from './SeriesNav.js';
import { UserMention } from '../../components/user-mention/index.js';
import styles from './PostPage.module.css';
import { profileHref } from '../../lib/profile-href.js';

interface PostPageData {
  postResult: {
    __typename: 'Post';
    id: string;
    title: string;
    firstPublishedAt: number | null;
    readingTime: number;
    clapCount: number;
    isLocked: boolean;
    allowResponses: boolean;
    visibility: string;
    /** When its writer pinned it to their profile; null when not pinned. */
    pinnedAt: number | null;
    postResponses: { count: number };
    /** For a response: the story (or response) it answers, if the reader may see it. */
    inResponseToPost: { id: string; title: string; mediumUrl: string; creator: { id: string; name: string } } | null;
    extendedPreviewContent: { subtitle: string; isFullContent: boolean };
    tags: { id: string; displayTitle: string; normalizedTagSlug: string }[];
    content: { isLockedPreviewOnly: boolean; version: string; metering?: PostMeteringData | null; bodyModel: { paragraphs: Paragraph[] } };
    /** The author's friend link to their member-only story (when the site allows them); null for others. */
    friendLink?: string | null;
    /** The publication the story appears in (spec §3 Post.collection). */
    collection?: { id: string; slug: string; name: string } | null;
    creator: {
      id: string;
      name: string;
      username: string | null;
      bio: string;
      imageId: string | null;
      socialStats: { followerCount: number };
      viewerEdge: { isFollowing: boolean };
      homepagePostsConnection: { items: PostPreview[] };
    };
  };
}

/** The story page (page id post): server-rendered from the paragraph model. */
export default function PostPage({ params }: PageProps) {
  const postId = postIdFromSlug(params.postId ?? '') ?? '';
  const data = usePageQuery<PostPageData>(POST_PAGE_QUERY, { postId });
  const { viewer } = useSite();
  const post = data?.postResult;
  if (!post || post.__typename !== 'Post') return null;
  const { creator } = post;
  const profile = profileHref(creator);
  const more = creator.homepagePostsConnection.items.filter((p) => p.id !== post.id).slice(0, 4);
  const subtitle = post.extendedPreviewContent.subtitle;

  return (
    <article className={styles.article}>
      <div className={styles.column}>
        {post.inResponseToPost && (
          <p className={styles.responseTo}>
            {'Response to '}
            <a href={post.inResponseToPost.mediumUrl} className={styles.responseToLink}>
              {post.inResponseToPost.title || `a response by ${post.inResponseToPost.creator.name}`}
            </a>
          </p>
        )}
        {post.isLocked && <MemberStar creatorId={creator.id} />}
        <h1 className={styles.title} data-testid="post-title">
          {post.title}
        </h1>
        {subtitle && <h2 className={styles.subtitle}>{subtitle}</h2>}
        <div className={styles.byline}>
          <Link href={profile} aria-label={creator.name}>
            <Avatar username={creator.username} name={creator.name} imageUrl={creator.imageId ? imageUrl(creator.imageId, 96) : null} size="M" alt="" />
          </Link>
          <div>
            <div className={styles.bylineTop}>
              <UserMention userId={creator.id}>
                <Link href={profile} className={styles.authorName}>
                  {creator.name}
                </Link>
              </UserMention>
              {/* Writers do not follow themselves ('You cannot follow yourself.', spec §8). */}
              {viewer?.id !== creator.id && (
                <>
                  <span aria-hidden="true">·</span>
                  <FollowButton user={creator} size="small" />
                </>
              )}
            </div>
            <div className={styles.bylineMeta}>
              <span>{formatReadingTime(post.readingTime)}</span>
              <span aria-hidden="true">·</span>
              {post.firstPublishedAt && <time dateTime={new Date(post.firstPublishedAt).toISOString()}>{formatDate(post.firstPublishedAt)}</time>}
            </div>
            {post.collection && (
              <div className={styles.bylineMeta} data-testid="published-in">
                <span>
                  Published in{' '}
                  <Link href={`/${post.collection.slug}`} className={styles.authorName}>
                    {post.collection.name}
                  </Link>
                </span>
              </div>
            )}
          </div>
          <LazyStoryAuthorMenu postId={post.id} creatorId={creator.id} pin={post.visibility === 'PUBLIC' && !post.inResponseToPost ? { pinnedAt: post.pinnedAt } : undefined} />
        </div>
        <ActionBar postId={post.id} creatorId={creator.id} title={post.title} clapCount={post.clapCount} responsesCount={post.postResponses.count} friendLink={post.friendLink} />
        {params.sequenceSlug !== undefined && <SeriesNav sequenceSlug={params.sequenceSlug} postId={post.id} placement="top" />}
      </div>

      <div className={styles.column}>
        <MeterNotice metering={post.content.metering} previewOnly={post.content.isLockedPreviewOnly} />
      </div>
      <StoryBody postId={post.id} creatorId={creator.id} paragraphs={post.content.bodyModel.paragraphs} contentVersion={post.content.version} isLocked={post.isLocked} isLockedPreviewOnly={post.content.isLockedPreviewOnly} />

      <div className={styles.column}>
        {params.sequenceSlug !== undefined && <SeriesNav sequenceSlug={params.sequenceSlug} postId={post.id} placement="bottom" />}
        {post.content.isLockedPreviewOnly && (
          <aside className={styles.paywall} data-testid="paywall">
            <p className={styles.paywallTitle}>
              <StarIcon /> The author made this story available to members only.
            </p>
            <p>Get unlimited access to the best of this site: sign in or become a member to read the rest.</p>
            <PaywallUpsell ctaClassName={styles.paywallCta} />
          </aside>
        )}
        {post.tags.length > 0 && (
          <ul className={styles.tags} aria-label="Tags">
            {post.tags.map((t) => (
              <li key={t.id}>
                <Link href={`/tag/${t.normalizedTagSlug}`} className={styles.tag}>
                  {t.displayTitle}
                </Link>
              </li>
            ))}
          </ul>
        )}
        <ActionBar postId={post.id} creatorId={creator.id} title={post.title} clapCount={post.clapCount} responsesCount={post.postResponses.count} friendLink={post.friendLink} />

        <section className={styles.about} aria-label="About the author">
          <Avatar username={creator.username} name={creator.name} imageUrl={creator.imageId ? imageUrl(creator.imageId, 128) : null} size="L" alt="" />
          <h2 className={styles.writtenBy}>
            <Link href={profile}>Written by {creator.name}</Link>
          </h2>
          <WrittenByFollow creator={creator} showButton={viewer?.id !== creator.id} />
          {creator.bio && <p className={styles.bio}>{creator.bio}</p>}
        </section>

        <section id="responses" className={styles.responses} aria-label="Responses">
          <ResponsesSection postId={post.id} postCreatorId={creator.id} allowResponses={post.allowResponses} />
        </section>

        {more.length > 0 && (
          <section aria-label={`More from ${creator.name}`}>
            <h2 className={styles.sectionTitle}>More from {creator.name}</h2>
            {more.map((p) => (
              <PostCard key={p.id} post={p} />
            ))}
          </section>
        )}
      </div>
    </article>
  );
}
