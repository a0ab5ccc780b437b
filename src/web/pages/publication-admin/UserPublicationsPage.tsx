import { useState } from 'react';
import { mutateField } from '../../apollo/mutate.js';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { LoadingButton } from '../../components/loading-button/index.js';
import { useToast } from '../../components/toast/index.js';
import { profileLookup } from '../../components/profile/profile-lookup.js';
import { RESPOND_TO_INVITATION, USER_PUBLICATIONS_QUERY } from '../../graphql/publication-admin-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { Link } from '../../router/Link.js';
import type { PageProps } from '../../router/registry.js';
import { TRY_AGAIN } from './settings-types.js';
import { FormError } from './FormError.js';
import styles from './PublicationAdmin.module.css';

type Pub = { id: string; slug: string; name: string; description?: string };
interface Data {
  viewer: { id: string } | null;
  userResult: { __typename: string; id: string; name: string; memberCollections: { role: string; collection: Pub }[]; collectionInvitations: { id: string; role: string; collection: Pub | null }[] };
}
const ROLE_LABEL: Record<string, string> = { OWNER: 'Owner', EDITOR: 'Editor', WRITER: 'Writer' };

/**
 * /@{username}/publications (page id user-publications, two-column): the publications they work
 * on, with their role; on their own page, open invitations to accept or decline.
 */
export default function UserPublicationsPage({ params }: PageProps) {
  const data = usePageQuery<Data>(USER_PUBLICATIONS_QUERY, profileLookup(params));
  const user = data?.userResult;
  const loadData = useBrowserData();
  const toast = useToast();
  const [memberships, setMemberships] = useState(user?.memberCollections ?? []);
  const [invitations, setInvitations] = useState(user?.collectionInvitations ?? []);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!user || user.__typename !== 'User') return null;
  const own = data?.viewer?.id === user.id;

  const respond = async (inv: (typeof invitations)[number], accept: boolean) => {
    setBusy(`${inv.id}:${accept}`);
    const r = await mutateField(loadData, RESPOND_TO_INVITATION, { invitationId: inv.id, accept }, 'respondToCollectionInvitation');
    setBusy(null);
    if (r?.__typename !== 'InvitationSuccess') return setError(r?.message ?? TRY_AGAIN);
    setError(null);
    setInvitations(invitations.filter((i) => i.id !== inv.id));
    if (accept && inv.collection) setMemberships([...memberships, { role: inv.role, collection: inv.collection }]);
    toast.show({ message: accept ? `You joined ${inv.collection?.name ?? 'the publication'}.` : 'Invitation declined.' });
  };

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{own ? 'Your publications' : `${user.name}’s publications`}</h1>
      {own && invitations.length > 0 && (
        <section aria-labelledby="invitations-heading">
          <h2 id="invitations-heading" className={styles.subheading}>
            Invitations
          </h2>
          <ul className={styles.list} aria-label="Invitations">
            {invitations.map((inv) => (
              <li key={inv.id} className={styles.row}>
                <span className={styles.rowMain}>
                  {inv.collection?.name ?? 'A publication'} <span className={styles.muted}>· as {ROLE_LABEL[inv.role]?.toLowerCase()}</span>
                </span>
                <LoadingButton variant="accent" size="small" loading={busy === `${inv.id}:true`} loadingLabel="Accepting" disabled={busy !== null} onClick={() => void respond(inv, true)}>
                  Accept
                </LoadingButton>
                <LoadingButton variant="outline" size="small" loading={busy === `${inv.id}:false`} loadingLabel="Declining" disabled={busy !== null} onClick={() => void respond(inv, false)}>
                  Decline
                </LoadingButton>
              </li>
            ))}
          </ul>
          <FormError message={error} />
        </section>
      )}
      {memberships.length === 0 ? (
        <p className={styles.muted}>{own ? 'You do not work on any publication yet.' : 'No publications yet.'}</p>
      ) : (
        <ul className={styles.list} aria-label="Publications">
          {memberships.map((m) => (
            <li key={m.collection.id} className={styles.row}>
              <span className={styles.rowMain}>
                <Link href={`/${m.collection.slug}`}>{m.collection.name}</Link> <span className={styles.muted}>· {ROLE_LABEL[m.role] ?? m.role}</span>
              </span>
              {own && m.role !== 'WRITER' && <Link href={`/${m.collection.slug}/settings`}>Settings</Link>}
            </li>
          ))}
        </ul>
      )}
      {own && (
        <p className={styles.hint}>
          <Link href="/new-publication">Start a new publication</Link>
        </p>
      )}
    </div>
  );
}
