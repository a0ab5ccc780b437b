import { CatalogPreviewCard, catalogOwnerPath, catalogPublicPath, type CatalogPreview } from '../../components/catalog/CatalogPreviewCard.js';
import { ProfileHeader } from '../../components/profile/ProfileHeader.js';
import { ProfileSidebar } from '../../components/profile/ProfileSidebar.js';
import { profileLookup } from '../../components/profile/profile-lookup.js';
import { useProfileUser } from '../../components/profile/use-profile-user.js';
import { useSite } from '../../app-context.js';
import { USER_LISTS_QUERY } from '../../graphql/lists-library-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import type { PageProps } from '../../router/registry.js';
import styles from '../your-catalogs/lists-pages.module.css';

type UserLists = { userResult?: { __typename: string; catalogs?: CatalogPreview[] } };

/**
 * Page id user-catalogs (ShowUserLists, /@{username}/lists): a writer's public lists in the
 * profile's layout. The writer sees their private ones too (with a lock) and their Reading
 * list, each opening their own view; others open the list's public page.
 */
export default function UserCatalogsPage({ params }: PageProps) {
  const user = useProfileUser(params);
  const data = usePageQuery<UserLists>(USER_LISTS_QUERY, profileLookup(params))?.userResult;
  const { viewer } = useSite();
  if (!user) return null;
  const own = viewer?.id === user.id;
  const lists = (data?.catalogs ?? []).filter((c) => !c.predefined || (own && c.predefined === 'READING_LIST'));
  return (
    <div>
      <ProfileHeader user={user} current="lists" />
      <div className={styles.lists}>
        {lists.map((c) => {
          const href = own ? catalogOwnerPath(c) : catalogPublicPath(c);
          return href ? <CatalogPreviewCard key={c.id} catalog={c} href={href} /> : null;
        })}
        {lists.length === 0 && <p className={styles.empty}>{own ? 'Lists you make public show up here.' : `${user.name} has no public lists yet.`}</p>}
      </div>
    </div>
  );
}

export function Sidebar({ params }: PageProps) {
  const user = useProfileUser(params);
  return user ? <ProfileSidebar user={user} /> : null;
}
