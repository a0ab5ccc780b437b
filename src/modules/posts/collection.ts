/**
 * The publication a story appears in (posts.collection_id), written only here: the publications
 * module decides (an editor approves or removes a story) and calls these inside its own
 * transaction, so the submission's status and the story's publication change together.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { emitDomainEvent } from '../../platform/events/outbox.js';
import type { Tx } from './drafts.js';
import { publishPost, type PublishResult } from './publish.js';

export interface StoryForSubmission {
  id: string;
  creatorId: string;
  collectionId: string | null;
  isPublished: boolean;
  isResponse: boolean;
  isTrashed: boolean;
}

/** The story, locked for the rest of the transaction (null: no such story). */
export async function lockStoryForSubmission(tx: Tx, postId: string): Promise<StoryForSubmission | null> {
  const { rows } = await tx.execute(sql`select id, creator_id as "creatorId", collection_id as "collectionId",
      first_published_at is not null as "isPublished", (in_response_to_post_id is not null or in_response_to_catalog_id is not null) as "isResponse",
      deleted_at is not null as "isTrashed"
    from posts where id = ${postId} for update`);
  return (rows[0] as unknown as StoryForSubmission | undefined) ?? null;
}

/**
 * Puts the story in a publication (or out of it: null). A published story's readers see the
 * change (its address, 'in {collection}'): post.changed refreshes search and kept pages.
 */
export async function setPostCollection(tx: Tx, postId: string, collectionId: string | null, now = new Date()): Promise<void> {
  const { rows } = await tx.execute(sql`update posts set collection_id = ${collectionId}, updated_at = ${now} where id = ${postId} returning first_published_at is not null as "isPublished"`);
  if ((rows[0] as { isPublished?: boolean } | undefined)?.isPublished) await emitDomainEvent(tx, { type: 'post.changed', payload: { postId } });
}

/**
 * Publishes a draft with the settings it already has (an approved story scheduled by a
 * publication's editors, published by its sweep at that time), as its writer would.
 */
export async function publishDraftAsItIs(tx: Tx, postId: string, now: Date): Promise<PublishResult> {
  const { rows } = await tx.execute(sql`select creator_id as "creatorId", tags, visibility, is_locked as "isLocked", allow_responses as "allowResponses", license from posts where id = ${postId}`);
  const row = rows[0] as { creatorId: string; tags: string[]; visibility: string; isLocked: boolean; allowResponses: boolean; license: string } | undefined;
  if (!row) return { kind: 'not-found', message: 'Post not found.' };
  const visibility = row.visibility === 'UNLISTED' ? 'UNLISTED' : 'PUBLIC';
  // publishPost opens a savepoint inside the sweep's transaction.
  return publishPost(tx as unknown as Db, row.creatorId, postId, { tags: row.tags, visibility, isLocked: row.isLocked, allowResponses: row.allowResponses, license: row.license }, now);
}
