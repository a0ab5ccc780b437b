import { describe, expect, it, vi } from 'vitest';
import * as routing from '../../shared/routing/index.js';
import { fillPattern, ROUTE_TABLES, type RouteAccess, type RouteTableKind } from '../../shared/routing/index.js';
import { resolvePage, type TableContext } from './resolve-page.js';

const HOST_PARAMS: Record<RouteTableKind, Record<string, string>> = { default: {}, 'user-domain': { username: 'ann' }, 'publication-domain': { slug: 'pub' } };
const tableOf = (kind: RouteTableKind): TableContext => ({ kind, hostParams: HOST_PARAMS[kind] });
const ignore = () => {};

const VIEWERS: [who: string, viewer: { access?: RouteAccess } | null][] = [
  ['nobody signed in', null],
  ['a reader', {}],
  ['staff', { access: 'staff' }],
  ['an admin', { access: 'admin' }],
];
const mayOpen = (route: RouteAccess, viewer: { access?: RouteAccess } | null) =>
  viewer?.access === 'admin' || (route === 'staff' && viewer?.access === 'staff');

/** Every route of every table that declares access, with a path that matches it. */
const restricted = (Object.keys(ROUTE_TABLES) as RouteTableKind[]).flatMap((kind) =>
  ROUTE_TABLES[kind].routes
    .filter((r) => r.def.access)
    .map((r) => ({ kind, name: r.def.name, access: r.def.access!, path: fillPattern(r, Object.fromEntries(r.paramNames.map((p) => [p, '0123456789ab']))) })),
);

describe('resolvePage: staff and admin routes (spec §2.3), on the server and in client navigation alike', () => {
  it('knows the spec’s restricted routes', () => {
    expect(restricted.map((r) => [r.name, r.access])).toEqual(expect.arrayContaining([['ShowInternalStatus', 'admin'], ['ShowAdminUser', 'staff']]));
  });

  for (const route of restricted) {
    it.each(VIEWERS)(`${route.kind} ${route.path} (${route.access}) for %s`, (_who, viewer) => {
      const resolved = resolvePage(tableOf(route.kind), route.path, viewer, ignore);
      if (mayOpen(route.access, viewer)) expect(resolved).toMatchObject({ kind: 'page', routeName: route.name });
      // The same answer as a path no route matches: nothing says the route exists.
      else expect(resolved).toEqual(resolvePage(tableOf(route.kind), '/_/no-such-path/0123456789ab', viewer, ignore));
    });
  }

  it('checks access before a restricted redirect route sends anyone on', () => {
    const spy = vi.spyOn(routing, 'resolveRoute').mockReturnValue({
      route: { name: 'StaffRedirect', pattern: '/_/admin/old', pageId: null, access: 'staff', redirect: { to: 'ShowAdminUser', status: 301 } },
      name: 'StaffRedirect',
      pageId: null,
      params: {},
      table: 'default',
      redirect: { location: '/_/admin/users/0123456789ab', status: 301 },
    });
    try {
      expect(resolvePage(tableOf('default'), '/_/admin/old', null, ignore)).toEqual({ kind: 'not-found', routeName: 'unknown' });
      expect(resolvePage(tableOf('default'), '/_/admin/old', {}, ignore)).toEqual({ kind: 'not-found', routeName: 'unknown' });
      expect(resolvePage(tableOf('default'), '/_/admin/old', { access: 'staff' }, ignore)).toEqual({ kind: 'redirect', location: '/_/admin/users/0123456789ab', status: 301 });
    } finally {
      spy.mockRestore();
    }
  });
});
