import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { emitDomainEvent } from '../../platform/events/outbox.js';
import { newId } from '../../platform/ids.js';
import { isOwnUpload } from '../media/queries.js';
import { roleIn } from './queries.js';
import { defaultHomepage, PUBLICATION_COLUMNS, PUBLICATION_LIMITS, PUBLICATION_MESSAGES, type PublicationRole, type PublicationRow, roleAtLeast, slugProblem } from './model.js';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type PublicationOutcome<T = PublicationRow> =
  | { kind: 'ok'; value: T }
  | { kind: 'not-found'; message: string }
  | { kind: 'bad-request'; message: string }
  | { kind: 'forbidden'; message: string }
  | { kind: 'already-exists'; message: string }
  | { kind: 'unauthorized'; message: string };

/** Thrown inside a transaction to roll it back and answer with this outcome. */
export class PublicationRefusal extends Error {
  constructor(readonly outcome: Exclude<PublicationOutcome<never>, { kind: 'ok' }>) {
    super(outcome.kind);
  }
}

const cols = sql.raw(PUBLICATION_COLUMNS);

export async function rowsOf<T>(tx: Pick<Db, 'execute'> | Tx, query: SQL): Promise<T[]> {
  return (await tx.execute(query)).rows as T[];
}

const isUniqueViolation = (e: unknown) => (e as { code?: string }).code === '23505' || (e as { cause?: { code?: string } }).cause?.code === '23505';

/** Runs a publication command in one transaction; a PublicationRefusal rolls it back and becomes the answer. */
export async function publicationTransaction<T>(db: Db, work: (tx: Tx) => Promise<PublicationOutcome<T>>): Promise<PublicationOutcome<T>> {
  try {
    return await db.transaction(work);
  } catch (e) {
    if (e instanceof PublicationRefusal) return e.outcome;
    throw e;
  }
}

/**
 * The publication, locked for the rest of the transaction, when the viewer holds at least
 * `least` there. Every command that changes a publication starts here: the role check and the
 * change see the same membership (a demoted editor's request in flight is refused).
 */
export async function lockWithRole(tx: Tx, publicationId: string, viewerId: string, least: PublicationRole): Promise<{ publication: PublicationRow; role: PublicationRole }> {
  const [publication] = await rowsOf<PublicationRow>(tx, sql`select ${cols} from publications where id = ${publicationId} for update`);
  if (!publication) throw new PublicationRefusal({ kind: 'not-found', message: PUBLICATION_MESSAGES.notFound });
  const role = await roleIn(tx, publicationId, viewerId);
  if (!role || !roleAtLeast(role, least)) throw new PublicationRefusal({ kind: 'forbidden', message: PUBLICATION_MESSAGES.forbidden });
  return { publication, role };
}

/** Appends to the publication's audit log (role and setting changes, shown to editors). */
export async function audit(tx: Tx, publicationId: string, actorId: string, action: string, details: Record<string, unknown> = {}): Promise<void> {
  await tx.execute(sql`insert into publication_audit_log (publication_id, actor_id, action, details) values (${publicationId}, ${actorId}, ${action}, ${JSON.stringify(details)}::jsonb)`);
}

export interface CreatePublicationInput {
  name: string;
  slug: string;
  description?: string | null;
  tags?: readonly string[] | null;
  avatarImageId?: string | null;
  logoImageId?: string | null;
}

/** The first problem with a publication's name, description and tags, if any. */
export function publicationTextProblem(input: { name: string; description?: string | null; tags?: readonly string[] | null }): string | null {
  const name = input.name.trim();
  if (name.length < 1 || name.length > PUBLICATION_LIMITS.name) return PUBLICATION_MESSAGES.name;
  if ((input.description ?? '').trim().length > PUBLICATION_LIMITS.description) return PUBLICATION_MESSAGES.description;
  const tags = input.tags ?? [];
  if (tags.length > PUBLICATION_LIMITS.tags || tags.some((t) => !t.trim() || t.length > PUBLICATION_LIMITS.tagLength)) return PUBLICATION_MESSAGES.tags;
  return null;
}

/** Images a publication shows must be the viewer's own uploads. */
async function imagesProblem(db: Db, viewerId: string, ids: readonly (string | null | undefined)[]): Promise<string | null> {
  for (const id of ids) if (id != null && !(await isOwnUpload(db, id, viewerId))) return PUBLICATION_MESSAGES.image;
  return null;
}

/** /new-publication: the viewer becomes its owner; the homepage starts with the latest stories. */
export async function createPublication(db: Db, viewerId: string, input: CreatePublicationInput): Promise<PublicationOutcome> {
  const slug = input.slug.trim().toLowerCase();
  const problem = publicationTextProblem(input) ?? slugProblem(slug) ?? (await imagesProblem(db, viewerId, [input.avatarImageId, input.logoImageId]));
  if (problem) return { kind: 'bad-request', message: problem };
  const name = input.name.trim();
  const description = (input.description ?? '').trim();
  const tags = [...new Set((input.tags ?? []).map((t) => t.trim()))];
  try {
    return await publicationTransaction(db, async (tx) => {
      const id = newId();
      const [made] = await rowsOf<PublicationRow>(
        tx,
        sql`insert into publications (id, slug, name, description, tags, avatar_image_id, logo_image_id, owner_id, homepage)
          values (${id}, ${slug}, ${name}, ${description}, ${sql.param(tags)}::text[], ${input.avatarImageId ?? null}, ${input.logoImageId ?? null}, ${viewerId},
            ${JSON.stringify(defaultHomepage(name, description))}::jsonb)
          returning ${cols}`,
      );
      await tx.execute(sql`insert into publication_members (publication_id, user_id, role) values (${id}, ${viewerId}, 'OWNER')`);
      await audit(tx, id, viewerId, 'publication.created', { slug, name });
      await emitDomainEvent(tx, { type: 'publication.changed', payload: { publicationId: id } });
      return { kind: 'ok', value: made! };
    });
  } catch (e) {
    if (isUniqueViolation(e)) return { kind: 'already-exists', message: PUBLICATION_MESSAGES.slugTaken };
    throw e;
  }
}
