import { formatCount, formatMonthYear } from '../../../shared/format.js';
import { useSite } from '../../app-context.js';
import { ProfileHeader } from '../../components/profile/ProfileHeader.js';
import { ProfileSidebar } from '../../components/profile/ProfileSidebar.js';
import { profileLookup } from '../../components/profile/profile-lookup.js';
import { useProfileBase } from '../../components/profile/use-profile-base.js';
import { userOf, type ProfileUser } from '../../components/profile/profile-types.js';
import { USER_PROFILE_PAGE_QUERY, VIEWER_ABOUT_QUERY } from '../../graphql/profiles-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { Link } from '../../router/Link.js';
import type { PageProps } from '../../router/registry.js';
import { AboutEditor } from './AboutEditor.js';
import styles from './UserAboutPage.module.css';

/** /me/about has no username: it is the viewer's own page. */
const isYourAbout = (params: Record<string, string>) => params.username === undefined && params.id === undefined;

/** The viewer's own user on /me/about. */
function useYourUser(): ProfileUser | null {
  return usePageQuery<{ viewer: ProfileUser | null }>(VIEWER_ABOUT_QUERY)?.viewer ?? null;
}

/** The user of /@{username}/about. */
function useNamedUser(params: Record<string, string>): ProfileUser | null {
  return userOf<ProfileUser>(usePageQuery(USER_PROFILE_PAGE_QUERY, profileLookup(params)));
}

/**
 * A writer's About page (page id user-about; spec §2.3 /@{username}/about and /me/about):
 * the bio, when they joined (and, to themselves, since when they are a member), follower
 * and following counts. On /me/about the viewer edits the text.
 */
export default function UserAboutPage({ params }: PageProps) {
  return isYourAbout(params) ? <YourAbout /> : <NamedAbout params={params} />;
}

function YourAbout() {
  const user = useYourUser();
  return user ? <About user={user} editing /> : null;
}

function NamedAbout({ params }: { params: Record<string, string> }) {
  const user = useNamedUser(params);
  return user ? <About user={user} editing={false} /> : null;
}

function About({ user, editing }: { user: ProfileUser; editing: boolean }) {
  const { viewer, siteName } = useSite();
  const base = useProfileBase(user);
  const own = viewer?.id === user.id;
  return (
    <div className={styles.main}>
      <ProfileHeader user={user} current="about" />
      <section className={styles.about} aria-label={`About ${user.name}`}>
        {editing ? (
          <AboutEditor user={user} />
        ) : user.bio ? (
          <p className={styles.bio}>{user.bio}</p>
        ) : (
          <p className={styles.empty}>{own ? 'Your About page is empty.' : `${user.name} hasn’t written about themselves yet.`}</p>
        )}
        {own && !editing && (
          <Link href="/me/about" className={styles.editLink}>
            Edit your About page
          </Link>
        )}
        <div className={styles.facts}>
          {user.membership?.memberSince ? (
            <p>
              {siteName} member since {formatMonthYear(user.membership.memberSince)}
            </p>
          ) : null}
          <p>Joined {formatMonthYear(user.createdAt)}</p>
          <p className={styles.counts}>
            <Link href={`${base}/followers`}>
              {formatCount(user.socialStats.followerCount)} {user.socialStats.followerCount === 1 ? 'Follower' : 'Followers'}
            </Link>
            <span aria-hidden="true"> · </span>
            <Link href={`${base}/following`}>{formatCount(user.socialStats.followingCount)} Following</Link>
          </p>
        </div>
      </section>
    </div>
  );
}

export function Sidebar({ params }: PageProps) {
  return isYourAbout(params) ? <YourSidebar /> : <NamedSidebar params={params} />;
}

function YourSidebar() {
  const user = useYourUser();
  return user ? <ProfileSidebar user={user} /> : null;
}

function NamedSidebar({ params }: { params: Record<string, string> }) {
  const user = useNamedUser(params);
  return user ? <ProfileSidebar user={user} /> : null;
}
