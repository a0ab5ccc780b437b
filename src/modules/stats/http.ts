import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BAD_XSRF_MESSAGE, xsrfHeaderMatches } from '../../server/http/xsrf.js';
import { z } from 'zod';
import { hitAll, type RateLimitRule } from '../../platform/rate-limit/index.js';
import { isSimpleContentType } from '../../server/graphql/csrf.js';
import { systemClock, type Clock } from '../../platform/clock.js';
import { recordStoryView } from './commands.js';
import { isBotUserAgent } from './model.js';

/** Spec §7 stats fetch path: the story page tells the server it was shown (the page itself may come from a cache). */
export const STORY_VIEW_PATH = '/_/stats/view';

/** A reader opens a few stories a minute; a script opening hundreds is not reading. */
export const STORY_VIEW_RATE_LIMITS: readonly RateLimitRule[] = [
  { name: 'story-view:visitor', limit: 60, windowMs: 60_000 },
  { name: 'story-view:ip', limit: 300, windowMs: 60_000 },
];

export const STORY_VIEW_MESSAGES = {
  badXsrf: BAD_XSRF_MESSAGE,
  forged: 'Send the view as JSON (Content-Type: application/json) from the story page.',
  badBody: 'Send JSON: { "postId": string }.',
  rateLimited: (seconds: number) => `Too many views at once; try again in ${seconds} s.`,
} as const;

const Body = z.object({ postId: z.string().regex(/^[0-9a-f]{12}$/) });

/**
 * POST /_/stats/view { postId }: 204 whether or not the view counted (a bot, the writer, a second
 * view today), so the answer tells a script nothing. Another site cannot send it: a logged-out
 * reader's request must be JSON (a cross-site JSON POST needs a preflight this server never grants),
 * and a signed-in reader's must also carry the session's xsrf token, like the other /_/ POSTs.
 */
export function registerStatsRoutes(app: FastifyInstance, opts: { clock?: Clock } = {}) {
  const clock = opts.clock ?? systemClock;
  app.post(STORY_VIEW_PATH, async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    if (isSimpleContentType(request.headers['content-type'])) return reply.code(403).send({ message: STORY_VIEW_MESSAGES.forged });
    if (request.session && !xsrfHeaderMatches(request)) return reply.code(403).send({ message: STORY_VIEW_MESSAGES.badXsrf });
    const body = Body.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ message: STORY_VIEW_MESSAGES.badBody });
    const verdict = await hitAll(app.rateLimiter, [
      [STORY_VIEW_RATE_LIMITS[0]!, request.viewer?.id ?? request.visitorId],
      [STORY_VIEW_RATE_LIMITS[1]!, request.ip],
    ]);
    if (!verdict.allowed)
      return reply.code(429).header('retry-after', String(verdict.retryAfterSeconds)).send({ message: STORY_VIEW_MESSAGES.rateLimited(verdict.retryAfterSeconds) });
    // Spec §1: bots receive no analytics.
    if (isBotUserAgent(request.headers['user-agent'])) return reply.code(204).send();
    await recordStoryView(app.db, { postId: body.data.postId, viewerId: request.viewer?.id ?? null, visitorId: request.visitorId }, clock.now());
    return reply.code(204).send();
  });
}
