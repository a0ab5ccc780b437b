/**
 * POST /_/webhooks/mailgun: Mailgun's event webhooks (JSON), for a site sending through Mailgun's
 * SMTP relay or API. Each is signed: `signature.signature` is the hex HMAC-SHA256 of
 * `timestamp + token` under the account's webhook signing key (MAILGUN_WEBHOOK_SIGNING_KEY); one
 * that does not verify is 403 and nothing is written.
 *
 * `failed` with severity permanent → hard bounce, except reason `old` (Mailgun retried a
 * temporary failure until it gave up) → soft; severity temporary → nothing (Mailgun still
 * retries, and its last word comes as another event); `complained` → complaint; `delivered` →
 * a delivery. The ref is the user variable `inkwell-ref` (sent as the `X-Mailgun-Variables`
 * header or `v:inkwell-ref`); the event id recognises a repeat.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { normalizeAddress, recordBounce, recordComplaint, recordDelivered } from './suppression.js';

export const MAILGUN_WEBHOOK_PATH = '/_/webhooks/mailgun';
/** The user variable naming the delivery's ref (like VERP's ref and SES_REF_TAG). */
export const MAILGUN_REF_VARIABLE = 'inkwell-ref';

interface MailgunBody {
  signature?: { timestamp?: unknown; token?: unknown; signature?: unknown };
  'event-data'?: {
    event?: string;
    id?: string;
    severity?: string;
    reason?: string;
    recipient?: string;
    timestamp?: number;
    'user-variables'?: Record<string, unknown>;
    'delivery-status'?: { code?: unknown; message?: unknown; description?: unknown };
  };
}

/** True when `signature` is the HMAC of `timestamp + token` under `signingKey`. */
export function mailgunSignatureValid(signingKey: string, s: MailgunBody['signature']): boolean {
  if (!s || typeof s.timestamp !== 'string' || typeof s.token !== 'string' || typeof s.signature !== 'string') return false;
  const expected = createHmac('sha256', signingKey).update(s.timestamp + s.token).digest();
  const given = Buffer.from(s.signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function registerMailgunWebhook(app: FastifyInstance, opts: { signingKey: string }): void {
  app.post(MAILGUN_WEBHOOK_PATH, async (request, reply) => {
    const body = request.body as MailgunBody | null;
    if (typeof body !== 'object' || body === null || !mailgunSignatureValid(opts.signingKey, body.signature)) {
      return reply.code(403).send({ message: 'The webhook signature could not be verified.' });
    }
    const event = body['event-data'];
    if (!event || typeof event.recipient !== 'string') return reply.code(200).send({ received: true });
    const refValue = event['user-variables']?.[MAILGUN_REF_VARIABLE];
    const ref = typeof refValue === 'string' && /^[A-Za-z0-9_-]*$/.test(refValue) ? refValue : '';
    const at = typeof event.timestamp === 'number' ? new Date(event.timestamp * 1000) : undefined;
    const status = event['delivery-status'];
    const detail = [event.severity, event.reason, status?.code, status?.message, status?.description].filter((v) => v !== undefined && v !== '').join(' ');
    const address = normalizeAddress(event.recipient);
    if (!address) return reply.code(200).send({ received: true });
    if (event.event === 'failed' && event.severity === 'permanent') {
      await recordBounce(app.db, { address, kind: event.reason === 'old' ? 'soft' : 'hard', detail, source: 'mailgun', ref, eventKey: event.id ? `mailgun:${event.id}` : undefined, at });
    } else if (event.event === 'complained') await recordComplaint(app.db, { address, detail: 'complaint', source: 'mailgun', ref, at });
    else if (event.event === 'delivered') await recordDelivered(app.db, address);
    return reply.code(200).send({ received: true });
  });
}
