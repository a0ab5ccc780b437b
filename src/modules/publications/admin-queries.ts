import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { PUBLICATION_COLUMNS, type PublicationRole, type PublicationRow } from './model.js';

type Reader = Pick<Db, 'execute'>;
const rows = async <T>(db: Reader, q: ReturnType<typeof sql>) => (await db.execute(q)).rows as T[];
const prefixed = (alias: string) => sql.raw(PUBLICATION_COLUMNS.replace(/\n\s*/g, ' ').split(', ').map((c) => `${alias}.${c}`).join(', '));

export interface MemberRow {
  userId: string;
  role: PublicationRole;
  createdAt: Date;
}

/** The publication's members: owner first, then editors, then writers, each newest first. */
export function publicationMemberList(db: Reader, publicationId: string): Promise<MemberRow[]> {
  return rows(db, sql`select user_id as "userId", role, created_at as "createdAt" from publication_members where publication_id = ${publicationId}
    order by case role when 'OWNER' then 0 when 'EDITOR' then 1 else 2 end, created_at desc, user_id`);
}

export interface OpenInvitationRow {
  id: string;
  publicationId: string;
  inviteeId: string | null;
  email: string | null;
  role: string;
  createdAt: Date;
  expiresAt: Date;
}

const OPEN = sql`status = 'PENDING' and expires_at > now()`;
const OPEN_COLUMNS = sql.raw(`id, publication_id as "publicationId", invitee_id as "inviteeId", email, role, created_at as "createdAt", expires_at as "expiresAt"`);

/** Invitations of the publication not yet answered nor expired, newest first. */
export function openInvitationsOf(db: Reader, publicationId: string): Promise<OpenInvitationRow[]> {
  return rows(db, sql`select ${OPEN_COLUMNS} from publication_invitations where publication_id = ${publicationId} and ${OPEN} order by created_at desc, id`);
}

/** Open invitations for a user: to them by name, or to their verified email address. */
export function openInvitationsFor(db: Reader, userId: string): Promise<OpenInvitationRow[]> {
  return rows(db, sql`select ${OPEN_COLUMNS} from publication_invitations where ${OPEN}
    and (invitee_id = ${userId} or email = (select email from users where id = ${userId})) order by created_at desc, id`);
}

/** Publications the user works on, with their role: strongest role first, then newest. */
export function publicationsOfMember(db: Reader, userId: string): Promise<(PublicationRow & { memberRole: PublicationRole })[]> {
  return rows(db, sql`select ${prefixed('p')}, m.role as "memberRole" from publication_members m join publications p on p.id = m.publication_id
    where m.user_id = ${userId} order by case m.role when 'OWNER' then 0 when 'EDITOR' then 1 else 2 end, m.created_at desc, p.id`);
}

export interface AuditRow {
  id: number;
  actorId: string | null;
  action: string;
  details: Record<string, unknown>;
  createdAt: Date;
}

/** The audit log newest first, page by page (before: the last entry's id). */
export function auditLogOf(db: Reader, publicationId: string, limit: number, before: number | null): Promise<AuditRow[]> {
  return rows(db, sql`select id, actor_id as "actorId", action, details, created_at as "createdAt" from publication_audit_log
    where publication_id = ${publicationId} ${before ? sql`and id < ${before}` : sql``} order by id desc limit ${limit}`);
}

/** The about tab's text ('' when never written). */
export async function aboutOf(db: Reader, publicationId: string): Promise<string> {
  const [row] = await rows<{ about: string }>(db, sql`select about from publication_about where publication_id = ${publicationId}`);
  return row?.about ?? '';
}
