import { FollowButton } from '../../components/follow-button/index.js';
import { PersonRow, type PersonRowUser } from '../../components/follow-button/PersonRow.js';
import { CUSTOMIZE_SUGGESTIONS_QUERY } from '../../graphql/social-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { Link } from '../../router/Link.js';
import { CustomizeFrame } from '../customize-following/CustomizeFrame.js';
import styles from '../customize-following/customize.module.css';

type Reason = 'NETWORK' | 'TOPICS' | 'POPULAR';

interface Data {
  viewer: { id: string } | null;
  viewerFollowSuggestions: { reason: Reason; user: PersonRowUser }[] | null;
}

/** Why a writer is suggested, under their name. */
const REASONS: Record<Reason, string> = {
  NETWORK: 'Followed by people you follow',
  TOPICS: 'Writes about topics you follow',
  POPULAR: 'Popular in recent stories',
};

/**
 * /me/following/suggestions (page id customize-suggestions, two-column layout): writers to
 * follow, from the people the viewer follows, their topics and popular recent stories;
 * never one they follow or muted. A Follow here keeps the row, now 'Following'.
 */
export default function CustomizeSuggestionsPage() {
  const data = usePageQuery<Data>(CUSTOMIZE_SUGGESTIONS_QUERY);
  if (!data?.viewer) return null;
  const suggestions = data.viewerFollowSuggestions ?? [];
  return (
    <CustomizeFrame tab="suggestions">
      <h2 className={styles.sectionHeading}>Who to follow</h2>
      {suggestions.length === 0 ? (
        <p className={styles.empty}>
          No suggestions yet. Follow a few <Link href="/explore-topics">topics</Link> and we’ll find writers for you.
        </p>
      ) : (
        <ul aria-label="Suggested writers">
          {suggestions.map(({ reason, user }) => (
            <PersonRow key={user.id} user={user} note={REASONS[reason]} action={<FollowButton user={user} size="small" />} />
          ))}
        </ul>
      )}
    </CustomizeFrame>
  );
}

export function Sidebar() {
  return (
    <aside className={styles.side}>
      <h2 className={styles.sideHeading}>How suggestions work</h2>
      <p className={styles.sideText}>Writers followed by the people you follow come first, then writers of recent stories in your topics. Writers you muted never appear.</p>
      <Link href="/me/following" className={styles.sideLink}>
        See who you follow
      </Link>
    </aside>
  );
}
