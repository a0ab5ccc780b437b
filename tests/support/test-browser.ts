import type { FastifyInstance } from 'fastify';
import { TEST_HOST } from './app.js';

type Response = Awaited<ReturnType<FastifyInstance['inject']>>;

/** A GraphQL answer as tests read it; each test narrows `data` to what it asked for. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type GqlAnswer = { data?: any; errors?: { message: string; extensions?: { code?: string } }[] };

export interface TestBrowser<G = GqlAnswer> {
  /** The cookies this browser holds, by name. */
  jar: Map<string, string>;
  get(url: string): Promise<Response>;
  /** `extraHeaders`: what the page's client adds to some requests (inkwell-purpose, inkwell-path). */
  gql(query: string, variables?: Record<string, unknown>, extraHeaders?: Record<string, string>): Promise<G>;
}

/**
 * A browser on the app for integration tests: requests go through `inject` and the
 * cookies the app sets are kept and sent back, as Chromium would (expired ones dropped).
 */
/** `G` types the GraphQL answers as the test reads them. */
export function testBrowser<G = GqlAnswer>(app: FastifyInstance, opts: { host?: string } = {}): TestBrowser<G> {
  const jar = new Map<string, string>();
  const headers = () => ({ host: opts.host ?? TEST_HOST, cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') });
  const keep = (setCookie: string | string[] | undefined) => {
    for (const c of [setCookie ?? []].flat()) {
      const [name, ...value] = c.split(';')[0]!.split('=');
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(c)) jar.delete(name!.trim());
      else jar.set(name!.trim(), value.join('='));
    }
  };
  return {
    jar,
    async get(url) {
      const res = await app.inject({ method: 'GET', url, headers: headers() });
      keep(res.headers['set-cookie']);
      return res;
    },
    async gql(query, variables = {}, extraHeaders = {}) {
      const res = await app.inject({ method: 'POST', url: '/_/graphql', headers: { ...headers(), ...extraHeaders, 'content-type': 'application/json' }, payload: JSON.stringify({ query, variables }) });
      keep(res.headers['set-cookie']);
      return res.json() as G;
    },
  };
}
