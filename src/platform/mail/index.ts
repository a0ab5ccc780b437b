/** Email: an outbox written in the caller's transaction, a mailer that sends it, a dev mailbox. */
export { emailOutbox, MAX_SEND_ATTEMPTS, type DeliveredTo, type EmailOutboxRow } from './tables.js';
export { enqueueEmail, notifyMailers, type DbTransaction, type OutgoingEmail } from './outbox.js';
export { backoffMinutes, startMailer, type Mailer, type MailerOptions } from './mailer.js';
export { mailFrom, smtpOptionsFromUrl, type MailConfig } from './transport.js';
export { createMailProvider, mailBounceDomain, streamSettings, type MailProvider, type MailStream, type OutgoingMessage, type SendResult } from './providers/index.js';
export { renderEmail, escapeHtml, type EmailContent, type RenderedEmail } from './render.js';
export { DEV_MAILBOX_PATH, devMailboxEnabled, isLocalRequest, registerDevMailbox } from './mailbox.js';
export { isSuppressed, notSuppressed, recordBounce, recordComplaint, recordDelivered, suppressManually, unsuppress, suppressionOf, suppressedAmong, SOFT_BOUNCE_LIMIT, SOFT_BOUNCE_WINDOW_DAYS } from './suppression.js';
