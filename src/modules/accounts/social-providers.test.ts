import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.js';
import { configuredProviders, publicProviders } from './social-providers.js';

describe('social sign-in providers from configuration', () => {
  it('enables none by default', () => {
    expect(configuredProviders(loadConfig({}))).toEqual([]);
  });

  it('enables Google and a generic OpenID Connect provider, Google first, with OIDC_NAME on its buttons', () => {
    const config = loadConfig({
      GOOGLE_CLIENT_ID: 'g-id',
      GOOGLE_CLIENT_SECRET: 'g-secret',
      OIDC_ISSUER: 'https://id.example.com/realms/main',
      OIDC_CLIENT_ID: 'o-id',
      OIDC_CLIENT_SECRET: 'o-secret',
      OIDC_NAME: 'Acme ID',
    });
    expect(configuredProviders(config).map((p) => [p.name, p.label, p.kind === 'mastodon' ? null : p.issuer, p.kind === 'mastodon' ? null : p.clientId])).toEqual([
      ['google', 'Google', 'https://accounts.google.com', 'g-id'],
      ['oidc', 'Acme ID', 'https://id.example.com/realms/main', 'o-id'],
    ]);
    // The browser learns names and labels, never client settings.
    expect(publicProviders(config)).toEqual([
      { name: 'google', label: 'Google' },
      { name: 'oidc', label: 'Acme ID' },
    ]);
  });

  it('lists every provider in the order of the buttons, Mastodon by one switch', () => {
    const config = loadConfig({
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET: 's',
      FACEBOOK_CLIENT_ID: 'f',
      FACEBOOK_CLIENT_SECRET: 's',
      X_CLIENT_ID: 'x',
      X_CLIENT_SECRET: 's',
      MASTODON_SIGN_IN: '1',
    });
    expect(publicProviders(config)).toEqual([
      { name: 'google', label: 'Google' },
      { name: 'facebook', label: 'Facebook' },
      { name: 'twitter', label: 'X' },
      { name: 'mastodon', label: 'Mastodon' },
    ]);
    expect(() => loadConfig({ APPLE_CLIENT_ID: 'com.example', APPLE_TEAM_ID: 'T' })).toThrow(/APPLE_KEY_ID: required with APPLE_CLIENT_ID and APPLE_TEAM_ID/);
  });

  it('stops at start when a provider is half configured, naming what is missing', () => {
    expect(() => loadConfig({ OIDC_ISSUER: 'https://id.example.com' })).toThrow(ConfigError);
    expect(() => loadConfig({ OIDC_ISSUER: 'https://id.example.com' })).toThrow(/OIDC_CLIENT_ID: required with OIDC_ISSUER[\s\S]*OIDC_CLIENT_SECRET: required with OIDC_ISSUER/);
    expect(() => loadConfig({ GOOGLE_CLIENT_SECRET: 's' })).toThrow(/GOOGLE_CLIENT_ID: required with GOOGLE_CLIENT_SECRET/);
  });

  it('wants the issuer over https, except on this machine', () => {
    const oidc = { OIDC_CLIENT_ID: 'id', OIDC_CLIENT_SECRET: 's' };
    expect(() => loadConfig({ ...oidc, OIDC_ISSUER: 'http://id.example.com' })).toThrow(/OIDC_ISSUER: must use https/);
    expect(() => loadConfig({ ...oidc, OIDC_ISSUER: 'not a url' })).toThrow(/OIDC_ISSUER: must be a URL/);
    expect(loadConfig({ ...oidc, OIDC_ISSUER: 'http://127.0.0.1:4000' }).OIDC_ISSUER).toBe('http://127.0.0.1:4000');
  });
});
