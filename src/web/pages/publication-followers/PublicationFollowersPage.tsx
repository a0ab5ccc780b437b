import { formatFollowers } from '../../../shared/format.js';
import { FollowButton } from '../../components/follow-button/FollowButton.js';
import { PersonRow, type PersonRowUser } from '../../components/follow-button/PersonRow.js';
import { ShowMore } from '../../components/profile/ShowMore.js';
import { usePagedList } from '../../components/profile/use-paged-list.js';
import { PublicationMasthead } from '../../components/publication/PublicationMasthead.js';
import { PublicationActions } from '../../components/publication/PublicationActions.js';
import { publicationVariables, type PublicationFrameData } from '../../components/publication/publication-key.js';
import { PUBLICATION_FOLLOWERS_QUERY } from '../../graphql/publication-follow-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import type { PageProps } from '../../router/registry.js';
import profileStyles from '../../components/profile/profile.module.css';

type Person = PersonRowUser & { viewerEdge: { id: string } };
type Data = { collection: (PublicationFrameData & { followersConnection: { users: Person[]; pagingInfo: { next: { to: string | null } | null } } }) | null };

/**
 * publication-followers (/{slug}/followers, ShowLiteCollectionFollowers): the masthead, the
 * count as the heading, then the followers, most recent first, with Follow on each; Show more pages on.
 */
export default function PublicationFollowersPage({ params }: PageProps) {
  const key = publicationVariables(params);
  const publication = usePageQuery<Data>(PUBLICATION_FOLLOWERS_QUERY, { ...key, to: null })?.collection ?? null;
  const list = usePagedList<Person>(
    PUBLICATION_FOLLOWERS_QUERY,
    (to) => ({ ...key, to }),
    (data) => {
      const conn = (data as Data | undefined)?.collection?.followersConnection;
      return conn ? { items: conn.users, next: conn.pagingInfo.next?.to ?? null } : null;
    },
  );
  if (!publication) return null;
  return (
    <>
      <PublicationMasthead publication={publication} actions={<PublicationActions publication={publication} />} />
      <div className={profileStyles.header}>
        <h1 className={profileStyles.peopleHeading}>{formatFollowers(publication.subscriberCount)}</h1>
        {list.items.length === 0 ? (
          <p className={profileStyles.empty}>{publication.name} has no followers yet.</p>
        ) : (
          <ul className={profileStyles.people} aria-label={`Followers of ${publication.name}`}>
            {list.items.map((u) => (
              <PersonRow key={u.id} user={u} action={<FollowButton user={u} size="small" />} />
            ))}
          </ul>
        )}
        <ShowMore hasMore={list.hasMore} loading={list.loading} failed={list.failed} onMore={() => void list.more()} />
      </div>
    </>
  );
}
