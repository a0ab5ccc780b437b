import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { devMailboxEnabled } from './mailbox.js';
import { mailFrom, smtpOptionsFromUrl } from './transport.js';

describe('smtpOptionsFromUrl', () => {
  it('reads host, port, credentials (percent-decoded) and TLS from the URL', () => {
    expect(smtpOptionsFromUrl('smtp://ann%40example.com:p%3Ass@mail.example.com:2525')).toMatchObject({
      host: 'mail.example.com',
      port: 2525,
      secure: false,
      auth: { user: 'ann@example.com', pass: 'p:ss' },
    });
    expect(smtpOptionsFromUrl('smtps://smtp.example.com')).toMatchObject({ host: 'smtp.example.com', port: 465, secure: true, auth: undefined });
    expect(smtpOptionsFromUrl('smtp://[::1]')).toMatchObject({ host: '::1', port: 587, secure: false });
  });

  it('refuses other schemes', () => {
    expect(() => smtpOptionsFromUrl('http://example.com')).toThrow(/smtp/);
  });
});

describe('mail configuration', () => {
  it('sends from no-reply at the main host, without its port, unless MAIL_FROM says otherwise', () => {
    expect(mailFrom(loadConfig({ SITE_NAME: 'Ink "Well"' }))).toEqual({ name: 'Ink "Well"', address: 'no-reply@localhost' });
    expect(mailFrom(loadConfig({ MAIN_HOST: 'stories.example.com:8443' }))).toEqual({ name: 'Inkwell', address: 'no-reply@stories.example.com' });
    expect(mailFrom(loadConfig({ MAIL_FROM: 'Stories <hello@example.com>' }))).toBe('Stories <hello@example.com>');
  });

  it('has the dev mailbox on without SMTP, off with SMTP or DEV_MAILBOX=0', () => {
    expect(devMailboxEnabled(loadConfig({}))).toBe(true);
    expect(devMailboxEnabled(loadConfig({ SMTP_URL: 'smtp://localhost:25' }))).toBe(false);
    expect(devMailboxEnabled(loadConfig({ DEV_MAILBOX: '0' }))).toBe(false);
  });

  it('names a wrong SMTP_URL or MAIL_FROM', () => {
    expect(() => loadConfig({ SMTP_URL: 'mail.example.com' })).toThrow(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(() => loadConfig({ SMTP_URL: 'smtp://ann:pa/ss@mail.example.com' })).toThrow(/SMTP_URL: must be a valid URL/);
    expect(() => loadConfig({ MAIL_FROM: 'nobody' })).toThrow(/MAIL_FROM: must contain an email address/);
    expect(() => loadConfig({ DEV_MAILBOX: 'maybe' })).toThrow(/DEV_MAILBOX/);
  });
});
