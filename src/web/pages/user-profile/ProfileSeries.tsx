import { formatCountOf } from '../../../shared/format.js';
import { profileLookup } from '../../components/profile/profile-lookup.js';
import type { ProfileUser } from '../../components/profile/profile-types.js';
import { PROFILE_SERIES_QUERY } from '../../graphql/profile-series-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { Link } from '../../router/Link.js';
import styles from './ProfileSeries.module.css';

type Data = { userResult?: { __typename: string; sequences?: { id: string; slug: string; title: string; description: string; isPublished: boolean; itemsCount: number }[] } };

/** The profile's SERIES tab: the writer's published series (their own drafts too, marked, for themselves). */
export function ProfileSeries({ user, params }: { user: ProfileUser; params: Record<string, string> }) {
  const list = usePageQuery<Data>(PROFILE_SERIES_QUERY, profileLookup(params))?.userResult?.sequences ?? [];
  if (list.length === 0) return <p className={styles.empty}>{user.name} hasn’t published a series yet.</p>;
  return (
    <ul className={styles.list} aria-label={`Series by ${user.name}`}>
      {list.map((s) => (
        <li key={s.id} className={styles.row}>
          <Link href={`/s/${s.slug}`} className={styles.title}>
            {s.title}
          </Link>
          {s.description && <p className={styles.description}>{s.description}</p>}
          <p className={styles.meta}>
            {formatCountOf(s.itemsCount, 'part', 'parts')}
            {!s.isPublished && ' · Draft'}
          </p>
        </li>
      ))}
    </ul>
  );
}
