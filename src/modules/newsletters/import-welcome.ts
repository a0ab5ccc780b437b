import { renderEmail } from '../../platform/mail/render.js';

/**
 * The welcome email of an imported subscriber: who added them and why, and how to leave at once
 * (the signed unsubscribe link). All text: renderEmail escapes it.
 */
export function welcomeEmail(input: { siteName: string; newsletterName: string; writerName: string; unsubscribeUrl: string }): { subject: string; html: string; text: string } {
  const { siteName, newsletterName, writerName, unsubscribeUrl } = input;
  const subject = `You're subscribed to ${newsletterName}`.replace(/[\r\n]+/g, ' ');
  const rendered = renderEmail({
    siteName,
    heading: `Welcome to ${newsletterName}`,
    paragraphs: [
      `${writerName} added you to their newsletter on ${siteName}. From now on, you'll get their new stories by email.`,
      `If you don't want these emails, unsubscribe with one click below and you won't hear from this newsletter again.`,
    ],
    action: { label: 'Unsubscribe', url: unsubscribeUrl },
    footer: `You're getting this email because ${writerName} imported your address and confirmed that you agreed to receive their emails.`,
  });
  return { subject, ...rendered };
}
