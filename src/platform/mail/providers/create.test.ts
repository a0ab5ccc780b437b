import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.js';
import { devMailboxEnabled } from '../mailbox.js';
import { createMailProvider, mailBounceDomain, streamSettings } from './create.js';

describe('the mail streams', () => {
  it('use the dev mailbox without SMTP_URL, SMTP with it, each stream its own choice', () => {
    expect(streamSettings('transactional', loadConfig({}))).toEqual({ provider: 'mailbox', smtpUrl: undefined, ratePerSecond: 500 });
    expect(streamSettings('bulk', loadConfig({ SMTP_URL: 'smtp://relay.example.com' }))).toMatchObject({ provider: 'smtp', smtpUrl: 'smtp://relay.example.com' });
    const split = loadConfig({ SMTP_URL: 'smtp://site.example.com', MAIL_BULK_SMTP_URL: 'smtp://bulk.example.com', MAIL_BULK_RATE_PER_SECOND: '40' });
    expect(streamSettings('transactional', split)).toEqual({ provider: 'smtp', smtpUrl: 'smtp://site.example.com', ratePerSecond: 500 });
    expect(streamSettings('bulk', split)).toEqual({ provider: 'smtp', smtpUrl: 'smtp://bulk.example.com', ratePerSecond: 40 });
    const ses = loadConfig({ SMTP_URL: 'smtp://site.example.com', MAIL_BULK_PROVIDER: 'ses', SES_REGION: 'eu-west-1' });
    expect(streamSettings('bulk', ses)).toMatchObject({ provider: 'ses', ratePerSecond: 14 });
    expect(streamSettings('transactional', ses)).toMatchObject({ provider: 'smtp' });
  });

  it('show the dev mailbox while either stream uses it', () => {
    expect(devMailboxEnabled(loadConfig({ MAIL_BULK_PROVIDER: 'mailbox', SMTP_URL: 'smtp://site.example.com' }))).toBe(true);
    expect(devMailboxEnabled(loadConfig({ MAIL_TRANSACTIONAL_PROVIDER: 'ses', MAIL_BULK_PROVIDER: 'ses', SES_REGION: 'eu-west-1' }))).toBe(false);
  });

  it('name what a chosen provider is missing, and wrong values', () => {
    expect(() => loadConfig({ MAIL_BULK_PROVIDER: 'ses' })).toThrow(/SES_REGION: required with MAIL_BULK_PROVIDER=ses/);
    expect(() => loadConfig({ MAIL_TRANSACTIONAL_PROVIDER: 'smtp' })).toThrow(/SMTP_URL: required with MAIL_TRANSACTIONAL_PROVIDER=smtp/);
    expect(() => loadConfig({ MAIL_BULK_PROVIDER: 'postmark' })).toThrow(/MAIL_BULK_PROVIDER/);
    expect(() => loadConfig({ SES_ENDPOINT: 'http://ses.example.com' })).toThrow(/SES_ENDPOINT: must use https/);
    expect(() => loadConfig({ SES_ACCESS_KEY_ID: 'AKIA' })).toThrow(/SES_SECRET_ACCESS_KEY: required with SES_ACCESS_KEY_ID/);
    expect(() => loadConfig({ DKIM_DOMAIN: 'example.com', DKIM_SELECTOR: 's1' })).toThrow(/DKIM_PRIVATE_KEY: required/);
    expect(() => loadConfig({ MAIL_BULK_RATE_PER_SECOND: '0' })).toThrow(/MAIL_BULK_RATE_PER_SECOND/);
    expect(() => loadConfig({ MAIL_BOUNCE_DOMAIN: 'not a domain' })).toThrow(/MAIL_BOUNCE_DOMAIN/);
  });

  it('take the bounce domain from MAIL_BOUNCE_DOMAIN, else the main host without its port', () => {
    expect(mailBounceDomain(loadConfig({ MAIN_HOST: 'stories.example.com:8443' }))).toBe('stories.example.com');
    expect(mailBounceDomain(loadConfig({ MAIN_HOST: 'stories.example.com', MAIL_BOUNCE_DOMAIN: 'bounces.example.com' }))).toBe('bounces.example.com');
  });

  it('refuses a mailbox provider without the database', () => {
    expect(() => createMailProvider('bulk', loadConfig({}))).toThrow(/needs the database/);
  });
});
