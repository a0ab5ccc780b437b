import type { Transporter } from 'nodemailer';
import type { Address } from 'nodemailer/lib/mailer';
import type { SMTPTransportOptions } from 'nodemailer/lib/smtp-transport';
import type { DeliveredTo } from './tables.js';

/** The configuration mail reads (a subset of the server's Config). */
export interface MailConfig {
  SITE_NAME: string;
  /** Host (and port) of the site; the default sender's domain is its host. */
  mainHost: string;
  PUBLIC_PROTOCOL: 'http' | 'https';
  SMTP_URL?: string;
  MAIL_FROM?: string;
  DEV_MAILBOX: boolean;
}

export interface MessageToSend {
  /** The outbox id; it becomes the Message-ID, so a receiver can tell a resend. */
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailTransport {
  kind: DeliveredTo;
  send(message: MessageToSend): Promise<void>;
  close(): void;
}

/** Without MAIL_FROM: "Site name" <no-reply@host of MAIN_HOST>. */
export function mailFrom(config: Pick<MailConfig, 'SITE_NAME' | 'mainHost' | 'MAIL_FROM'>): string | Address {
  if (config.MAIL_FROM) return config.MAIL_FROM;
  return { name: config.SITE_NAME, address: `no-reply@${hostOf(config.mainHost)}` };
}

/** The host of a host[:port], without the port. */
function hostOf(hostWithPort: string): string {
  return new URL(`http://${hostWithPort}`).hostname;
}

// Bounded, because a send runs inside the transaction that holds the row's lock:
// nodemailer's defaults (2 min to connect, 10 min of socket silence) would hold it for long.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** smtp://user:pass@host:port (STARTTLS when offered) or smtps:// (TLS from the start). */
export function smtpOptionsFromUrl(smtpUrl: string): SMTPTransportOptions {
  const url = new URL(smtpUrl);
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new Error(`SMTP_URL must be smtp:// or smtps://, got ${url.protocol}//`);
  if (!url.hostname) throw new Error('SMTP_URL has no host');
  const secure = url.protocol === 'smtps:';
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    ...SMTP_TIMEOUTS,
  };
}

/** SMTP when SMTP_URL is set; otherwise the dev mailbox, where the outbox row is the delivery. */
export function createMailTransport(config: MailConfig): MailTransport {
  if (!config.SMTP_URL) return { kind: 'mailbox', async send() {}, close() {} };
  const options = smtpOptionsFromUrl(config.SMTP_URL);
  // Loaded with the first email: a process that never sends one does not hold it.
  let transporter: Promise<Transporter> | null = null;
  const connect = () => (transporter ??= import('nodemailer').then((m) => m.default.createTransport(options)));
  const from = mailFrom(config);
  const domain = hostOf(config.mainHost);
  return {
    kind: 'smtp',
    async send(message) {
      await (await connect()).sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: `<${message.id}@${domain}>`,
      });
    },
    close() {
      void transporter?.then((t) => t.close());
    },
  };
}
