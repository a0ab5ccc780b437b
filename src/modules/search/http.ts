/**
 * The search provider of spec §7 on the site's own origin, speaking Algolia's protocol
 * (search.yml, insights.yml) so the official clients work against it:
 *   POST /1/indexes/* /queries      multi-query, results in request order
 *   POST /1/indexes/{index}/query   one index
 *   POST /1/events                  click events (clickedObjectIDsAfterSearch)
 * Bodies are JSON whatever the Content-Type (the clients send text/plain to avoid a CORS
 * preflight). Credentials come as x-algolia-application-id / x-algolia-api-key headers or
 * query parameters; the key is a search-only key from GraphQL searchKey (keys.ts). Errors are
 * `{ message, status }` as Algolia answers them.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cachedVariantFlags } from '../flags/queries.js';
import { decodeUtf8 } from '../../platform/http/body-parsers.js';
import type { RateLimitRule } from '../../platform/rate-limit/index.js';
import { checkClick, recordClicks, type ClickEvent } from './clicks.js';
import { recordQueries, searchIndex, type QueryRecord } from './engine.js';
import { SearchRequestError } from './errors.js';
import { SEARCH_APP_ID, verifySearchKey } from './keys.js';
import { loadSearchViewer } from './viewer.js';

/** Per viewer (or address for visitors): a predictive box sends one request per keystroke. */
export const SEARCH_RATE_LIMIT: RateLimitRule = { name: 'search:requester', limit: 600, windowMs: 60_000 };
export const EVENTS_RATE_LIMIT: RateLimitRule = { name: 'search-events:requester', limit: 300, windowMs: 60_000 };
/** Requests per multi-query call (the predictive box sends 4). */
const MAX_REQUESTS = 20;
const MAX_EVENTS = 1000;

const credential = (request: FastifyRequest, name: string): string | undefined => {
  const header = request.headers[name];
  if (typeof header === 'string') return header;
  const query = (request.query as Record<string, unknown>)[name];
  return typeof query === 'string' ? query : undefined;
};

function jsonBody(request: FastifyRequest): Record<string, unknown> {
  const raw = request.body;
  if (raw === undefined || raw === null || raw === '') return {};
  let value: unknown = raw;
  if (typeof raw === 'string' || Buffer.isBuffer(raw)) {
    try {
      value = JSON.parse(String(raw));
    } catch {
      throw new SearchRequestError('Invalid JSON body.');
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new SearchRequestError('The body must be a JSON object.');
  return value as Record<string, unknown>;
}

export function registerSearchRoutes(app: FastifyInstance): void {
  const flags = cachedVariantFlags(app.db);
  app.register(async (scope) => {
    // JSON whatever the Content-Type: parsed in the handlers, so a bad body is a protocol error, not Fastify's.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body: Buffer, done) => {
      try {
        done(null, decodeUtf8(body));
      } catch (err) {
        done(err as Error, undefined);
      }
    });

    scope.setErrorHandler((err: Error & { statusCode?: number }, request, reply) => {
      if (err instanceof SearchRequestError) return reply.code(err.status).send({ message: err.message, status: err.status });
      const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
      if (status >= 500) request.log.error({ err }, 'search request failed');
      return reply.code(status).send({ message: status >= 500 ? 'Internal error' : err.message, status });
    });

    /** The key's claims, after the rate limit; throws 403 / 429 as Algolia would. */
    const authorize = async (request: FastifyRequest, reply: FastifyReply, rule: RateLimitRule) => {
      const appId = credential(request, 'x-algolia-application-id');
      const apiKey = credential(request, 'x-algolia-api-key');
      const claims = appId === SEARCH_APP_ID && apiKey ? verifySearchKey(app.config.SECRET_KEY, apiKey) : null;
      if (!claims) throw new SearchRequestError('Invalid Application-ID or API key', 403);
      const verdict = await app.rateLimiter.hit(rule, claims.viewerId ?? `ip:${request.ip}`);
      if (!verdict.allowed) {
        reply.header('retry-after', String(verdict.retryAfterSeconds));
        throw new SearchRequestError('Too many requests', 429);
      }
      return claims;
    };

    const answer = async (request: FastifyRequest, reply: FastifyReply, requests: { indexName: unknown; raw: Record<string, unknown> }[]) => {
      const claims = await authorize(request, reply, SEARCH_RATE_LIMIT);
      const viewer = await loadSearchViewer(app.db, claims.viewerId, await flags());
      const outcomes = await Promise.all(requests.map((r) => searchIndex(app.db, String(r.indexName), r.raw, viewer)));
      const records = outcomes.map((o) => o.record).filter((r): r is QueryRecord => r !== null);
      await recordQueries(app.db, records, claims.viewerId);
      return outcomes.map((o) => o.result);
    };

    // find-my-way reads '*' as a wildcard: the index segment is a parameter that must be '*'.
    scope.post('/1/indexes/:star/queries', async (request, reply) => {
      if ((request.params as { star: string }).star !== '*') throw new SearchRequestError('Multiple queries are sent to /1/indexes/*/queries.', 404);
      const body = jsonBody(request);
      const list = body.requests;
      if (!Array.isArray(list) || list.length === 0) throw new SearchRequestError('requests must be a non-empty array.');
      if (list.length > MAX_REQUESTS) throw new SearchRequestError(`At most ${MAX_REQUESTS} requests per call.`);
      const requests = list.map((entry: unknown) => {
        if (typeof entry !== 'object' || entry === null) throw new SearchRequestError('Each request must be an object.');
        const { indexName, type, ...raw } = entry as Record<string, unknown>;
        if (typeof indexName !== 'string' || indexName === '') throw new SearchRequestError('Each request needs an indexName.');
        if (type !== undefined && type !== 'default') throw new SearchRequestError(`Request type ${String(type)} is not supported.`);
        return { indexName, raw };
      });
      return { results: await answer(request, reply, requests) };
    });

    scope.post('/1/indexes/:indexName/query', async (request, reply) => {
      const { indexName } = request.params as { indexName: string };
      const [result] = await answer(request, reply, [{ indexName, raw: jsonBody(request) }]);
      return result;
    });

    scope.post('/1/events', async (request, reply) => {
      const claims = await authorize(request, reply, EVENTS_RATE_LIMIT);
      const events = jsonBody(request).events;
      if (!Array.isArray(events) || events.length === 0 || events.length > MAX_EVENTS) throw new SearchRequestError(`events must hold 1 to ${MAX_EVENTS} events.`, 422);
      const clicks: ClickEvent[] = [];
      for (const e of events as Record<string, unknown>[]) {
        if (typeof e !== 'object' || e === null) throw new SearchRequestError('Each event must be an object.', 422);
        // Views and conversions are accepted and not kept; clicks after a search are.
        if (e.eventType !== 'click' || e.queryID === undefined) continue;
        clicks.push(
          checkClick({
            eventName: String(e.eventName ?? ''),
            indexName: String(e.index ?? ''),
            queryId: String(e.queryID),
            objectIds: e.objectIDs as string[],
            positions: e.positions as number[],
            userToken: typeof e.userToken === 'string' ? e.userToken : (credential(request, 'x-algolia-usertoken') ?? null),
          }),
        );
      }
      await recordClicks(app.db, clicks, claims.viewerId);
      return { status: 200, message: 'OK' };
    });
  });
}
