import type { EventHandlers } from '../../platform/events/dispatcher.js';
import { queueSendsForPost, recordDeliveryOutcome } from './send-commands.js';
import { notifyNewsletterSenders } from './send-wake.js';

/** The newsletter sender's reactions: a first publication queues its sends; bounces and complaints mark the ledger. */
export function newsletterSendHandlers(): EventHandlers {
  return {
    'post.published': [
      async (tx, e, meta) => {
        if ((await queueSendsForPost(tx, e.postId)) > 0) meta.afterCommit(notifyNewsletterSenders);
      },
    ],
    'mail.bounced': [(tx, e) => recordDeliveryOutcome(tx, e.ref, 'BOUNCED').then(() => undefined)],
    'mail.complained': [(tx, e) => recordDeliveryOutcome(tx, e.ref, 'COMPLAINED').then(() => undefined)],
  };
}
