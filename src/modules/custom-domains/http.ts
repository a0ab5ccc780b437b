import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../server/config.js';
import type { Db } from '../../platform/db/client.js';
import { domainProblem, normalizeDomain } from './model.js';

export const TLS_ASK_PATH = '/_/tls/ask';

/**
 * Caddy's on-demand TLS `ask` endpoint (README "Custom domains and TLS"): before Caddy asks a CA
 * for a certificate for a name it has never seen, it calls GET /_/tls/ask?domain=NAME, and only a
 * 2xx lets it go on. A name is allowed once its owner's DNS check passed (VERIFIED or ACTIVE), so
 * the certificate is there when the domain is activated; anything else is 404, so a stranger
 * pointing names at the site cannot make it ask for certificates. Issuance for the whole site is
 * also limited (CUSTOM_DOMAIN_TLS_ASKS_PER_HOUR, the shared limiter): CAs limit per account.
 */
export function registerTlsAskRoute(app: FastifyInstance, deps: { db: Db; config: Config }): void {
  const rule = { name: 'tls-ask:site', limit: deps.config.CUSTOM_DOMAIN_TLS_ASKS_PER_HOUR, windowMs: 3_600_000 };
  app.get(TLS_ASK_PATH, async (request, reply) => {
    const raw = (request.query as { domain?: unknown }).domain;
    const domain = typeof raw === 'string' ? normalizeDomain(raw) : '';
    if (!domain || domainProblem(domain, deps.config.mainHost)) return reply.code(404).send({ allowed: false });
    const { rows } = await deps.db.execute(sql`select 1 from custom_domains where domain = ${domain} and state in ('VERIFIED', 'ACTIVE') limit 1`);
    if (rows.length === 0) return reply.code(404).send({ allowed: false });
    const verdict = await app.rateLimiter.hit(rule, 'site');
    if (!verdict.allowed) return reply.code(429).header('retry-after', String(verdict.retryAfterSeconds)).send({ allowed: false });
    return reply.code(200).send({ allowed: true });
  });
}
