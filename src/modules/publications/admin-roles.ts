import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { notifyEventDispatchers } from '../../platform/events/outbox.js';
import { newId } from '../../platform/ids.js';
import { enqueueEmail, notifyMailers, renderEmail } from '../../platform/mail/index.js';
import { normalizeEmail } from '../accounts/validation.js';
import { sendSystemNotice } from '../notifications/commands.js';
import { ADMIN_LIMITS, ADMIN_MESSAGES, isInvitableRole } from './admin-model.js';
import { audit, lockWithRole, publicationTransaction, PublicationRefusal, rowsOf, type PublicationOutcome, type Tx } from './commands.js';
import { roleIn } from './queries.js';
import type { PublicationRole } from './model.js';

const bad = (message: string): never => {
  throw new PublicationRefusal({ kind: 'bad-request', message });
};

/** Where links in invitations point and what the site is called. */
export interface InviteMailContext {
  origin: string;
  siteName: string;
}

export interface InvitationRow {
  id: string;
  publicationId: string;
  inviterId: string | null;
  inviteeId: string | null;
  email: string | null;
  role: 'EDITOR' | 'WRITER';
  status: string;
  createdAt: Date;
  expiresAt: Date;
}

const INVITATION_COLUMNS = sql.raw(`id, publication_id as "publicationId", inviter_id as "inviterId", invitee_id as "inviteeId", email, role, status,
  created_at as "createdAt", expires_at as "expiresAt"`);

/**
 * Editors invite by username (the user gets a notification) or by email (an email with a link;
 * the address may have no account yet). Inviting the same person again renews the open
 * invitation: new role, 14 more days.
 */
export async function invite(db: Db, viewerId: string, publicationId: string, input: { usernameOrEmail: string; role: string }, mail: InviteMailContext): Promise<PublicationOutcome<InvitationRow>> {
  const outcome = await publicationTransaction(db, async (tx) => {
    const { publication } = await lockWithRole(tx, publicationId, viewerId, 'EDITOR');
    if (!isInvitableRole(input.role)) bad(ADMIN_MESSAGES.inviteRole);
    const target = input.usernameOrEmail.trim().replace(/^@/, '');
    if (!target) bad(ADMIN_MESSAGES.inviteTarget);
    const email = target.includes('@') ? normalizeEmail(target) : null;
    if (target.includes('@') && !email) bad(ADMIN_MESSAGES.inviteTarget);
    let inviteeId: string | null = null;
    if (!email) {
      const [user] = await rowsOf<{ id: string }>(tx, sql`select id from users where lower(username) = ${target.toLowerCase()}`);
      if (!user) return bad(ADMIN_MESSAGES.noSuchUser);
      inviteeId = user.id;
    }
    const [existingMember] = await rowsOf<{ n: number }>(
      tx,
      inviteeId
        ? sql`select 1 as n from publication_members where publication_id = ${publicationId} and user_id = ${inviteeId}`
        : sql`select 1 as n from publication_members m join users u on u.id = m.user_id where m.publication_id = ${publicationId} and u.email = ${email}`,
    );
    if (existingMember) bad(ADMIN_MESSAGES.alreadyMember);
    const expires = sql`now() + make_interval(days => ${ADMIN_LIMITS.invitationDays})`;
    const conflict = inviteeId
      ? sql`on conflict (publication_id, invitee_id) where status = 'PENDING' and invitee_id is not null`
      : sql`on conflict (publication_id, email) where status = 'PENDING' and email is not null`;
    const [made] = await rowsOf<InvitationRow>(
      tx,
      sql`insert into publication_invitations (id, publication_id, inviter_id, invitee_id, email, role, expires_at)
        values (${newId()}, ${publicationId}, ${viewerId}, ${inviteeId}, ${email}, ${input.role}, ${expires})
        ${conflict} do update set role = excluded.role, inviter_id = excluded.inviter_id, created_at = now(), expires_at = excluded.expires_at
        returning ${INVITATION_COLUMNS}`,
    );
    const [inviter] = await rowsOf<{ name: string; username: string | null }>(tx, sql`select name, username from users where id = ${viewerId}`);
    const text = `${inviter?.name ?? 'An editor'} invited you to ${made!.role === 'EDITOR' ? 'edit' : 'write for'} ${publication.name}.`;
    if (inviteeId) {
      const [invitee] = await rowsOf<{ username: string | null }>(tx, sql`select username from users where id = ${inviteeId}`);
      await sendSystemNotice(tx, { userId: inviteeId, key: `publication-invitation:${made!.id}:${new Date(made!.createdAt).getTime()}`, text, href: `/@${invitee?.username ?? ''}/publications` });
    } else {
      const message = renderEmail({
        siteName: mail.siteName,
        heading: `Join ${publication.name}`,
        paragraphs: [text, `Sign in (or sign up) with this email address, then open Manage publications in your avatar menu to accept or decline. The invitation is open for ${ADMIN_LIMITS.invitationDays} days.`],
        action: { label: 'Sign in to answer', url: `${mail.origin}/m/signin?operation=login` },
        footer: 'If you do not know this publication, ignore this email.',
      });
      await enqueueEmail(tx, { to: email!, subject: `You are invited to ${publication.name}`.replace(/[\r\n]+/g, ' '), text: message.text, html: message.html, kind: 'publication-invitation' });
    }
    await audit(tx, publicationId, viewerId, 'invitation.sent', { invitationId: made!.id, role: made!.role, ...(inviteeId ? { userId: inviteeId } : { email }) });
    return { kind: 'ok' as const, value: made! };
  });
  if (outcome.kind === 'ok') (outcome.value.email ? notifyMailers : notifyEventDispatchers)();
  return outcome;
}

