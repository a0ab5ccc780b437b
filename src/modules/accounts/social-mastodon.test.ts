import { describe, expect, it } from 'vitest';
import { parseMastodonServer } from './social-mastodon.js';

describe('the Mastodon server a reader names', () => {
  it('is read from a host, a URL or a handle, over https', () => {
    for (const raw of ['mastodon.social', ' Mastodon.Social ', 'https://mastodon.social/', '@ann@mastodon.social', 'ann@mastodon.social']) {
      expect(parseMastodonServer(raw, [])).toEqual({ host: 'mastodon.social', origin: 'https://mastodon.social' });
    }
    expect(parseMastodonServer('social.example.org:8443', [])).toEqual({ host: 'social.example.org:8443', origin: 'https://social.example.org:8443' });
  });

  it('refuses what is not a server address, and http unless the address is allowed', () => {
    for (const raw of ['', '   ', 'mastodon', 'https://mastodon.social/about', 'https://u:p@mastodon.social', 'mastodon.social?x=1', 'ftp://mastodon.social', 'http://mastodon.social']) {
      expect(parseMastodonServer(raw, [])).toBeNull();
    }
    expect(parseMastodonServer('http://127.0.0.1:4000', ['127.0.0.1'])).toEqual({ host: '127.0.0.1:4000', origin: 'http://127.0.0.1:4000' });
    expect(parseMastodonServer('http://127.0.0.1:4000', [])).toBeNull();
  });
});
