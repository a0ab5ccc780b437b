import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { parseListenAddress } from './bounce-listener.js';
import { isSnsUrl, parseSnsMessage, snsStringToSign, type SnsMessage } from './sns.js';

const base = { MessageId: 'm1', TopicArn: 'arn:aws:sns:us-east-1:123456789012:t', Timestamp: '2026-11-28T00:00:00.000Z', SignatureVersion: '2', Signature: 'x', SigningCertURL: 'https://sns.us-east-1.amazonaws.com/c.pem' };

describe('SNS messages', () => {
  it('signs the fields of the SNS guide in their order, leaving out an absent Subject', () => {
    const notification = { ...base, Type: 'Notification', Message: 'hello\nworld' } as SnsMessage;
    expect(snsStringToSign(notification)).toBe(`Message\nhello\nworld\nMessageId\nm1\nTimestamp\n${base.Timestamp}\nTopicArn\n${base.TopicArn}\nType\nNotification\n`);
    expect(snsStringToSign({ ...notification, Subject: 'S' })).toContain('MessageId\nm1\nSubject\nS\nTimestamp\n');
    const confirmation = { ...base, Type: 'SubscriptionConfirmation', Message: 'm', SubscribeURL: 'https://sns.us-east-1.amazonaws.com/?Action=ConfirmSubscription', Token: 't' } as SnsMessage;
    expect(snsStringToSign(confirmation)).toBe(`Message\nm\nMessageId\nm1\nSubscribeURL\n${confirmation.SubscribeURL}\nTimestamp\n${base.Timestamp}\nToken\nt\nTopicArn\n${base.TopicArn}\nType\nSubscriptionConfirmation\n`);
  });

  it('parses only whole SNS messages', () => {
    expect(parseSnsMessage({ ...base, Type: 'Notification', Message: 'x' })).not.toBeNull();
    expect(parseSnsMessage({ ...base, Type: 'Notification' })).toBeNull();
    expect(parseSnsMessage({ ...base, Type: 'Other', Message: 'x' })).toBeNull();
    expect(parseSnsMessage({ ...base, Type: 'SubscriptionConfirmation', Message: 'x' })).toBeNull();
    expect(parseSnsMessage('text')).toBeNull();
  });

  it.each([
    ['https://sns.us-east-1.amazonaws.com/SimpleNotificationService-abc.pem', true],
    ['https://sns.cn-north-1.amazonaws.com.cn/x.pem', true],
    ['http://sns.us-east-1.amazonaws.com/x.pem', false],
    ['https://sns.us-east-1.amazonaws.com:8443/x.pem', false],
    ['https://sns.us-east-1.amazonaws.com.evil.example/x.pem', false],
    ['https://evil.example/sns.us-east-1.amazonaws.com/x.pem', false],
    ['https://s3.amazonaws.com/x.pem', false],
  ])('%s is an AWS SNS URL: %s', (url, trusted) => {
    expect(isSnsUrl(new URL(url))).toBe(trusted);
  });
});

describe('bounce configuration', () => {
  it('MAIL_BOUNCE_LISTEN is host:port', () => {
    expect(parseListenAddress('0.0.0.0:2525')).toEqual({ host: '0.0.0.0', port: 2525 });
    expect(parseListenAddress('[::]:25')).toEqual({ host: '::', port: 25 });
    expect(() => parseListenAddress('2525')).toThrow();
    expect(loadConfig({ MAIL_BOUNCE_LISTEN: '0.0.0.0:25' }).MAIL_BOUNCE_LISTEN).toBe('0.0.0.0:25');
    expect(() => loadConfig({ MAIL_BOUNCE_LISTEN: 'port 25' })).toThrow(/MAIL_BOUNCE_LISTEN: must be host:port/);
  });

  it('SES_SNS_TOPIC_ARN is a topic ARN', () => {
    expect(loadConfig({ SES_SNS_TOPIC_ARN: 'arn:aws:sns:eu-west-1:123456789012:ses-events' }).SES_SNS_TOPIC_ARN).toBe('arn:aws:sns:eu-west-1:123456789012:ses-events');
    expect(() => loadConfig({ SES_SNS_TOPIC_ARN: 'ses-events' })).toThrow(/SES_SNS_TOPIC_ARN: must be an SNS topic ARN/);
  });
});