/** Editors withdraw an open invitation. */
export async function revokeInvitation(db: Db, viewerId: string, invitationId: string): Promise<PublicationOutcome<InvitationRow>> {
  const [found] = await rowsOf<{ publicationId: string }>(db, sql`select publication_id as "publicationId" from publication_invitations where id = ${invitationId}`);
  if (!found) return { kind: 'not-found', message: ADMIN_MESSAGES.invitationGone };
  return publicationTransaction(db, async (tx) => {
    await lockWithRole(tx, found.publicationId, viewerId, 'EDITOR');
    const [row] = await rowsOf<InvitationRow>(tx, sql`update publication_invitations set status = 'REVOKED', responded_at = now() where id = ${invitationId} and status = 'PENDING' returning ${INVITATION_COLUMNS}`);
    if (!row) bad(ADMIN_MESSAGES.invitationGone);
    await audit(tx, found.publicationId, viewerId, 'invitation.revoked', { invitationId, role: row!.role });
    return { kind: 'ok' as const, value: row! };
  });
}

/**
 * The invitee accepts or declines on /@{username}/publications. An email invitation belongs to the
 * account whose verified email is that address at this moment. Accepting never weakens a role
 * the invitee already holds.
 */
export async function respondToInvitation(db: Db, viewerId: string, invitationId: string, accept: boolean): Promise<PublicationOutcome<InvitationRow>> {
  const [found] = await rowsOf<{ publicationId: string }>(db, sql`select publication_id as "publicationId" from publication_invitations where id = ${invitationId}`);
  if (!found) return { kind: 'not-found', message: ADMIN_MESSAGES.invitationGone };
  return publicationTransaction(db, async (tx) => {
    // The invitee has no role yet: lock the publication row so that a role change and this answer serialize.
    const [pub] = await rowsOf<{ id: string }>(tx, sql`select id from publications where id = ${found.publicationId} for update`);
    if (!pub) throw new PublicationRefusal({ kind: 'not-found', message: ADMIN_MESSAGES.invitationGone });
    const [inv] = await rowsOf<InvitationRow & { mine: boolean }>(
      tx,
      sql`select ${INVITATION_COLUMNS}, (invitee_id = ${viewerId} or email = (select email from users where id = ${viewerId})) as mine
        from publication_invitations where id = ${invitationId} for update`,
    );
    if (!inv?.mine) throw new PublicationRefusal({ kind: 'forbidden', message: ADMIN_MESSAGES.notYourInvitation });
    if (inv.status !== 'PENDING' || new Date(inv.expiresAt).getTime() <= Date.now()) bad(ADMIN_MESSAGES.invitationGone);
    const [row] = await rowsOf<InvitationRow>(
      tx,
      sql`update publication_invitations set status = ${accept ? 'ACCEPTED' : 'DECLINED'}, responded_at = now(), invitee_id = ${viewerId}, email = null
        where id = ${invitationId} returning ${INVITATION_COLUMNS}`,
    );
    if (accept) {
      await tx.execute(sql`insert into publication_members (publication_id, user_id, role) values (${found.publicationId}, ${viewerId}, ${inv.role})
        on conflict (publication_id, user_id) do update set role = excluded.role where publication_members.role = 'WRITER'`);
    }
    await audit(tx, found.publicationId, viewerId, accept ? 'invitation.accepted' : 'invitation.declined', { invitationId, role: inv.role });
    return { kind: 'ok' as const, value: row! };
  });
}

