import { useState } from 'react';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { LoadingButton } from '../../components/loading-button/index.js';
import { PUBLICATION_FOLLOWERS_PAGE_QUERY } from '../../graphql/publication-admin-operations.js';
import { Link } from '../../router/Link.js';
import { TRY_AGAIN, type SettingsCollection } from './settings-types.js';
import { FormError } from './FormError.js';
import styles from './PublicationAdmin.module.css';

type Page = NonNullable<SettingsCollection['followers']>;

/** /settings/followers: how many follow the publication, and who, newest first, 25 at a time. */
export function FollowersTab({ collection }: { collection: SettingsCollection }) {
  const loadData = useBrowserData();
  const [users, setUsers] = useState(collection.followers?.users ?? []);
  const [next, setNext] = useState(collection.followers?.next ?? null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const more = async () => {
    setBusy(true);
    try {
      const { client } = await loadData();
      const { data: raw } = await client.query({ query: PUBLICATION_FOLLOWERS_PAGE_QUERY, variables: { id: collection.id, after: next }, fetchPolicy: 'network-only' });
      const data = raw as { collection: { followers: Page } | null } | undefined;
      const page = data?.collection?.followers;
      if (page) {
        setUsers([...users, ...page.users]);
        setNext(page.next);
      }
      setError(null);
    } catch {
      setError(TRY_AGAIN);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-label="Followers">
      <p>
        {collection.subscriberCount} {collection.subscriberCount === 1 ? 'follower' : 'followers'}
      </p>
      {users.length === 0 ? (
        <p className={styles.muted}>No one follows this publication yet.</p>
      ) : (
        <ul className={styles.list} aria-label="Followers, newest first">
          {users.map((u) => (
            <li key={u.id} className={styles.row}>
              <span className={styles.rowMain}>{u.username ? <Link href={`/@${u.username}`}>{u.name}</Link> : u.name}</span>
            </li>
          ))}
        </ul>
      )}
      <FormError message={error} />
      {next && (
        <div className={styles.actions}>
          <LoadingButton variant="outline" loading={busy} loadingLabel="Loading" onClick={() => void more()}>
            Show more
          </LoadingButton>
        </div>
      )}
    </section>
  );
}
