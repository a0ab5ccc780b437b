import type { Tx } from './commands.js';
import { emitDomainEvent } from '../../platform/events/outbox.js';

/**
 * Tells the publication's followers of a story: call it in the transaction that puts a published
 * story into a publication (an editor approves it) or publishes a story that is in one. The
 * notifications module fans it out (each follower once per story, after the commit); calling it
 * twice for the same story tells nobody twice.
 */
export async function announceStoryInPublication(tx: Tx, input: { publicationId: string; postId: string }): Promise<void> {
  await emitDomainEvent(tx, { type: 'publication.storyAdded', payload: { publicationId: input.publicationId, postId: input.postId } });
}
