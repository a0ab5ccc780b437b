import type { PaymentEventHandlers } from '../modules/payments/inbox.js';
import { syncCharge } from '../modules/payments/ledger.js';
import { applySnapshotInTransaction } from '../modules/membership/apply-snapshot.js';
import type { MembershipEnv } from '../modules/membership/env.js';

/**
 * What the site does with each payment provider event, by the kind of object it names
 * (composition root: the payments inbox calls these; only this file knows every module's part).
 * Each runs in the transaction that marks the event processed.
 *
 * `env` is the membership module's (membershipEnv(config, clock)): the clock the worker runs on
 * and the site name and origin of the dunning emails.
 */
export function paymentEventHandlers(deps: { env: MembershipEnv }): PaymentEventHandlers {
  return {
    // The membership follows the subscription's state (memberships, access, dunning emails).
    subscription: async (db, provider, snapshot) => {
      await applySnapshotInTransaction(db, provider, snapshot, deps.env);
    },
    // The ledger records the charge (gifts add their reaction here).
    charge: async (db, provider, chargeRef) => {
      await syncCharge(db, provider, chargeRef);
    },
  };
}
