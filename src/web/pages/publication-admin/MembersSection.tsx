import { useState, type FormEvent } from 'react';
import { formatDate } from '../../../shared/format.js';
import { mutateField } from '../../apollo/mutate.js';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { LoadingButton } from '../../components/loading-button/index.js';
import { useToast } from '../../components/toast/index.js';
import { CHANGE_ROLE, INVITE, LEAVE_PUBLICATION, PUBLICATION_SETTINGS_QUERY, REMOVE_MEMBER, REVOKE_INVITATION, TRANSFER_OWNERSHIP } from '../../graphql/publication-admin-operations.js';
import { Link } from '../../router/Link.js';
import { useNavigation } from '../../router/navigation.js';
import { TRY_AGAIN, type Saved, type SettingsCollection } from './settings-types.js';
import { FormError } from './FormError.js';
import styles from './PublicationAdmin.module.css';

const ROLE_LABEL: Record<string, string> = { OWNER: 'Owner', EDITOR: 'Editor', WRITER: 'Writer' };
const ACTION_LABEL: Record<string, string> = {
  'publication.created': 'created the publication',
  'settings.updated': 'changed the settings',
  'navigation.updated': 'changed the navigation',
  'invitation.sent': 'sent an invitation',
  'invitation.revoked': 'revoked an invitation',
  'invitation.accepted': 'accepted an invitation',
  'invitation.declined': 'declined an invitation',
  'member.role-changed': 'changed a role',
  'member.removed': 'removed a member',
  'member.left': 'left the publication',
  'ownership.transferred': 'transferred ownership',
};

/**
 * Members and their roles, invitations (by username or email, as editor or writer), pending
 * invitations, owner transfer, leaving, and the audit log, newest first.
 */
