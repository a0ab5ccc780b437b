import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, TEST_HOST, type TestApp } from '../support/app.js';

/**
 * Pages that fail while rendering. Two routed pages are swapped for broken ones: one whose
 * component throws (inside the page: the 'Error' fallback in its layout) and one whose
 * head throws before React runs (the static 500 screen, 409 for a conflict).
 */
vi.mock('../../src/web/router/registry.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/web/router/registry.js')>();
  const throwing = (message: string) => () => {
    throw new Error(message);
  };
  const broken: Record<string, import('../../src/web/router/registry.js').PageDef> = {
    'explore-topics': { module: 'broken-component', load: async () => ({ default: throwing('the page component broke') }) },
    'landing-gift': { module: 'broken-head', load: actual.COMING_SOON.load, head: throwing('upstream said 409: Conflict') },
    plans: { module: 'broken-head', load: actual.COMING_SOON.load, head: throwing('something else broke') },
  };
  return { ...actual, loadPageDef: async (pageId: string) => broken[pageId] ?? actual.loadPageDef(pageId) };
});

describe('render failures', () => {
  let t: TestApp;
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: TEST_HOST } });
  beforeAll(async () => {
    t = await createTestApp();
  });

  it('a page that throws shows the Error fallback inside its layout, with status 500 and the error logged', async () => {
    const res = await get('/explore-topics');
    expect(res.statusCode).toBe(500);
    expect(res.body).toContain('data-layout="top-nav"');
    expect(res.body).toContain('data-testid="error-fallback"');
    expect(res.body).toContain('We’re sorry, but there was a problem displaying this page.');
    expect(t.logs.some((l) => l.msg === 'page component failed to render' && JSON.stringify(l).includes('the page component broke'))).toBe(true);
  });

  it('a failure outside the page answers with the 500 screen', async () => {
    const res = await get('/plans');
    expect(res.statusCode).toBe(500);
    expect(res.body).toContain('Apologies, but something went wrong on our end.');
  });

  it("answers 409 when the failure says '409: Conflict'", async () => {
    const res = await get('/gift');
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain('Apologies, but something went wrong on our end.');
  });

  it('other pages still render', async () => {
    expect((await get('/')).statusCode).toBe(200);
  });
});
