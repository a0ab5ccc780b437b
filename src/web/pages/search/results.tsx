import { formatCount, formatDate, formatReadingTime } from '../../../shared/format.js';
import { imageUrl } from '../../../shared/images.js';
import { Avatar } from '../../components/avatar/index.js';
import { FollowButton, FollowTagButton, type FollowButtonUser, type FollowTagButtonTag } from '../../components/follow-button/index.js';
import { ClapIcon } from '../../components/icons/index.js';
import { IconCount, MemberOnlyMark } from '../../components/post-card/meta-marks.js';
import { Highlight } from '../../components/search/Highlight.js';
import { collectionHref, tagHref, userHref } from '../../components/search/PredictivePanel.js';
import { SEARCH_TAG_FOLLOW_QUERY, SEARCH_USER_FOLLOW_QUERY } from '../../graphql/search-operations.js';
import type { CollectionHit, ListHit, PostHit, TagHit, UserHit } from '../../lib/search-types.js';
import { Link } from '../../router/Link.js';
import { useGraphqlItem } from './use-follow-state.js';
import styles from './search-page.module.css';
import { profileHref } from '../../lib/profile-href.js';

type OnClick = () => void;

const time = (value: number | string | null | undefined) => (value === null || value === undefined ? null : new Date(typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value));

/** A story found: writer, title and subtitle with the matched words, date, reading time, claps. */
export function PostResult({ hit, onClick }: { hit: PostHit; onClick: OnClick }) {
  const published = time(hit.firstPublishedAt ?? hit.latestPublishedAt);
  const author = profileHref(hit.creator);
  return (
    <article className={styles.post} aria-label={hit.title} data-testid="search-post">
      <div className={styles.postText}>
        <Link className={styles.author} href={author}>
          <Avatar username={hit.creator.username} name={hit.creator.name} imageUrl={hit.creator.imageId ? imageUrl(hit.creator.imageId, 40) : null} size="XXXS" alt="" />
          <span>{hit.creator.name}</span>
        </Link>
        <Link href={hit.mediumUrl} className={styles.postLink} onClick={onClick}>
          <h2 className={styles.postTitle}>
            <Highlight hit={hit} attribute="title" fallback={hit.title} />
          </h2>
          {hit.subtitle && (
            <p className={styles.postSubtitle}>
              <Highlight hit={hit} attribute="subtitle" fallback={hit.subtitle} />
            </p>
          )}
        </Link>
        <div className={styles.meta}>
          {hit.isLocked && (
            <MemberOnlyMark className={styles.star} />
          )}
          {published && !Number.isNaN(published.getTime()) && <time dateTime={published.toISOString()}>{formatDate(published)}</time>}
          {hit.readingTime !== undefined && (
            <>
              <span aria-hidden="true">·</span>
              <span>{formatReadingTime(hit.readingTime)}</span>
            </>
          )}
          {(hit.clapCount ?? 0) > 0 && (
            <IconCount className={styles.count} icon={<ClapIcon size={16} />} count={hit.clapCount!} one="clap" many="claps" />
          )}
        </div>
      </div>
      {hit.previewImageId && (
        <Link href={hit.mediumUrl} className={styles.thumb} tabIndex={-1} aria-hidden="true" onClick={onClick}>
          <img src={imageUrl(hit.previewImageId, 224)} alt="" width={112} height={112} loading="lazy" decoding="async" />
        </Link>
      )}
    </article>
  );
}

const pickUser = (data: unknown) => {
  const r = (data as { userResult?: FollowButtonUser & { __typename: string } } | undefined)?.userResult;
  return r?.__typename === 'User' ? r : null;
};
const pickTag = (data: unknown) => {
  const r = (data as { tagResult?: FollowTagButtonTag & { __typename: string } } | undefined)?.tagResult;
  return r?.__typename === 'Tag' ? r : null;
};

