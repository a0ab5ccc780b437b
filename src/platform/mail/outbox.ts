import type { Db } from '../db/client.js';
import { newId } from '../ids.js';
import { createWakers } from '../jobs/wakers.js';
import { invalidMessage } from './providers/message.js';
import { emailOutbox } from './tables.js';

/** A transaction handed to db.transaction's callback. */
export type DbTransaction = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What it is for ('login', 'verify-email'…). */
  kind: string;
  /** Extra headers (List-Unsubscribe…), one line each. */
  headers?: Record<string, string>;
}

/**
 * Writes an email to the outbox with the caller's connection: pass the transaction of
 * the change that causes the email, so the email exists if and only if that change
 * commits. A mailer sends it within about a second; call notifyMailers() after the
 * commit to have one in this process send it at once.
 */
export async function enqueueEmail(db: Db | DbTransaction, email: OutgoingEmail): Promise<string> {
  const to = email.to.trim();
  // Refused now rather than by the provider later: a line break in a header would let text inject headers.
  const invalid = invalidMessage({ ...email, to, id: '' });
  if (invalid) throw new Error(`enqueueEmail: ${invalid}`);
  const id = newId();
  await db.insert(emailOutbox).values({
    id,
    toAddress: to,
    subject: email.subject,
    textBody: email.text,
    htmlBody: email.html,
    kind: email.kind,
    headers: email.headers && Object.keys(email.headers).length ? email.headers : null,
  });
  return id;
}

const mailers = createWakers();

/** Wakes the mailers running in this process (none: a worker's poll finds the email). */
export const notifyMailers = (): void => mailers.notify();

/** For startMailer: registers its wake-up; returns the unregistration. */
export const onNotify = (wake: () => void): (() => void) => mailers.on(wake);
