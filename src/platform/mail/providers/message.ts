import type { Address, Options as MailOptions } from 'nodemailer/lib/mailer';
import { hostOf, mailFrom } from '../transport.js';
import type { MailProviderConfig, MailStream, OutgoingMessage, SendResult } from './types.js';

const ADDRESS = /^[^\s@<>,;"]+@[^\s@<>,;"]+$/;
const HEADER_NAME = /^[A-Za-z0-9][A-Za-z0-9-]*$/;
/** Headers the message builds itself from its fields; setting them through `headers` would contradict them. */
const OWN_HEADERS = new Set(['from', 'to', 'cc', 'bcc', 'subject', 'message-id', 'reply-to', 'return-path', 'date', 'mime-version', 'content-type', 'content-transfer-encoding']);

/** Why a message cannot be sent as it is (a permanent failure), or null. */
export function invalidMessage(m: OutgoingMessage): string | null {
  if (!ADDRESS.test(m.to)) return `not an email address: ${JSON.stringify(m.to)}`;
  if (m.returnPath !== undefined && !ADDRESS.test(m.returnPath)) return `return path is not an email address: ${JSON.stringify(m.returnPath)}`;
  if (m.replyTo !== undefined && !ADDRESS.test(m.replyTo)) return `reply-to is not an email address: ${JSON.stringify(m.replyTo)}`;
  if (/[\r\n]/.test(m.subject)) return 'the subject must be one line';
  const from = typeof m.from === 'object' ? `${m.from.name}${m.from.address}` : (m.from ?? '');
  if (/[\r\n]/.test(from)) return 'the sender must be one line';
  for (const [name, value] of Object.entries(m.headers ?? {})) {
    if (!HEADER_NAME.test(name)) return `not a header name: ${JSON.stringify(name)}`;
    if (OWN_HEADERS.has(name.toLowerCase())) return `header ${name} is set from the message's fields`;
    // A line break would start a header of the value's choosing (header injection).
    if (/[\r\n\0]/.test(value)) return `header ${name} must be one line`;
  }
  return null;
}

export const failed = (id: string, error: string, permanent: boolean): SendResult => ({ id, ok: false, error, permanent });

export interface ComposeContext {
  from: string | Address;
  /** The Message-ID's domain. */
  domain: string;
}

export function composeContext(stream: MailStream, config: MailProviderConfig): ComposeContext {
  const from = stream === 'bulk' && config.MAIL_BULK_FROM ? config.MAIL_BULK_FROM : mailFrom(config);
  return { from, domain: hostOf(config.mainHost) };
}

/**
 * The one MIME shape of every provider's message (nodemailer builds it: over SMTP itself,
 * for SES through MailComposer), so a newsletter looks the same whoever carries it.
 */
export function mailOptions(m: OutgoingMessage, ctx: ComposeContext): MailOptions {
  return {
    from: m.from ?? ctx.from,
    to: m.to,
    replyTo: m.replyTo,
    subject: m.subject,
    text: m.text,
    html: m.html,
    headers: m.headers,
    messageId: `<${m.id}@${ctx.domain}>`,
    envelope: m.returnPath ? { from: m.returnPath, to: [m.to] } : undefined,
    // Chosen rather than detected: scanning each part for the best encoding costs a fifth of
    // building a long story's email, and quoted-printable suits text, HTML and any language.
    textEncoding: 'quoted-printable',
  };
}

// Loaded with the first email (a process that never sends one does not hold it), then kept:
// a dynamic import per message costs more than building the message.
let mailComposer: Promise<typeof import('nodemailer/lib/mail-composer').default> | undefined;

/** The message as bytes (SES's Raw content): the MIME nodemailer's SMTP transport makes of the same options. */
export async function composeRaw(m: OutgoingMessage, ctx: ComposeContext): Promise<Buffer> {
  const MailComposer = await (mailComposer ??= import('nodemailer/lib/mail-composer').then((mod) => mod.default));
  return new MailComposer(mailOptions(m, ctx)).compile().build();
}
