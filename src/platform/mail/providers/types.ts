import type { Db } from '../../db/client.js';

/** Email the site sends for itself (sign-in links, receipts) and newsletters go out apart: own provider, sender, rate. */
export type MailStream = 'transactional' | 'bulk';

export interface OutgoingMessage {
  /** Stable id; the Message-ID is <id@{main host}>, so a resend is recognisable. */
  id: string;
  to: string;
  /** Default: mailFrom(config). */
  from?: string | { name: string; address: string };
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe, List-Unsubscribe-Post, List-Id. Header injection (CR/LF) is refused. */
  headers?: Record<string, string>;
  /** Envelope sender (VERP, src/platform/mail/verp.ts) so bounces come back identifying the recipient. */
  returnPath?: string;
  /** What it is for ('login', 'newsletter'…), for logs and the dev mailbox. */
  kind: string;
}

export interface SendResult {
  id: string;
  ok: boolean;
  /** The provider's id for the message (SES MessageId, SMTP response's queue id when given). */
  providerMessageId?: string;
  error?: string;
  /** True when retrying cannot help (the provider rejected the recipient or the message). */
  permanent?: boolean;
}

export type MailProviderName = 'smtp' | 'ses' | 'mailbox';

export interface MailProvider {
  /** 'smtp' | 'ses' | 'mailbox' */
  readonly name: MailProviderName;
  /** Most messages one send() call takes (SES v2 SendBulkEmail's limit; SMTP: the pool works through them). */
  readonly maxBatchSize: number;
  /** Messages per second this provider is allowed (config), enforced by send() itself (a token bucket). */
  readonly ratePerSecond: number;
  /** One result per message, in order. Never throws for a single bad message; throws only if nothing could be tried. */
  send(messages: OutgoingMessage[]): Promise<SendResult[]>;
  close(): Promise<void>;
}

/** The configuration the providers read (a subset of the server's Config). */
export interface MailProviderConfig {
  SITE_NAME: string;
  /** Host (and port) of the site: the Message-ID's domain and the default sender's. */
  mainHost: string;
  SMTP_URL?: string;
  MAIL_FROM?: string;
  MAIL_TRANSACTIONAL_PROVIDER?: MailProviderName;
  MAIL_BULK_PROVIDER?: MailProviderName;
  MAIL_BULK_SMTP_URL?: string;
  MAIL_BULK_FROM?: string;
  MAIL_TRANSACTIONAL_RATE_PER_SECOND?: number;
  MAIL_BULK_RATE_PER_SECOND?: number;
  SMTP_MAX_CONNECTIONS?: number;
  MAIL_BOUNCE_DOMAIN?: string;
  SES_REGION?: string;
  SES_ENDPOINT?: string;
  SES_ACCESS_KEY_ID?: string;
  SES_SECRET_ACCESS_KEY?: string;
  DKIM_DOMAIN?: string;
  DKIM_SELECTOR?: string;
  DKIM_PRIVATE_KEY?: string;
}

export interface MailProviderDeps {
  /** Required by the mailbox provider, which writes what it "sends" to email_outbox. */
  db?: Db;
}

export { createMailProvider } from './create.js';
