/**
 * POST /_/webhooks/stripe: Stripe's events, verified on the raw body with the endpoint's signing
 * secret (300 s tolerance: an old signed body replayed later is refused). An event the site acts
 * on is stored once by its id in the payments inbox and applied at once by re-reading the object
 * it names from Stripe, never trusting the copy in the payload: events arriving twice or out of
 * order converge on Stripe's current state. Answers: 400 for a bad signature, 200 for types the
 * site ignores and for events applied (or already applied), 500 when applying failed, so Stripe
 * delivers again (the inbox sweep retries too).
 */
import type Stripe from 'stripe';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../../platform/clock.js';
import { processProviderEvents, recordProviderEvent, type PaymentEventHandlers } from '../inbox.js';
import type { PaymentProvider, ProviderEventType } from '../provider.js';

export const STRIPE_WEBHOOK_PATH = '/_/webhooks/stripe';
export const SIGNATURE_TOLERANCE_SECONDS = 300;
/** Stripe's events are a few kilobytes; a subscription with many items stays well under this. */
const BODY_LIMIT = 512 * 1024;

const idOf = (value: string | { id: string } | null | undefined): string | null => (value == null ? null : typeof value === 'string' ? value : value.id);

/** The provider event a Stripe event stands for and the object to re-read, or null: nothing to do. */
export function providerEventOf(event: Stripe.Event): { type: ProviderEventType; objectRef: string } | null {
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed':
    case 'customer.subscription.pending_update_applied':
    case 'customer.subscription.pending_update_expired':
      return { type: 'subscription.updated', objectRef: event.data.object.id };
    case 'customer.subscription.deleted':
      return { type: 'subscription.deleted', objectRef: event.data.object.id };
    // A renewal paid, failed or waiting for 3-D Secure changes the subscription's payment state.
    case 'invoice.paid':
    case 'invoice.payment_failed':
    case 'invoice.payment_action_required': {
      const subscription = idOf(event.data.object.parent?.subscription_details?.subscription);
      return subscription ? { type: 'subscription.updated', objectRef: subscription } : null;
    }
    // Charges are kept by their PaymentIntent when they have one (the adapter's charge ref).
    case 'charge.succeeded':
    case 'charge.failed':
    case 'charge.refunded': {
      const charge = event.data.object;
      const type = event.type === 'charge.succeeded' ? 'charge.succeeded' : event.type === 'charge.failed' ? 'charge.failed' : 'charge.refunded';
      return { type, objectRef: idOf(charge.payment_intent) ?? charge.id };
    }
    default:
      return null;
  }
}

export interface StripeWebhookDeps {
  provider: PaymentProvider & { readonly stripe: Stripe };
  webhookSecret: string;
  handlers: PaymentEventHandlers;
  clock: Clock;
}

export async function registerStripeWebhooks(app: FastifyInstance, deps: StripeWebhookDeps): Promise<void> {
  await app.register(async (scope) => {
    // The signature covers the exact bytes sent: this route alone reads its body unparsed.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));

    scope.post(STRIPE_WEBHOOK_PATH, async (request, reply) => {
      const signature = request.headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        if (!Buffer.isBuffer(request.body) || typeof signature !== 'string') throw new Error('unsigned');
        event = deps.provider.stripe.webhooks.constructEvent(request.body, signature, deps.webhookSecret, SIGNATURE_TOLERANCE_SECONDS);
      } catch {
        return reply.code(400).send({ message: 'The webhook signature could not be verified.' });
      }
      const mapped = providerEventOf(event);
      if (!mapped) return reply.code(200).send({ received: true });
      await recordProviderEvent(scope.db, { provider: 'STRIPE', id: event.id, type: mapped.type, objectRef: mapped.objectRef, createdAt: new Date(event.created * 1000) }, deps.clock.now());
      const result = await processProviderEvents(scope.db, { provider: deps.provider, handlers: deps.handlers, clock: deps.clock, eventId: event.id });
      if (result.failed > 0) {
        request.log.warn({ eventId: event.id, type: event.type, err: result.errors[0]?.error }, 'stripe webhook: applying the event failed; Stripe will deliver it again');
        return reply.code(500).send({ message: 'The event could not be applied yet.' });
      }
      // A repeated delivery finds the event applied (or waiting for its retry in the inbox sweep).
      return reply.code(200).send({ received: true });
    });
  });
}