/** A person found, with Follow (the viewer's follow state read from GraphQL). */
export function PersonResult({ hit, onClick }: { hit: UserHit; onClick: OnClick }) {
  const user = useGraphqlItem(SEARCH_USER_FOLLOW_QUERY, { id: hit.userId }, pickUser);
  const href = userHref(hit);
  return (
    <li className={styles.row} data-testid="search-person">
      <Link href={href} tabIndex={-1} aria-hidden="true" onClick={onClick}>
        <Avatar username={hit.username} name={hit.name} imageUrl={hit.imageId ? imageUrl(hit.imageId, 96) : null} size="M" alt="" />
      </Link>
      <div className={styles.rowText}>
        <Link href={href} className={styles.rowName} onClick={onClick}>
          <Highlight hit={hit} attribute="name" fallback={hit.name} />
        </Link>
        {hit.bio && <p className={styles.rowBio}>{hit.bio}</p>}
      </div>
      <div className={styles.rowAction}>{user ? <FollowButton user={user} size="small" /> : <span className={styles.actionSpace} />}</div>
    </li>
  );
}

/** A topic found: its stories and followers, with Follow. */
export function TopicResult({ hit, onClick }: { hit: TagHit; onClick: OnClick }) {
  const tag = useGraphqlItem(SEARCH_TAG_FOLLOW_QUERY, { tagSlug: hit.tagSlug }, pickTag);
  const counts = [hit.postCount !== undefined && `${formatCount(hit.postCount)} ${hit.postCount === 1 ? 'story' : 'stories'}`, hit.followerCount !== undefined && `${formatCount(hit.followerCount)} ${hit.followerCount === 1 ? 'follower' : 'followers'}`].filter(Boolean);
  return (
    <li className={styles.row} data-testid="search-topic">
      <div className={styles.rowText}>
        <Link href={tagHref(hit)} className={styles.rowName} onClick={onClick}>
          <Highlight hit={hit} attribute="displayText" fallback={hit.displayText} />
        </Link>
        {counts.length > 0 && <p className={styles.rowBio}>{counts.join(' · ')}</p>}
      </div>
      <div className={styles.rowAction}>{tag ? <FollowTagButton tag={tag} size="small" /> : <span className={styles.actionSpace} />}</div>
    </li>
  );
}

/** A publication found (none until publications exist). */
export function PublicationResult({ hit, onClick }: { hit: CollectionHit; onClick: OnClick }) {
  const href = collectionHref(hit);
  return (
    <li className={styles.row} data-testid="search-publication">
      <div className={styles.rowText}>
        <Link href={href} className={styles.rowName} onClick={onClick}>
          <Highlight hit={hit} attribute="name" fallback={hit.name} />
        </Link>
        {hit.description && <p className={styles.rowBio}>{hit.description}</p>}
      </div>
    </li>
  );
}

/** A list found: its name (to its public page), description, creator and how many stories it holds. */
export function ListResult({ hit, onClick }: { hit: ListHit; onClick: OnClick }) {
  return (
    <li className={styles.row} data-testid="search-list">
      <div className={styles.rowText}>
        <Link href={hit.url} className={styles.rowName} onClick={onClick}>
          <Highlight hit={hit} attribute="name" fallback={hit.name} />
        </Link>
        {hit.description && <p className={styles.rowBio}>{hit.description}</p>}
        <div className={styles.listMeta}>
          <Link className={styles.author} href={profileHref(hit.creator)}>
            <Avatar username={hit.creator.username} name={hit.creator.name} imageUrl={hit.creator.imageId ? imageUrl(hit.creator.imageId, 40) : null} size="XXXS" alt="" />
            <span>{hit.creator.name}</span>
          </Link>
          <span aria-hidden="true">·</span>
          <span>
            {formatCount(hit.itemCount)} {hit.itemCount === 1 ? 'story' : 'stories'}
          </span>
        </div>
      </div>
    </li>
  );
}
