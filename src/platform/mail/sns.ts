/**
 * Amazon SNS HTTP(S) messages: their shape and their signature (the SNS developer guide,
 * "Verifying the signatures of Amazon SNS messages"). The string signed is `Name\nvalue\n` for
 * each of these fields in this order, a field absent from the message left out:
 *   Notification:                              Message, MessageId, Subject, Timestamp, TopicArn, Type
 *   SubscriptionConfirmation / Unsubscribe…:   Message, MessageId, SubscribeURL, Timestamp, Token, TopicArn, Type
 * SignatureVersion 1 signs it with SHA1withRSA, 2 with SHA256withRSA, under the key of the
 * certificate at SigningCertURL, which must be an https URL on sns.<region>.amazonaws.com (else
 * anyone could sign with their own certificate). Certificates are fetched once per URL and kept.
 */
import { createVerify, X509Certificate } from 'node:crypto';

export type SnsMessageType = 'Notification' | 'SubscriptionConfirmation' | 'UnsubscribeConfirmation';

export interface SnsMessage {
  Type: SnsMessageType;
  MessageId: string;
  TopicArn: string;
  Message: string;
  Timestamp: string;
  SignatureVersion: string;
  Signature: string;
  SigningCertURL: string;
  Subject?: string;
  SubscribeURL?: string;
  Token?: string;
}

const NOTIFICATION_FIELDS = ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'] as const;
const SUBSCRIPTION_FIELDS = ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'] as const;
const TYPES: readonly string[] = ['Notification', 'SubscriptionConfirmation', 'UnsubscribeConfirmation'];

/** The body as an SNS message, or null when it is not one (a field missing or not text). */
export function parseSnsMessage(body: unknown): SnsMessage | null {
  if (typeof body !== 'object' || body === null) return null;
  const m = body as Record<string, unknown>;
  const required = ['Type', 'MessageId', 'TopicArn', 'Message', 'Timestamp', 'SignatureVersion', 'Signature', 'SigningCertURL'];
  if (!required.every((k) => typeof m[k] === 'string')) return null;
  if (!TYPES.includes(m.Type as string)) return null;
  for (const k of ['Subject', 'SubscribeURL', 'Token']) if (m[k] !== undefined && typeof m[k] !== 'string') return null;
  if (m.Type !== 'Notification' && (typeof m.SubscribeURL !== 'string' || typeof m.Token !== 'string')) return null;
  return m as unknown as SnsMessage;
}

/** The string SNS signed for `message`. */
export function snsStringToSign(message: SnsMessage): string {
  const fields = message.Type === 'Notification' ? NOTIFICATION_FIELDS : SUBSCRIPTION_FIELDS;
  return fields
    .filter((name) => message[name] !== undefined)
    .map((name) => `${name}\n${message[name]}\n`)
    .join('');
}

/** AWS's rule for its URLs (the signing certificate, the subscription confirmation): https on sns.<region>.amazonaws.com[.cn]. */
export function isSnsUrl(url: URL): boolean {
  return url.protocol === 'https:' && url.port === '' && /^sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$/.test(url.hostname);
}

export interface SnsVerifierOptions {
  /** Which URLs are AWS's: isSnsUrl unless a test serves its own certificate. */
  trustUrl?: (url: URL) => boolean;
  /** The PEM at a trusted URL (through safeFetch in the app). */
  fetchCertificate: (url: string) => Promise<string>;
}

export interface SnsVerifier {
  /** True when the message is signed by the certificate its trusted SigningCertURL names. */
  verify(message: SnsMessage): Promise<boolean>;
  trustUrl(url: URL): boolean;
}

const MAX_KEPT_CERTIFICATES = 16;

export function createSnsVerifier(opts: SnsVerifierOptions): SnsVerifier {
  const trustUrl = opts.trustUrl ?? isSnsUrl;
  // Promises, so concurrent messages wait for one fetch; a failed fetch is forgotten.
  const kept = new Map<string, Promise<X509Certificate>>();

  function certificate(url: string): Promise<X509Certificate> {
    let cert = kept.get(url);
    if (!cert) {
      if (kept.size >= MAX_KEPT_CERTIFICATES) kept.delete(kept.keys().next().value!);
      cert = opts.fetchCertificate(url).then((pem) => new X509Certificate(pem));
      kept.set(url, cert);
      cert.catch(() => kept.delete(url));
    }
    return cert;
  }

  return {
    trustUrl,
    async verify(message) {
      const algorithm = message.SignatureVersion === '1' ? 'RSA-SHA1' : message.SignatureVersion === '2' ? 'RSA-SHA256' : null;
      if (!algorithm || !URL.canParse(message.SigningCertURL) || !trustUrl(new URL(message.SigningCertURL))) return false;
      let cert: X509Certificate;
      try {
        cert = await certificate(message.SigningCertURL);
      } catch {
        return false;
      }
      // Outside its validity (or with dates that do not read): not trusted.
      const now = Date.now();
      if (!(now >= Date.parse(cert.validFrom) && now <= Date.parse(cert.validTo))) return false;
      return createVerify(algorithm).update(snsStringToSign(message), 'utf8').verify(cert.publicKey, message.Signature, 'base64');
    },
  };
}