export function MembersSection({ collection: c, viewerId, onChanged }: { collection: SettingsCollection; viewerId: string; onChanged(next: SettingsCollection): void }) {
  const loadData = useBrowserData();
  const toast = useToast();
  const nav = useNavigation();
  const [who, setWho] = useState('');
  const [role, setRole] = useState('WRITER');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const isOwner = c.viewerEdge.role === 'OWNER';

  /** The settings again from the server (after an invitation changes the pending list). */
  const reload = async () => {
    const { client } = await loadData();
    const { data: raw } = await client.query({ query: PUBLICATION_SETTINGS_QUERY, variables: { id: c.id }, fetchPolicy: 'network-only' });
    const data = raw as { collection: SettingsCollection | null } | undefined;
    if (data?.collection) onChanged(data.collection);
  };

  const member = async (doc: Parameters<typeof mutateField>[1], field: string, vars: Record<string, unknown>, done: string) => {
    setBusy(field);
    const r = (await mutateField(loadData, doc, { collectionId: c.id, ...vars }, field)) as Saved | null;
    setBusy(null);
    if (r?.collection) {
      setError(null);
      onChanged(r.collection);
      toast.show({ message: done });
    } else setError(r?.message ?? TRY_AGAIN);
  };

  const invitation = async (doc: Parameters<typeof mutateField>[1], field: string, vars: Record<string, unknown>, done: string) => {
    setBusy(field);
    const r = await mutateField(loadData, doc, vars, field);
    setBusy(null);
    if (r?.__typename === 'InvitationSuccess') {
      setError(null);
      toast.show({ message: done });
      await reload();
      return true;
    }
    setError(r?.message ?? TRY_AGAIN);
    return false;
  };

  const sendInvite = async (e: FormEvent) => {
    e.preventDefault();
    if (await invitation(INVITE, 'inviteToCollection', { collectionId: c.id, usernameOrEmail: who, role }, 'Invitation sent.')) setWho('');
  };

  const leave = async () => {
    setBusy('leave');
    const r = await mutateField(loadData, LEAVE_PUBLICATION, { collectionId: c.id }, 'leaveCollection');
    setBusy(null);
    if (r?.__typename === 'CollectionSuccess') nav.navigate(`/${c.slug}`);
    else setError(r?.message ?? TRY_AGAIN);
  };

  return (
    <section aria-labelledby="members-heading">
      <h2 id="members-heading" className={styles.subheading}>
        Members
      </h2>
      <ul className={styles.list} aria-label="Members">
        {(c.members ?? []).map((m) => (
          <li key={m.user.id} className={styles.row}>
            <span className={styles.rowMain}>
              {m.user.username ? <Link href={`/@${m.user.username}`}>{m.user.name}</Link> : m.user.name} <span className={styles.muted}>· {ROLE_LABEL[m.role] ?? m.role}</span>
            </span>
            {m.role !== 'OWNER' && m.user.id !== viewerId && (
              <>
                <button type="button" className={styles.textButton} disabled={busy !== null} onClick={() => void member(CHANGE_ROLE, 'changeCollectionRole', { userId: m.user.id, role: m.role === 'EDITOR' ? 'WRITER' : 'EDITOR' }, 'Role changed.')}>
                  Make {m.role === 'EDITOR' ? 'writer' : 'editor'}
                </button>
                <button type="button" className={styles.textButton} disabled={busy !== null} onClick={() => void member(REMOVE_MEMBER, 'removeCollectionMember', { userId: m.user.id }, 'Member removed.')}>
                  Remove
                </button>
              </>
            )}
            {isOwner && m.role === 'EDITOR' && (
              <button type="button" className={styles.textButton} disabled={busy !== null} onClick={() => void member(TRANSFER_OWNERSHIP, 'transferCollectionOwnership', { userId: m.user.id }, 'Ownership transferred.')}>
                Make owner
              </button>
            )}
          </li>
        ))}
      </ul>

      <h2 className={styles.subheading}>Invite</h2>
      <form className={styles.inline} onSubmit={(e) => void sendInvite(e)} noValidate aria-label="Invite">
        <input className={styles.input} aria-label="Username or email address" placeholder="Username or email address" value={who} onChange={(e) => setWho(e.target.value)} />
        <select className={styles.select} aria-label="Role" value={role} onChange={(e) => setRole(e.target.value)}>
          <option value="WRITER">Writer</option>
          <option value="EDITOR">Editor</option>
        </select>
        <LoadingButton type="submit" variant="accent" loading={busy === 'inviteToCollection'} loadingLabel="Inviting">
          Invite
        </LoadingButton>
      </form>
      <FormError message={error} />
      {(c.pendingInvitations ?? []).length > 0 && (
        <ul className={styles.list} aria-label="Pending invitations">
          {(c.pendingInvitations ?? []).map((i) => (
            <li key={i.id} className={styles.row}>
              <span className={styles.rowMain}>
                {i.invitee ? i.invitee.name : i.email} <span className={styles.muted}>· {ROLE_LABEL[i.role]} · open until {formatDate(i.expiresAt)}</span>
              </span>
              <button type="button" className={styles.textButton} disabled={busy !== null} onClick={() => void invitation(REVOKE_INVITATION, 'revokeCollectionInvitation', { invitationId: i.id }, 'Invitation revoked.')}>
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
      {!isOwner && (
        <div className={styles.actions}>
          <LoadingButton variant="outline" loading={busy === 'leave'} loadingLabel="Leaving" onClick={() => void leave()}>
            Leave publication
          </LoadingButton>
        </div>
      )}

      <h2 className={styles.subheading}>Audit log</h2>
      <ul className={styles.list} aria-label="Audit log">
        {(c.auditLog ?? []).map((e) => (
          <li key={e.id} className={styles.row}>
            <span className={styles.rowMain}>
              {e.actor?.name ?? 'Someone'} {ACTION_LABEL[e.action] ?? e.action}
            </span>
            <span className={styles.muted}>{formatDate(e.createdAt)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
