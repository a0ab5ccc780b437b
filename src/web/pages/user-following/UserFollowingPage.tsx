import { PeopleList } from '../../components/profile/PeopleList.js';
import { ProfileSidebar } from '../../components/profile/ProfileSidebar.js';
import { useProfileUser } from '../../components/profile/use-profile-user.js';
import type { PageProps } from '../../router/registry.js';

/** Page id user-following (two-column): /@{username}/following. */
export default function UserFollowingPage({ params }: PageProps) {
  const user = useProfileUser(params);
  return user ? <PeopleList user={user} side="following" params={params} /> : null;
}

export function Sidebar({ params }: PageProps) {
  const user = useProfileUser(params);
  return user ? <ProfileSidebar user={user} /> : null;
}
