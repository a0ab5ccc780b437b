import type { Db } from '../../platform/db/client.js';
import type { Paragraph } from '../../shared/paragraphs.js';
import type { PostRow } from '../posts/queries.js';
import { insertResponseRow, LIST_RESPONSES_CLOSED_MESSAGE, setCatalogResponseHidden } from '../posts/responses.js';
import { catalogDiscussionState } from './queries.js';
import type { CatalogRow } from './model.js';

/**
 * A list's discussion (spec §3 Catalog threaded responses). A response to a list is a story
 * of its own like a response to a story (posts module, responses.ts): depth 1, with
 * inResponseToCatalogId instead of a parent post. Replies to it are ordinary responses,
 * published by publishResponse, which asks the list whether its discussion is open.
 */

export const DISCUSSION_MESSAGES = {
  notOwner: 'Only the owner of a list can hide or show the responses to it.',
  closed: LIST_RESPONSES_CLOSED_MESSAGE,
} as const;

export type RespondOutcome = { kind: 'ok'; postId: string } | { kind: 'not-found' } | { kind: 'bad-request'; message: string };

/**
 * Publishes a response to a list the actor may see. The list row is held (FOR SHARE) while
 * the response is written: an owner locking responses at the same moment either lands first
 * (the spec's 'closed discussion' message, nothing written) or waits for this response.
 * `paragraphs` are already checked (checkResponseParagraphs).
 */
export function respondToCatalog(db: Db, actorId: string, catalogId: string, paragraphs: Paragraph[], now: Date = new Date()): Promise<RespondOutcome> {
  return db.transaction(async (tx): Promise<RespondOutcome> => {
    const state = await catalogDiscussionState(tx, catalogId, actorId);
    if (state === 'not-found') return { kind: 'not-found' };
    if (state === 'closed') return { kind: 'bad-request', message: DISCUSSION_MESSAGES.closed };
    const postId = await insertResponseRow(tx, actorId, { paragraphs, inResponseToCatalogId: catalogId, responseDepth: 1, now });
    return { kind: 'ok', postId };
  });
}

export type HideOutcome = { kind: 'ok'; response: PostRow } | { kind: 'not-found' } | { kind: 'forbidden' };

/**
 * Hides a response to a list, or shows it again (ShowCatalogResponseOnParent): the list's
 * owner only. Staff moderate elsewhere. `catalog` is the list as the viewer may see it.
 */
export async function setCatalogResponseVisibility(db: Db, actorId: string, catalog: CatalogRow, responseId: string, hidden: boolean): Promise<HideOutcome> {
  if (catalog.userId !== actorId) return { kind: 'forbidden' };
  return setCatalogResponseHidden(db, catalog.id, responseId, hidden);
}
