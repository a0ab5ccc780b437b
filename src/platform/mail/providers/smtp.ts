import type { Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import { smtpOptionsFromUrl } from '../transport.js';
import { defineProvider, type ErrorKind } from './core.js';
import { mailOptions, type ComposeContext } from './message.js';
import type { MailProvider, MailProviderConfig } from './types.js';

export interface SmtpProviderOptions {
  url: string;
  ratePerSecond: number;
  maxConnections: number;
  compose: ComposeContext;
  dkim?: { domainName: string; keySelector: string; privateKey: string };
}

/** Messages one send() hands the pool at once: its connections take them in turn. */
const SMTP_BATCH = 500;
/** A connection is replaced after this many messages, as many servers cap a session. */
const MESSAGES_PER_CONNECTION = 1000;

export function smtpOptions(config: MailProviderConfig, url: string): Pick<SmtpProviderOptions, 'maxConnections' | 'dkim' | 'url'> {
  const dkim =
    config.DKIM_DOMAIN && config.DKIM_SELECTOR && config.DKIM_PRIVATE_KEY
      ? { domainName: config.DKIM_DOMAIN, keySelector: config.DKIM_SELECTOR, privateKey: config.DKIM_PRIVATE_KEY }
      : undefined;
  return { url, maxConnections: config.SMTP_MAX_CONNECTIONS ?? 5, dkim };
}

/**
 * SMTP through nodemailer's pool: `maxConnections` connections kept open and reused,
 * each message on the next free one (its commands pipelined when the server offers it);
 * envelope MAIL FROM is the return path (VERP); DKIM-signed when a key is configured.
 */
export function createSmtpProvider(opts: SmtpProviderOptions): MailProvider {
  const transportOptions: SMTPPool.Options = {
    ...smtpOptionsFromUrl(opts.url),
    pool: true,
    maxConnections: opts.maxConnections,
    maxMessages: MESSAGES_PER_CONNECTION,
    dkim: opts.dkim,
  };
  // Loaded with the first email: a process that never sends one does not hold it.
  let transporter: Promise<Transporter> | null = null;
  const connect = () => (transporter ??= import('nodemailer').then((m) => m.default.createTransport(transportOptions)));
  return defineProvider({
    name: 'smtp',
    maxBatchSize: SMTP_BATCH,
    ratePerSecond: opts.ratePerSecond,
    // Enough in flight that every pooled connection always has its next message waiting.
    concurrency: opts.maxConnections * 4,
    async deliver(message) {
      // The transport builds the MIME from the same options MailComposer gets for SES, streaming it as it goes.
      const info = await (await connect()).sendMail(mailOptions(message, opts.compose));
      return queueId(String(info.response ?? ''));
    },
    classify: classifySmtpError,
    async close() {
      const t = transporter;
      transporter = null;
      if (t) (await t).close();
    },
  });
}

/** "250 2.0.0 Ok: queued as 4Xb1Kq0fz" (Postfix, most relays) → the queue id. */
function queueId(response: string): string | undefined {
  return /queued as ([\w.-]+)/i.exec(response)?.[1];
}

const UNREACHABLE = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EAUTH', 'EDNS', 'ETLS', 'ECONNREFUSED', 'EPROTOCOL']);

/** A 5xx answer to the recipient or the message is final; a 4xx or a lost connection is worth retrying. */
export function classifySmtpError(err: unknown): ErrorKind {
  const e = err as { code?: string; responseCode?: number; command?: string };
  const aboutThisMessage = e.code === 'EENVELOPE' || e.code === 'EMESSAGE' || e.command === 'RCPT TO' || e.command === 'DATA';
  return {
    permanent: aboutThisMessage && (e.responseCode ?? 0) >= 500,
    unreachable: !aboutThisMessage && UNREACHABLE.has(e.code ?? ''),
  };
}
