import { availableParallelism } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('gives every variable its default', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.mainHost).toBe('localhost:3000');
    expect(c.dataDir).toBe(path.resolve('./data'));
    expect(c.SEED_DEMO).toBe(true);
    expect(c.SITE_NAME).toBe('Inkwell');
    expect(c.logLevel).toBe('info');
    expect(c.isProduction).toBe(true);
  });

  it('is silent in tests unless told otherwise, and reads booleans and numbers', () => {
    const c = loadConfig({ NODE_ENV: 'test', SEED_DEMO: '0', PORT: '80', DB_POOL_SIZE: '4' });
    expect(c.logLevel).toBe('silent');
    expect(c.SEED_DEMO).toBe(false);
    expect(c.mainHost).toBe('localhost');
    expect(c.DB_POOL_SIZE).toBe(4);
  });

  it('stops with a message naming each wrong variable and its value', () => {
    const attempt = () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT: .*\(got "eighty"\)/);
    expect(attempt).toThrow(/DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL \(got "mysql:\/\/x"\)/);
    expect(attempt).toThrow(/LOG_LEVEL: .*\(got "loud"\)/);
  });

  it('reads the CDN settings: times with defaults, an http(s) purge URL or none', () => {
    const defaults = loadConfig({});
    expect([defaults.CDN_S_MAXAGE_SECONDS, defaults.CDN_STALE_WHILE_REVALIDATE_SECONDS, defaults.CDN_PURGE_URL]).toEqual([60, 300, undefined]);
    const set = loadConfig({ CDN_S_MAXAGE_SECONDS: '30', CDN_STALE_WHILE_REVALIDATE_SECONDS: '0', CDN_PURGE_URL: 'https://purge.example/keys' });
    expect([set.CDN_S_MAXAGE_SECONDS, set.CDN_STALE_WHILE_REVALIDATE_SECONDS, set.CDN_PURGE_URL]).toEqual([30, 0, 'https://purge.example/keys']);
    for (const bad of [{ CDN_PURGE_URL: 'ftp://purge.example' }, { CDN_PURGE_URL: 'not a url' }, { CDN_S_MAXAGE_SECONDS: '-1' }, { CDN_STALE_WHILE_REVALIDATE_SECONDS: '1.5' }]) {
      expect(() => loadConfig(bad), JSON.stringify(bad)).toThrow(new RegExp(Object.keys(bad)[0]!));
    }
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).PORT).toBe(3000);
  });

  it('reads WEB_PROCESSES as a count or auto (one per core), and refuses anything else', () => {
    expect(loadConfig({}).webProcesses).toBe(1);
    expect(loadConfig({ WEB_PROCESSES: '3' }).webProcesses).toBe(3);
    expect(loadConfig({ WEB_PROCESSES: 'auto' }).webProcesses).toBe(availableParallelism());
    expect(() => loadConfig({ WEB_PROCESSES: 'many' })).toThrow(/WEB_PROCESSES: must be auto or a number from 1 to 64 \(got "many"\)/);
    expect(() => loadConfig({ WEB_PROCESSES: '0' })).toThrow(/WEB_PROCESSES: .*\(got "0"\)/);
  });

  it('reads the links to pages elsewhere (HELP_URL…): http(s) addresses only, unset ones absent', () => {
    expect(loadConfig({}).siteLinks).toEqual({});
    expect(loadConfig({ STATUS_URL: 'https://status.example.com/', BLOG_URL: 'http://blog.example.com' }).siteLinks).toEqual({ status: 'https://status.example.com/', blog: 'http://blog.example.com' });
    for (const bad of ['javascript:alert(1)', '/status', 'status.example.com', 'ftp://x.example.com']) {
      expect(() => loadConfig({ STATUS_URL: bad })).toThrow(/STATUS_URL: must be an http:\/\/ or https:\/\/ URL/);
    }
  });

  it('checks TERMS_FILE and PRIVACY_FILE name files that exist', () => {
    expect(loadConfig({ TERMS_FILE: 'content/terms.md' }).TERMS_FILE).toBe('content/terms.md');
    expect(() => loadConfig({ PRIVACY_FILE: 'content/nowhere.md' })).toThrow(/PRIVACY_FILE: must be a readable file/);
    expect(() => loadConfig({ TERMS_FILE: 'content' })).toThrow(/TERMS_FILE: must be a readable file/);
  });
});
