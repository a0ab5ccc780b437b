import { formatCount } from '../../../shared/format.js';
import { ClapButton } from '../../components/clap-button/index.js';
import { BookmarkIcon, ResponseIcon, ShareIcon } from '../../components/icons/index.js';
import { POST_ENGAGEMENT_QUERY } from '../../graphql/engagement-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import styles from './PostPage.module.css';

type EngagementData = { postResult?: { __typename: string; viewerClapCount?: number } };

export interface ActionBarProps {
  postId: string;
  creatorId: string;
  clapCount: number;
  responsesCount: number;
}

/**
 * Clap, respond, bookmark and share. Claps work (src/web/components/clap-button); bookmarks
 * arrive with lists, so that button asks a logged-out reader to sign in.
 */
export function ActionBar({ postId, creatorId, clapCount, responsesCount }: ActionBarProps) {
  // Preloaded with the page (registry.ts): the viewer's claps, 0 when signed out.
  const engagement = usePageQuery<EngagementData>(POST_ENGAGEMENT_QUERY, { postId })?.postResult;
  const viewerClapCount = engagement?.__typename === 'Post' ? (engagement.viewerClapCount ?? 0) : 0;
  return (
    <div className={styles.actions} data-testid="action-bar">
      <div className={styles.actionGroup}>
        <ClapButton postId={postId} creatorId={creatorId} clapCount={clapCount} viewerClapCount={viewerClapCount} />
        {/* Named by what it shows (the count first), so a voice command saying the visible text finds it. */}
        <a className={styles.action} href="#responses">
          <ResponseIcon />
          <span>{formatCount(responsesCount)}</span>
          <span className="visually-hidden">{responsesCount === 1 ? ' response' : ' responses'}</span>
        </a>
      </div>
      <div className={styles.actionGroup}>
        <a className={styles.action} href="/m/signin?operation=register&skipOnboarding=1" aria-label="Save">
          <BookmarkIcon />
        </a>
        <button type="button" className={styles.action} aria-label="Share" onClick={() => void navigator.clipboard?.writeText(window.location.href)}>
          <ShareIcon />
        </button>
      </div>
    </div>
  );
}
