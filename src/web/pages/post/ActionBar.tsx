import { formatCount } from '../../../shared/format.js';
import { useSite } from '../../app-context.js';
import { ClapButton } from '../../components/clap-button/index.js';
import { BookmarkIcon, ResponseIcon } from '../../components/icons/index.js';
import { ShareMenu } from '../../components/share/ShareMenu.js';
import { SusiLink } from '../../components/susi/SusiLink.js';
import { SaveButton } from '../../components/save/SaveButton.js';
import { POST_ENGAGEMENT_QUERY } from '../../graphql/engagement-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { useNavigation } from '../../router/navigation.js';
import { useResponseCount } from './response-count.js';
import styles from './PostPage.module.css';

type EngagementData = { postResult?: { __typename: string; viewerClapCount?: number } };

export interface ActionBarProps {
  postId: string;
  creatorId: string;
  title: string;
  clapCount: number;
  responsesCount: number;
  /** The author's friend link (member-only story): the Share menu offers to copy it. */
  friendLink?: string | null;
}

/**
 * Clap, respond, save and share. Claps work (src/web/components/clap-button); the response
 * count moves with the responses section (response-count.ts); Share opens the share menu.
 * Save keeps the story in the Reading list (its arrow: in any list); a signed-out reader is
 * asked to sign up by a real link (it works before the page's script runs) and comes back here.
 */
export function ActionBar({ postId, creatorId, title, clapCount, responsesCount, friendLink }: ActionBarProps) {
  const { viewer } = useSite();
  const { pathname, search } = useNavigation();
  // Preloaded with the page (registry.ts): the viewer's claps, 0 when signed out.
  const engagement = usePageQuery<EngagementData>(POST_ENGAGEMENT_QUERY, { postId })?.postResult;
  const viewerClapCount = engagement?.__typename === 'Post' ? (engagement.viewerClapCount ?? 0) : 0;
  const responses = useResponseCount(postId, responsesCount);
  return (
    <div className={styles.actions} data-testid="action-bar">
      <div className={styles.actionGroup}>
        <ClapButton postId={postId} creatorId={creatorId} clapCount={clapCount} viewerClapCount={viewerClapCount} />
        {/* Named by what it shows (the count first), so a voice command saying the visible text finds it. */}
        <a className={styles.action} href="#responses">
          <ResponseIcon />
          <span>{formatCount(responses)}</span>
          <span className="visually-hidden">{responses === 1 ? ' response' : ' responses'}</span>
        </a>
      </div>
      <div className={styles.actionGroup}>
        {viewer ? (
          <SaveButton postId={postId} title={title} className={styles.action} />
        ) : (
          // Save is an entry point that skips onboarding (spec §6 skipOnboarding=1), like Clap.
          <SusiLink operation="register" redirect={`${pathname}${search}${search ? '&' : '?'}skipOnboarding=1`} className={styles.action} aria-label="Save">
            <BookmarkIcon />
          </SusiLink>
        )}
        <ShareMenu path={pathname} title={title} className={styles.action} friendLink={friendLink} />
      </div>
    </div>
  );
}
