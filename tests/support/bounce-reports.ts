/**
 * Delivery reports as mail servers send them back: a Postfix-style DSN (RFC 3464) and an ARF
 * abuse report (RFC 5965), for the bounce listener's and the report parser's tests.
 */

export interface DsnOptions {
  /** The address the report is mailed to (the VERP return path). */
  to: string;
  /** The original recipient the report is about. */
  recipient: string;
  action?: 'failed' | 'delayed' | 'delivered';
  status: string;
  diagnostic?: string;
  /** Encode the delivery-status part in base64 (some servers do). */
  base64?: boolean;
}

export function dsnMessage(o: DsnOptions): string {
  const boundary = 'B0UND.1700000000/mx.example.net';
  const fields = [
    'Reporting-MTA: dns; mx.example.net',
    'X-Postfix-Queue-ID: 4AbCdE',
    'Arrival-Date: Sat, 28 Nov 2026 00:00:00 +0000 (UTC)',
    '',
    `Final-Recipient: rfc822; ${o.recipient}`,
    `Original-Recipient: rfc822;${o.recipient}`,
    `Action: ${o.action ?? 'failed'}`,
    `Status: ${o.status}`,
    `Remote-MTA: dns; mail.example.org`,
    `Diagnostic-Code: smtp; ${o.diagnostic ?? `550 ${o.status} mailbox unavailable`}`,
    '',
  ].join('\r\n');
  const statusPart = o.base64
    ? ['Content-Type: message/delivery-status', 'Content-Transfer-Encoding: base64', '', Buffer.from(fields).toString('base64').replace(/(.{76})/g, '$1\r\n')].join('\r\n')
    : ['Content-Description: Delivery report', 'Content-Type: message/delivery-status', '', fields].join('\r\n');
  return [
    'From: MAILER-DAEMON@mx.example.net (Mail Delivery System)',
    `To: ${o.to}`,
    'Subject: Undelivered Mail Returned to Sender',
    'Auto-Submitted: auto-replied',
    'MIME-Version: 1.0',
    `Content-Type: multipart/report; report-type=delivery-status;\r\n\tboundary="${boundary}"`,
    '',
    'This is a MIME-encapsulated message.',
    '',
    `--${boundary}`,
    'Content-Description: Notification',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'I\'m sorry to have to inform you that your message could not be delivered.',
    '',
    `--${boundary}`,
    statusPart,
    `--${boundary}`,
    'Content-Description: Undelivered Message Headers',
    'Content-Type: text/rfc822-headers',
    '',
    `From: Writer <newsletter@inkwell.example>`,
    `To: ${o.recipient}`,
    'Subject: A story',
    '',
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

export function arfMessage(o: { to: string; recipient: string; feedbackType?: string }): string {
  const boundary = 'arf_boundary_7f3';
  return [
    'From: <feedback@fbl.example.org>',
    `To: ${o.to}`,
    'Subject: FW: A story',
    'MIME-Version: 1.0',
    `Content-Type: multipart/report; report-type=feedback-report; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset="US-ASCII"',
    '',
    'This is an email abuse report for an email message received from IP 192.0.2.1.',
    '',
    `--${boundary}`,
    'Content-Type: message/feedback-report',
    '',
    `Feedback-Type: ${o.feedbackType ?? 'abuse'}`,
    'User-Agent: ExampleFBL/1.0',
    'Version: 1',
    `Original-Rcpt-To: ${o.recipient}`,
    'Source-IP: 192.0.2.1',
    '',
    `--${boundary}`,
    'Content-Type: message/rfc822',
    'Content-Disposition: inline',
    '',
    'From: Writer <newsletter@inkwell.example>',
    `To: ${o.recipient}`,
    'Subject: A story',
    '',
    'The story text.',
    `--${boundary}--`,
    '',
  ].join('\r\n');
}
