/** Who carries email out: SMTP, Amazon SES or the dev mailbox, one per stream (transactional, bulk). */
export type { MailProvider, MailProviderConfig, MailProviderDeps, MailProviderName, MailStream, OutgoingMessage, SendResult } from './types.js';
export { createMailProvider, mailBounceDomain, streamSettings, type StreamSettings } from './create.js';