/** Editors change another member's role between EDITOR and WRITER; the owner's changes only by transfer. */
export async function changeRole(db: Db, viewerId: string, publicationId: string, userId: string, role: string): Promise<PublicationOutcome<{ userId: string; role: string }>> {
  return publicationTransaction(db, async (tx) => {
    await lockWithRole(tx, publicationId, viewerId, 'EDITOR');
    if (!isInvitableRole(role)) bad(ADMIN_MESSAGES.inviteRole);
    const current = await roleIn(tx, publicationId, userId);
    if (!current) bad(ADMIN_MESSAGES.notMember);
    if (current === 'OWNER') bad(ADMIN_MESSAGES.ownerRole);
    await tx.execute(sql`update publication_members set role = ${role} where publication_id = ${publicationId} and user_id = ${userId}`);
    await audit(tx, publicationId, viewerId, 'member.role-changed', { userId, from: current, to: role });
    return { kind: 'ok' as const, value: { userId, role } };
  });
}

/** Editors remove another member (not the owner; members leave by themselves). */
export async function removeMember(db: Db, viewerId: string, publicationId: string, userId: string): Promise<PublicationOutcome<{ userId: string }>> {
  return publicationTransaction(db, async (tx) => {
    await lockWithRole(tx, publicationId, viewerId, 'EDITOR');
    if (userId === viewerId) bad(ADMIN_MESSAGES.removeSelf);
    const current = await roleIn(tx, publicationId, userId);
    if (!current) bad(ADMIN_MESSAGES.notMember);
    if (current === 'OWNER') bad(ADMIN_MESSAGES.ownerRole);
    await tx.execute(sql`delete from publication_members where publication_id = ${publicationId} and user_id = ${userId}`);
    await audit(tx, publicationId, viewerId, 'member.removed', { userId, role: current });
    return { kind: 'ok' as const, value: { userId } };
  });
}

/** The owner hands the publication to one of its editors and stays on as an editor. */
export async function transferOwnership(db: Db, viewerId: string, publicationId: string, userId: string): Promise<PublicationOutcome<{ ownerId: string }>> {
  return publicationTransaction(db, async (tx) => {
    await lockWithRole(tx, publicationId, viewerId, 'OWNER');
    if ((await roleIn(tx, publicationId, userId)) !== 'EDITOR') bad(ADMIN_MESSAGES.transferTarget);
    await tx.execute(sql`update publication_members set role = 'EDITOR' where publication_id = ${publicationId} and user_id = ${viewerId}`);
    await tx.execute(sql`update publication_members set role = 'OWNER' where publication_id = ${publicationId} and user_id = ${userId}`);
    await tx.execute(sql`update publications set owner_id = ${userId}, updated_at = now() where id = ${publicationId}`);
    await audit(tx, publicationId, viewerId, 'ownership.transferred', { from: viewerId, to: userId });
    return { kind: 'ok' as const, value: { ownerId: userId } };
  });
}

/** A writer or editor stops working on the publication; the owner transfers ownership first. */
export async function leavePublication(db: Db, viewerId: string, publicationId: string): Promise<PublicationOutcome<{ userId: string }>> {
  return publicationTransaction(db, async (tx) => {
    const { role } = await lockWithRole(tx, publicationId, viewerId, 'WRITER');
    if (role === 'OWNER') bad(ADMIN_MESSAGES.ownerLeaves);
    await tx.execute(sql`delete from publication_members where publication_id = ${publicationId} and user_id = ${viewerId}`);
    await audit(tx, publicationId, viewerId, 'member.left', { role });
    return { kind: 'ok' as const, value: { userId: viewerId } };
  });
}
