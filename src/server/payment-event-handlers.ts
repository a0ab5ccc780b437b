import type { PaymentEventHandlers } from '../modules/payments/inbox.js';
import { syncCharge } from '../modules/payments/ledger.js';
import type { PaymentProvider, SubscriptionSnapshot } from '../modules/payments/provider.js';
import type { DbTransaction } from '../platform/mail/outbox.js';

/**
 * What the site does with each payment provider event, by the kind of object it names
 * (composition root: the payments inbox calls these; only this file knows every module's part).
 * Each runs in the transaction that marks the event processed.
 */

/**
 * Placeholder for the membership module's handler (applySubscriptionSnapshot): until it is
 * wired in here, a subscription's events change nothing on the site's side.
 */
async function membershipSubscriptionHandlerNotWiredYet(_db: DbTransaction, _provider: PaymentProvider, _snapshot: SubscriptionSnapshot): Promise<void> {}

export function paymentEventHandlers(): PaymentEventHandlers {
  return {
    // The membership follows the subscription's state (memberships, access).
    subscription: async (db, provider, snapshot) => {
      await membershipSubscriptionHandlerNotWiredYet(db, provider, snapshot);
    },
    // The ledger records the charge (gifts add their reaction here).
    charge: async (db, provider, chargeRef) => {
      await syncCharge(db, provider, chargeRef);
    },
  };
}
