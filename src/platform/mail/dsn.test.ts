import { describe, expect, it } from 'vitest';
import { arfMessage, dsnMessage } from '../../../tests/support/bounce-reports.js';
import { classifyReport } from './dsn.js';

const to = 'bounce+r1.abc.sig@bounces.example';
const recipient = 'reader@example.org';

describe('classifyReport', () => {
  it.each([
    ['5.1.1', 'hard'],
    ['5.0.0', 'hard'],
    ['5.2.1', 'hard'],
    ['5.2.2', 'soft'], // mailbox full
    ['5.7.1', 'soft'], // policy: often our server refused, not the address
    ['4.2.2', 'soft'],
    ['4.4.7', 'soft'],
  ] as const)('a failed DSN with Status %s is %s', (status, kind) => {
    const verdict = classifyReport(dsnMessage({ to, recipient, status }));
    expect(verdict.kind).toBe(kind);
    expect(verdict.detail).toContain(status);
  });

  it('reads a base64-encoded delivery-status part', () => {
    expect(classifyReport(dsnMessage({ to, recipient, status: '5.1.1', base64: true })).kind).toBe('hard');
  });

  it('a delayed DSN (the remote server still retries) says nothing; a delivered one is a delivery', () => {
    expect(classifyReport(dsnMessage({ to, recipient, status: '4.4.1', action: 'delayed' })).kind).toBe('none');
    expect(classifyReport(dsnMessage({ to, recipient, status: '2.0.0', action: 'delivered' })).kind).toBe('delivered');
  });

  it('an ARF abuse report is a complaint; not-spam is not', () => {
    expect(classifyReport(arfMessage({ to, recipient })).kind).toBe('complaint');
    expect(classifyReport(arfMessage({ to, recipient, feedbackType: 'not-spam' })).kind).toBe('none');
  });

  it('an auto-reply or a plain message says nothing', () => {
    const reply = ['From: reader@example.org', `To: ${to}`, 'Subject: Out of office', 'Auto-Submitted: auto-replied', '', 'Back on Monday. 5.1.1'].join('\r\n');
    expect(classifyReport(reply).kind).toBe('none');
  });

  it('a report cut short (only its first bytes kept) is still read', () => {
    const full = dsnMessage({ to, recipient, status: '5.1.1' });
    expect(classifyReport(full.slice(0, full.indexOf('Undelivered Message Headers'))).kind).toBe('hard');
  });
});
