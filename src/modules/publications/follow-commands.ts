import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { emitDomainEvent, notifyEventDispatchers } from '../../platform/events/outbox.js';
import { publicationTransaction, PublicationRefusal, rowsOf, type PublicationOutcome, type Tx } from './commands.js';
import { PUBLICATION_COLUMNS, PUBLICATION_MESSAGES, type PublicationRow } from './model.js';

const cols = sql.raw(PUBLICATION_COLUMNS);

export const FOLLOW_MESSAGES = {
  muteOwn: 'You cannot mute your own publication.',
} as const;

type FollowAction = 'follow' | 'unfollow' | 'mute' | 'unmute';

/**
 * The publication locked for the rest of the transaction (its followers_count changes with
 * the row) and the reader's standing. Spec §7 FollowCollection is a reader's action: anyone
 * signed in may follow or mute, but the owner already has the stories of their own
 * publication, so following or muting it is refused. Undoing is always allowed.
 */
async function lockForReader(tx: Tx, publicationId: string, userId: string, action: FollowAction): Promise<PublicationRow> {
  const [publication] = await rowsOf<PublicationRow>(tx, sql`select ${cols} from publications where id = ${publicationId} for update`);
  if (!publication) throw new PublicationRefusal({ kind: 'not-found', message: PUBLICATION_MESSAGES.notFound });
  if (publication.ownerId === userId && (action === 'follow' || action === 'mute'))
    throw new PublicationRefusal({ kind: 'bad-request', message: action === 'follow' ? PUBLICATION_MESSAGES.followSelf : FOLLOW_MESSAGES.muteOwn });
  return publication;
}

/** What a command did: `changed` is false when the row was already as asked (a double click). */
export interface FollowChange {
  publication: PublicationRow;
  changed: boolean;
}

async function run(db: Db, publicationId: string, userId: string, action: FollowAction, change: (tx: Tx) => Promise<boolean>): Promise<PublicationOutcome<FollowChange>> {
  const outcome = await publicationTransaction<FollowChange>(db, async (tx) => {
    await lockForReader(tx, publicationId, userId, action);
    const changed = await change(tx);
    if (changed) await emitDomainEvent(tx, { type: `publication.${action}ed` as 'publication.followed', payload: { publicationId, userId } });
    const [publication] = await rowsOf<PublicationRow>(tx, sql`select ${cols} from publications where id = ${publicationId}`);
    return { kind: 'ok', value: { publication: publication!, changed } };
  });
  if (outcome.kind === 'ok' && outcome.value.changed) notifyEventDispatchers();
  return outcome;
}

/**
 * Spec §7 FollowCollection. Idempotent: the row is inserted at most once (the publication row
 * lock orders concurrent requests), and the count and the event follow only a real insert.
 */
export function followPublication(db: Db, userId: string, publicationId: string) {
  return run(db, publicationId, userId, 'follow', async (tx) => {
    const { rows } = await tx.execute(sql`insert into publication_follows (publication_id, user_id) values (${publicationId}, ${userId}) on conflict do nothing returning 1`);
    if (rows.length === 0) return false;
    await tx.execute(sql`update publications set followers_count = followers_count + 1 where id = ${publicationId}`);
    return true;
  });
}

/** Spec §7 UnfollowCollection. */
export function unfollowPublication(db: Db, userId: string, publicationId: string) {
  return run(db, publicationId, userId, 'unfollow', async (tx) => {
    const { rows } = await tx.execute(sql`delete from publication_follows where publication_id = ${publicationId} and user_id = ${userId} returning 1`);
    if (rows.length === 0) return false;
    await tx.execute(sql`update publications set followers_count = greatest(followers_count - 1, 0) where id = ${publicationId}`);
    return true;
  });
}

/** Spec §7 muteCollection: the publication's stories leave the reader's feeds. A mute keeps a follow as it is. */
export function mutePublication(db: Db, userId: string, publicationId: string) {
  return run(db, publicationId, userId, 'mute', async (tx) => {
    const { rows } = await tx.execute(sql`insert into publication_mutes (publication_id, user_id) values (${publicationId}, ${userId}) on conflict do nothing returning 1`);
    return rows.length > 0;
  });
}

/** Spec §7 unmuteCollection. */
export function unmutePublication(db: Db, userId: string, publicationId: string) {
  return run(db, publicationId, userId, 'unmute', async (tx) => {
    const { rows } = await tx.execute(sql`delete from publication_mutes where publication_id = ${publicationId} and user_id = ${userId} returning 1`);
    return rows.length > 0;
  });
}
