import type { Address } from 'nodemailer/lib/mailer';
import type { SMTPTransportOptions } from 'nodemailer/lib/smtp-transport';
import type { MailProviderConfig } from './providers/types.js';

/** The configuration mail reads (a subset of the server's Config). */
export interface MailConfig extends MailProviderConfig {
  PUBLIC_PROTOCOL: 'http' | 'https';
  DEV_MAILBOX: boolean;
}

/** Without MAIL_FROM: "Site name" <no-reply@host of MAIN_HOST>. */
export function mailFrom(config: Pick<MailConfig, 'SITE_NAME' | 'mainHost' | 'MAIL_FROM'>): string | Address {
  if (config.MAIL_FROM) return config.MAIL_FROM;
  return { name: config.SITE_NAME, address: `no-reply@${hostOf(config.mainHost)}` };
}

/** The host of a host[:port], without the port. */
export function hostOf(hostWithPort: string): string {
  return new URL(`http://${hostWithPort}`).hostname;
}

// Bounded, because the transactional mailer sends inside the transaction that holds the row's lock:
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
