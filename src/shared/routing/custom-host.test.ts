import { describe, expect, it } from 'vitest';
import { resolvePage } from '../../web/router/resolve-page.js';
import { routeTableFor } from './custom-host.js';
import { tableForHost } from './host.js';

const MAIN = 'example.com';
const resolve = (host: string, path: string, customHost: Parameters<typeof routeTableFor>[1]) => {
  const table = routeTableFor(tableForHost(host, MAIN), customHost);
  return table && resolvePage(table, path, null, () => {});
};

describe('routeTableFor: the table a Host serves', () => {
  it('serves a live publication domain with its slug at the root', () => {
    expect(resolve('blog.acme.org', '/', { kind: 'publication', slug: 'acme' })).toMatchObject({ kind: 'page', pageId: 'publication-profile', params: { collectionSlug: 'acme' } });
    expect(resolve('blog.acme.org', '/about', { kind: 'publication', slug: 'acme' })).toMatchObject({ kind: 'page', params: { collectionSlug: 'acme' } });
  });

  it("serves a user's live domain with the user-domain table", () => {
    expect(resolve('ann.blog', '/', { kind: 'user', username: 'ann' })).toMatchObject({ kind: 'page', params: { username: 'ann' } });
  });

  it('serves nothing on an unknown host, and the main host and profile subdomains as before', () => {
    expect(routeTableFor(tableForHost('nobody.org', MAIN), null)).toBeNull();
    expect(routeTableFor(tableForHost('example.com', MAIN), null)).toEqual({ kind: 'default', hostParams: {} });
    expect(routeTableFor(tableForHost('ann.example.com', MAIN), null)).toEqual({ kind: 'user-domain', hostParams: { username: 'ann' } });
  });
});
