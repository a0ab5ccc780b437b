import { describe, expect, it } from 'vitest';
import { classifySesError } from './ses.js';
import { classifySmtpError } from './smtp.js';

describe('reading a provider error', () => {
  it.each([
    ['a refused recipient (550 to RCPT TO)', { code: 'EENVELOPE', responseCode: 550, command: 'RCPT TO' }, { permanent: true, unreachable: false }],
    ['a refused message (554 to DATA)', { code: 'EMESSAGE', responseCode: 554, command: 'DATA' }, { permanent: true, unreachable: false }],
    ['a mailbox full for now (452 to RCPT TO)', { code: 'EENVELOPE', responseCode: 452, command: 'RCPT TO' }, { permanent: false, unreachable: false }],
    ['a refused connection', { code: 'ECONNECTION' }, { permanent: false, unreachable: true }],
    ['wrong credentials (535 to AUTH)', { code: 'EAUTH', responseCode: 535, command: 'AUTH PLAIN' }, { permanent: false, unreachable: true }],
  ])('SMTP: %s', (_, err, kind) => {
    expect(classifySmtpError(Object.assign(new Error('x'), err))).toEqual(kind);
  });

  it.each([
    ['MessageRejected (400)', { name: 'MessageRejected', $metadata: { httpStatusCode: 400 } }, { permanent: true, unreachable: false }],
    ['BadRequestException (400)', { name: 'BadRequestException', $metadata: { httpStatusCode: 400 } }, { permanent: true, unreachable: false }],
    ['throttling (429)', { name: 'TooManyRequestsException', $metadata: { httpStatusCode: 429 } }, { permanent: false, unreachable: false }],
    ['a daily quota used up (400 LimitExceeded)', { name: 'LimitExceededException', $metadata: { httpStatusCode: 400 } }, { permanent: false, unreachable: false }],
    ['a server error (500)', { name: 'InternalFailure', $metadata: { httpStatusCode: 500 } }, { permanent: false, unreachable: false }],
    ['bad credentials (403)', { name: 'UnrecognizedClientException', $metadata: { httpStatusCode: 403 } }, { permanent: false, unreachable: true }],
    ['no answer (network)', { name: 'TimeoutError', $metadata: {} }, { permanent: false, unreachable: true }],
  ])('SES: %s', (_, err, kind) => {
    expect(classifySesError(Object.assign(new Error('x'), err))).toEqual(kind);
  });
});
