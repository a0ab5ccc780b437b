/**
 * `GET /media/{mediaResourceId}?w=&h=&s=&fx=&fy=` (spec route ShowMedia): an uploaded
 * image at the requested size and strategy, as WebP when the browser accepts it, else in
 * its own format. Every variant is computed once, stored beside the original, and
 * served with year-long immutable caching: a URL's bytes never change.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isMediaResourceId } from '../../shared/images.js';
import type { RateLimitRule } from '../../platform/rate-limit/index.js';
import { readAll } from '../../platform/storage/index.js';
import { originalKey } from './commands.js';
import { renderVariant } from './process.js';
import type { MediaService } from './service.js';
import type { ImageMimeType } from './sniff.js';
import { parseVariantQuery, planVariant, type VariantPlan } from './variants.js';

/** Bumped when variant encoding changes, so new bytes get new names (and ETags). */
const VARIANT_VERSION = 'v1';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const EXTENSION: Record<ImageMimeType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif' };

/**
 * Rendering is the expensive part and a client can name endless sizes: each address may
 * cause this many new variants a minute (cached ones are free). A page of images needs a
 * few dozen at most.
 */
export const VARIANT_RATE_LIMIT: RateLimitRule = { name: 'media-variant:ip', limit: 600, windowMs: 60_000 };

export const variantKey = (id: string, plan: VariantPlan, output: ImageMimeType) => `variants/${id}/${VARIANT_VERSION}-${plan.name}.${EXTENSION[output]}`;

/** Browsers that decode WebP say so in Accept; `*\/*` alone (curl, old clients) gets the original format. */
export function acceptsWebp(accept: string | undefined): boolean {
  return (accept ?? '').split(',').some((entry) => {
    const [type, ...params] = entry.split(';').map((p) => p.trim().toLowerCase());
    if (type !== 'image/webp') return false;
    const q = params.find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return tag === etag || tag === '*';
  });
}

type MediaRequest = FastifyRequest<{ Params: { mediaResourceId: string }; Querystring: Record<string, unknown> }>;

export function registerServeRoute(app: FastifyInstance, media: MediaService): void {
  const inFlight = new Map<string, Promise<Buffer | null>>();

  /** Concurrent requests for one missing variant share one rendering. */
  function renderOnce(key: string, render: () => Promise<Buffer | null>): Promise<Buffer | null> {
    let pending = inFlight.get(key);
    if (!pending) {
      pending = render().finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  }

  const notFound = (reply: FastifyReply) => reply.code(404).header('cache-control', 'no-cache').send({ message: 'Image not found.' });

  app.get('/media/:mediaResourceId', async (request: MediaRequest, reply) => {
    const id = request.params.mediaResourceId;
    if (!isMediaResourceId(id)) return notFound(reply);
    const wanted = parseVariantQuery(request.query);
    if ('error' in wanted) return reply.code(400).send({ message: wanted.error });
    const resource = await media.mediaById(id);
    if (!resource) return notFound(reply);
    const plan = planVariant(wanted, resource.width, resource.height);
    if ('error' in plan) return reply.code(400).send({ message: plan.error });
    const output: ImageMimeType = acceptsWebp(request.headers.accept) ? 'image/webp' : resource.mimeType;
    const etag = `"${id}-${VARIANT_VERSION}-${plan.name}-${EXTENSION[output]}"`;
    const cacheable = (r: FastifyReply) => r.header('vary', 'Accept').header('cache-control', IMMUTABLE).header('etag', etag).header('x-content-type-options', 'nosniff');
    if (matchesEtag(request.headers['if-none-match'], etag)) return cacheable(reply).code(304).send();

    const key = plan.name === 'orig' && output === resource.mimeType ? originalKey(id) : variantKey(id, plan, output);
    const stored = await media.storage.get(key);
    if (stored) return cacheable(reply).type(output).header('content-length', stored.size).send(stored.stream);
    if (key === originalKey(id)) {
      request.log.error({ id }, 'media original missing from storage');
      return notFound(reply);
    }

    const limited = await app.rateLimiter.hit(VARIANT_RATE_LIMIT, request.ip);
    if (!limited.allowed) return reply.code(429).header('cache-control', 'no-store').header('retry-after', String(limited.retryAfterSeconds)).send({ message: 'Too many new image sizes requested; try again shortly.' });
    const data = await renderOnce(key, () =>
      media.limit(async () => {
        const original = await media.storage.get(originalKey(id));
        if (!original) return null;
        const rendered = await renderVariant(await readAll(original), resource.mimeType, plan, output);
        await media.storage.put(key, rendered);
        media.stats.variantsRendered++;
        return rendered;
      }),
    );
    if (!data) {
      request.log.error({ id }, 'media original missing from storage');
      return notFound(reply);
    }
    return cacheable(reply).type(output).header('content-length', data.length).send(data);
  });
}
