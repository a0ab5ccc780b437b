import type { Transporter } from 'nodemailer';
import type { Db } from '../../db/client.js';
import { emailOutbox } from '../tables.js';
import { mailFrom, smtpOptionsFromUrl } from '../transport.js';

/**
 * The mail provider interface the newsletter sender codes against. This file is a minimal
 * stand-in (pooled SMTP, or the dev mailbox) for the providers module with the same interface.
 */
export type MailStream = 'transactional' | 'bulk';

export interface OutgoingMessage {
  /** Stable id; the Message-ID is <id@{main host}>, so a resend is recognisable. */
  id: string;
  to: string;
  from?: string | { name: string; address: string };
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  /** Envelope sender (VERP) so bounces come back identifying the recipient. */
  returnPath?: string;
  kind: string;
}

export interface SendResult {
  id: string;
  ok: boolean;
  providerMessageId?: string;
  error?: string;
  permanent?: boolean;
}

export type MailProviderName = 'smtp' | 'ses' | 'mailbox';

export interface MailProvider {
  readonly name: MailProviderName;
  readonly maxBatchSize: number;
  readonly ratePerSecond: number;
  send(messages: OutgoingMessage[]): Promise<SendResult[]>;
  close(): Promise<void>;
}

export interface MailProviderConfig {
  SITE_NAME: string;
  mainHost: string;
  SMTP_URL?: string;
  MAIL_FROM?: string;
  MAIL_BULK_SMTP_URL?: string;
  MAIL_BULK_RATE_PER_SECOND?: number;
  SMTP_MAX_CONNECTIONS?: number;
  MAIL_BOUNCE_DOMAIN?: string;
}

export interface MailProviderDeps {
  db?: Db;
}

const hostOf = (hostWithPort: string) => new URL(`http://${hostWithPort}`).hostname;

export function createMailProvider(stream: MailStream, config: MailProviderConfig, deps: MailProviderDeps = {}): MailProvider {
  const smtpUrl = stream === 'bulk' ? (config.MAIL_BULK_SMTP_URL ?? config.SMTP_URL) : config.SMTP_URL;
  const ratePerSecond = config.MAIL_BULK_RATE_PER_SECOND ?? 500;
  const from = mailFrom(config);
  if (!smtpUrl) {
    const db = deps.db;
    if (!db) throw new Error('the mailbox mail provider needs the database');
    return {
      name: 'mailbox',
      maxBatchSize: 100,
      ratePerSecond,
      async send(messages) {
        if (messages.length === 0) return [];
        await db
          .insert(emailOutbox)
          .values(messages.map((m) => ({ id: m.id, toAddress: m.to, subject: m.subject, textBody: m.text, htmlBody: m.html, kind: m.kind, sentAt: new Date(), deliveredTo: 'mailbox' as const })))
          .onConflictDoNothing();
        return messages.map((m) => ({ id: m.id, ok: true, providerMessageId: m.id }));
      },
      async close() {},
    };
  }
  const maxConnections = config.SMTP_MAX_CONNECTIONS ?? 8;
  let transporter: Promise<Transporter> | null = null;
  const connect = () =>
    (transporter ??= import('nodemailer').then((m) => m.default.createTransport({ ...smtpOptionsFromUrl(smtpUrl), pool: true, maxConnections, maxMessages: Infinity })));
  const domain = hostOf(config.mainHost);
  return {
    name: 'smtp',
    maxBatchSize: 100,
    ratePerSecond,
    async send(messages) {
      const t = await connect();
      return Promise.all(
        messages.map(async (m): Promise<SendResult> => {
          try {
            const info = (await t.sendMail({
              from: m.from ?? from,
              to: m.to,
              replyTo: m.replyTo,
              subject: m.subject,
              text: m.text,
              html: m.html,
              headers: m.headers,
              envelope: m.returnPath ? { from: m.returnPath, to: m.to } : undefined,
              messageId: `<${m.id}@${domain}>`,
            })) as { response?: string };
            return { id: m.id, ok: true, providerMessageId: info.response };
          } catch (err) {
            const code = (err as { responseCode?: number }).responseCode;
            return { id: m.id, ok: false, error: (err as Error).message, permanent: code !== undefined && code >= 500 };
          }
        }),
      );
    },
    async close() {
      if (transporter) (await transporter).close();
    },
  };
}
