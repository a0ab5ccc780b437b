import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createAccountLoaders } from '../accounts/queries.js';
import { csvField } from '../catalogs/export.js';
import { exportableSubscribers, type ExportedSubscriber } from './audience-queries.js';
import { writerNewsletter } from './queries.js';

export const AUDIENCE_EXPORT_MESSAGES = {
  signIn: 'Sign in to export your subscribers.',
  notFound: 'Not found.',
} as const;

const HEADER = ['email', 'subscribed at', 'source'];

/** The export as CSV: hostile addresses quoted, and cells a spreadsheet would run as a formula prefixed with '. */
export function subscribersCsv(rows: readonly ExportedSubscriber[]): string {
  const lines = [HEADER.join(','), ...rows.map((r) => [r.email, r.subscribedAt, r.source].map(csvField).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * Spec §2.3 /@{username}/audience/stats/export: the writer's own subscribers who share their
 * address, as CSV (email, subscribed at, source). Anyone but the writer gets the same 404 as an
 * unknown writer, so the path tells nothing about who has subscribers.
 */
export function registerAudienceRoutes(app: FastifyInstance) {
  app.get('/@:username/audience/stats/export', async (request: FastifyRequest<{ Params: { username: string } }>, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    if (!request.viewer) return reply.code(401).type('text/plain; charset=utf-8').send(AUDIENCE_EXPORT_MESSAGES.signIn);
    const writer = await createAccountLoaders(app.db).userByUsername.load(request.params.username);
    if (!writer || writer.id !== request.viewer.id) return reply.code(404).type('text/plain; charset=utf-8').send(AUDIENCE_EXPORT_MESSAGES.notFound);
    const newsletter = await writerNewsletter(app.db, writer.id);
    const rows = newsletter ? await exportableSubscribers(app.db, newsletter.id) : [];
    reply.header('content-disposition', `attachment; filename="subscribers-${writer.username}.csv"`);
    return reply.type('text/csv; charset=utf-8').send(subscribersCsv(rows));
  });
}
