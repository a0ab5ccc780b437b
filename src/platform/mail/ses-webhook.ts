/**
 * POST /_/webhooks/ses: Amazon SES's bounce, complaint and delivery notifications, as Amazon SNS
 * delivers them to an HTTPS subscription of the topic SES_SNS_TOPIC_ARN (SES identity
 * notifications, `notificationType`, or configuration-set event publishing, `eventType`).
 *
 * Every message is verified first (sns.ts): another topic, or a signature that does not hold, is
 * 403 and nothing is written or fetched beyond AWS's certificate. A SubscriptionConfirmation of
 * that topic is confirmed by fetching its SubscribeURL (an AWS URL, through safeFetch).
 * Bounce: Permanent → hard; Transient and Undetermined → soft. Complaint → complaint (unless its
 * feedback type is not-spam). Delivery → the soft bounce count is forgotten. The delivery's ref
 * is read from the message tag SES_REF_TAG (a sender that wants its ledger marked sets it; SES
 * rewrites the return path, so VERP cannot carry it). SNS delivers again on any non-2xx answer,
 * with the same MessageId, which is what a repeated soft bounce is recognised by.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { decodeUtf8 } from '../http/body-parsers.js';
import { safeFetch } from '../http/safe-fetch.js';
import { createSnsVerifier, parseSnsMessage, type SnsVerifier } from './sns.js';
import { normalizeAddress, recordBounce, recordComplaint, recordDelivered } from './suppression.js';

export const SES_WEBHOOK_PATH = '/_/webhooks/ses';
/** The SES message tag whose value is the delivery's ref (the ledger key), like VERP's ref. */
export const SES_REF_TAG = 'inkwell-ref';
/** SNS messages are at most 256 KB. */
const BODY_LIMIT = 300 * 1024;

export interface SesWebhookOptions {
  topicArn: string;
  /** Non-public addresses safeFetch may reach (FETCH_ALLOW_ADDRESSES). */
  allowAddresses: readonly string[];
  /** Which URLs are AWS's (default sns.ts isSnsUrl); tests serve their own certificate. */
  trustSnsUrl?: (url: URL) => boolean;
}

interface SesRecipient {
  emailAddress?: unknown;
  status?: unknown;
  diagnosticCode?: unknown;
  action?: unknown;
}

interface SesEvent {
  notificationType?: string;
  eventType?: string;
  mail?: { timestamp?: string; messageId?: string; tags?: Record<string, string[]> };
  bounce?: { bounceType?: string; bounceSubType?: string; bouncedRecipients?: SesRecipient[]; timestamp?: string };
  complaint?: { complainedRecipients?: SesRecipient[]; complaintFeedbackType?: string; timestamp?: string };
  delivery?: { recipients?: unknown[] };
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const when = (v: string | undefined): Date | undefined => (v && !Number.isNaN(Date.parse(v)) ? new Date(v) : undefined);

/** Records what one SES event says; addresses that are not addresses are skipped. */
export async function applySesEvent(db: Db, event: SesEvent, eventKey: string): Promise<void> {
  const type = event.notificationType ?? event.eventType;
  const refTag = event.mail?.tags?.[SES_REF_TAG]?.[0] ?? '';
  const ref = /^[A-Za-z0-9_-]*$/.test(refTag) ? refTag : '';
  if (type === 'Bounce' && event.bounce) {
    const kind = event.bounce.bounceType === 'Permanent' ? 'hard' : 'soft';
    for (const r of event.bounce.bouncedRecipients ?? []) {
      const address = normalizeAddress(text(r.emailAddress));
      if (!address) continue;
      const detail = [event.bounce.bounceType, event.bounce.bounceSubType, text(r.status), text(r.diagnosticCode)].filter(Boolean).join(' ');
      await recordBounce(db, { address, kind, detail, source: 'ses', ref, eventKey, at: when(event.bounce.timestamp) });
    }
  } else if (type === 'Complaint' && event.complaint) {
    if (event.complaint.complaintFeedbackType === 'not-spam') return;
    for (const r of event.complaint.complainedRecipients ?? []) {
      const address = normalizeAddress(text(r.emailAddress));
      if (!address) continue;
      await recordComplaint(db, { address, detail: `complaint ${event.complaint.complaintFeedbackType ?? ''}`.trim(), source: 'ses', ref, at: when(event.complaint.timestamp) });
    }
  } else if (type === 'Delivery' && event.delivery) {
    for (const r of event.delivery.recipients ?? []) await recordDelivered(db, text(r));
  }
}

export async function registerSesWebhook(app: FastifyInstance, opts: SesWebhookOptions, verifier?: SnsVerifier): Promise<void> {
  const fetchOptions = { allowAddresses: opts.allowAddresses, maxBytes: 64 * 1024 };
  const sns =
    verifier ??
    createSnsVerifier({
      trustUrl: opts.trustSnsUrl,
      fetchCertificate: async (url) => (await safeFetch(url, { ...fetchOptions, accept: 'pem' })).body.toString('utf8'),
    });

  await app.register(async (scope) => {
    // SNS posts JSON as text/plain; read every type as bytes and parse here.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));

    scope.post(SES_WEBHOOK_PATH, async (request, reply) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(decodeUtf8(request.body as Buffer));
      } catch {
        return reply.code(400).send({ message: 'Not an SNS message.' });
      }
      const message = parseSnsMessage(parsed);
      if (!message) return reply.code(400).send({ message: 'Not an SNS message.' });
      // Another topic is refused before anything is fetched for it.
      if (message.TopicArn !== opts.topicArn || !(await sns.verify(message))) {
        request.log.warn({ topicArn: message.TopicArn, messageId: message.MessageId }, 'ses webhook: a message that is not from the configured topic or not signed by SNS');
        return reply.code(403).send({ message: 'The message signature could not be verified.' });
      }
      if (message.Type === 'SubscriptionConfirmation') {
        if (!URL.canParse(message.SubscribeURL!) || !sns.trustUrl(new URL(message.SubscribeURL!))) return reply.code(403).send({ message: 'Not an AWS subscription URL.' });
        try {
          await safeFetch(message.SubscribeURL!, { ...fetchOptions, accept: 'xml' });
        } catch (err) {
          request.log.warn({ err, topicArn: message.TopicArn }, 'ses webhook: confirming the subscription failed');
          return reply.code(502).send({ message: 'The subscription could not be confirmed.' });
        }
        request.log.info({ topicArn: message.TopicArn }, 'ses webhook: subscription confirmed');
        return reply.code(200).send({ confirmed: true });
      }
      if (message.Type === 'UnsubscribeConfirmation') {
        request.log.warn({ topicArn: message.TopicArn }, 'ses webhook: the topic unsubscribed this endpoint; bounces from SES no longer arrive');
        return reply.code(200).send({ received: true });
      }
      let event: SesEvent;
      try {
        event = JSON.parse(message.Message) as SesEvent;
      } catch {
        // Signed by SNS but not an SES event (a test message published to the topic): nothing to do.
        return reply.code(200).send({ received: true });
      }
      if (typeof event !== 'object' || event === null) return reply.code(200).send({ received: true });
      await applySesEvent(app.db, event, `sns:${message.MessageId}`);
      return reply.code(200).send({ received: true });
    });
  });
}
