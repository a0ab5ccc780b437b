import { hostOf } from '../transport.js';
import { composeContext } from './message.js';
import { createMailboxProvider } from './mailbox.js';
import { createSesProvider, sesOptions } from './ses.js';
import { createSmtpProvider, smtpOptions } from './smtp.js';
import type { MailProvider, MailProviderConfig, MailProviderDeps, MailProviderName, MailStream } from './types.js';

/** A new SES account's sending quota once out of the sandbox; raise it with the account's. */
const SES_DEFAULT_RATE = 14;
/** What one pooled SMTP sender sustains to a nearby relay: a 10,000-reader newsletter in 20 s. */
const SMTP_DEFAULT_RATE = 500;

export interface StreamSettings {
  provider: MailProviderName;
  /** The SMTP server of this stream, when it has one. */
  smtpUrl?: string;
  ratePerSecond: number;
}

/** Which provider a stream uses and at what rate: the stream's variables, else the shared ones, else the dev mailbox. */
export function streamSettings(stream: MailStream, config: MailProviderConfig): StreamSettings {
  const smtpUrl = stream === 'bulk' ? (config.MAIL_BULK_SMTP_URL ?? config.SMTP_URL) : config.SMTP_URL;
  const chosen = stream === 'bulk' ? config.MAIL_BULK_PROVIDER : config.MAIL_TRANSACTIONAL_PROVIDER;
  const provider = chosen ?? (smtpUrl ? 'smtp' : 'mailbox');
  const rate = stream === 'bulk' ? config.MAIL_BULK_RATE_PER_SECOND : config.MAIL_TRANSACTIONAL_RATE_PER_SECOND;
  return { provider, smtpUrl, ratePerSecond: rate ?? (provider === 'ses' ? SES_DEFAULT_RATE : SMTP_DEFAULT_RATE) };
}

/** The provider of a stream as configured (README, Email). Each call makes its own (own pool, own rate bucket): make one per process and stream. */
export function createMailProvider(stream: MailStream, config: MailProviderConfig, deps: MailProviderDeps = {}): MailProvider {
  const settings = streamSettings(stream, config);
  const compose = composeContext(stream, config);
  switch (settings.provider) {
    case 'smtp':
      if (!settings.smtpUrl) throw new Error(`the ${stream} mail stream uses smtp but no SMTP URL is set`);
      return createSmtpProvider({ ...smtpOptions(config, settings.smtpUrl), ratePerSecond: settings.ratePerSecond, compose });
    case 'ses':
      return createSesProvider({ ...sesOptions(config), ratePerSecond: settings.ratePerSecond, compose });
    case 'mailbox':
      if (!deps.db) throw new Error('the mailbox mail provider needs the database');
      return createMailboxProvider({ db: deps.db, ratePerSecond: settings.ratePerSecond });
  }
}

/** The domain of VERP return paths (verpAddress's bounceDomain): MAIL_BOUNCE_DOMAIN, else the main host without its port. */
export const mailBounceDomain = (config: Pick<MailProviderConfig, 'MAIL_BOUNCE_DOMAIN' | 'mainHost'>): string => config.MAIL_BOUNCE_DOMAIN ?? hostOf(config.mainHost);
