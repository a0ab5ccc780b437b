import { beforeAll, describe, expect, it } from 'vitest';
import { normalizeRedirect } from '../../src/shared/redirect.js';
import { fillPattern, ROUTE_TABLES } from '../../src/shared/routing/index.js';
import { createTestApp, TEST_HOST, type TestApp } from '../support/app.js';
import { newReader, type Reader } from '../support/readers.js';
import { testBrowser } from '../support/test-browser.js';

const SAMPLE_ID = '0123456789ab';
/** A path for each route of the main table, its params filled with a sample value. */
const samplePath = (route: (typeof ROUTE_TABLES.default.routes)[number]) =>
  fillPattern(route, Object.fromEntries(route.paramNames.map((p) => [p, p === 'username' ? 'nobody' : SAMPLE_ID])));
/** The page's embedded state, without what differs between two requests of one page. */
const pageState = (body: string) => /window\.__PRELOADED_STATE__=(.*?);window\.__APOLLO_STATE__/.exec(body)?.[1];

describe('route access (spec §2.3) over HTTP', () => {
  let t: TestApp;
  let reader: Reader;
  let staff: Reader;
  let admin: Reader;
  beforeAll(async () => {
    t = await createTestApp();
    reader = await newReader(t, 'Reader');
    staff = await newReader(t, 'Staff', { isStaff: true });
    admin = await newReader(t, 'Admin', { isAdmin: true });
  });

  const restricted = ROUTE_TABLES.default.routes.filter((r) => r.def.access);
  const unknownPath = `/_/admin/nothing-here/${SAMPLE_ID}`;

  it('the spec’s staff and admin pages are among them', () => {
    expect(restricted.map((r) => samplePath(r))).toEqual(expect.arrayContaining(['/_/admin/internal-status', `/_/admin/users/${SAMPLE_ID}`]));
  });

  for (const route of restricted) {
    const path = samplePath(route);
    it(`${path} (${route.def.access}) is the not-found page of an unknown path to visitors and readers`, async () => {
      for (const browser of [testBrowser(t.app), reader.browser, ...(route.def.access === 'admin' ? [staff.browser] : [])]) {
        const [res, unknown] = [await browser.get(path), await browser.get(unknownPath)];
        expect(res.statusCode).toBe(404);
        expect(res.body).toContain('PAGE NOT FOUND');
        expect(pageState(res.body)).toBe(pageState(unknown.body));
        expect(res.headers['x-cache']).toBe(unknown.headers['x-cache']);
      }
    });

    it(`${path} (${route.def.access}) opens for ${route.def.access === 'admin' ? 'admins only' : 'staff and admins'}`, async () => {
      for (const browser of [admin.browser, ...(route.def.access === 'staff' ? [staff.browser] : [])]) {
        const res = await browser.get(path);
        expect(res.statusCode).toBe(200);
        expect(JSON.parse(pageState(res.body)!)).toMatchObject({ routeName: route.def.name });
      }
    });
  }

  it('the page shell tells the client router the viewer’s access only for staff and admins', async () => {
    const access = async (b: Reader['browser']) => (JSON.parse(pageState((await b.get('/me/settings')).body)!) as { site: { viewer: { access?: string } } }).site.viewer.access;
    expect(await access(reader.browser)).toBeUndefined();
    expect(await access(staff.browser)).toBe('staff');
    expect(await access(admin.browser)).toBe('admin');
  });
});

describe('signed-in pages for a signed-out visitor', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it('every route either answers or sends the visitor to sign in and back, with nothing logged at error level', async () => {
    const toSignIn: string[] = [];
    for (const route of ROUTE_TABLES.default.routes) {
      const path = samplePath(route);
      t.logs.length = 0;
      const res = await t.app.inject({ method: 'GET', url: path, headers: { host: TEST_HOST } });
      expect(res.statusCode, path).toBeLessThan(500);
      expect(t.logs.filter((l) => l.level >= 50).map((l) => `${path}: ${l.msg}`)).toEqual([]);
      const location = res.headers.location;
      // Server handlers (auth callbacks) send to sign-in with a message, not as a page's outcome.
      if (location?.startsWith('/m/signin?') && !route.def.serverHandled) {
        toSignIn.push(path);
        const back = new URL(location, `http://${TEST_HOST}`).searchParams.get('redirect');
        expect(back, path).not.toBeNull();
        expect(normalizeRedirect(back), path).toBe(back);
      }
    }
    // The signed-in pages built so far are among them.
    expect(toSignIn).toEqual(expect.arrayContaining(['/me/notifications', '/me/settings', '/me/stories', '/new-story', '/password']));
  });
});
