/**
 * Spec §7 `POST /_/api/newsletters/{id}/import/process-unvalidated-files`: the writer's CSV in a
 * multipart/form-data field named `file`, from our page (the session's xsrf token in a header).
 * Answers the validation report (the import, VALIDATED) or 4xx `{ message }`; nothing is
 * subscribed until the writer confirms (confirmNewsletterImport).
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { decodeUtf8 } from '../../platform/http/body-parsers.js';
import type { RateLimitRule } from '../../platform/rate-limit/index.js';
import { BAD_XSRF_MESSAGE, xsrfHeaderMatches } from '../../server/http/xsrf.js';
import { stageImport } from './import-commands.js';
import { IMPORT_CSV_MESSAGES, IMPORT_MAX_BYTES, readMailingList } from './import-csv.js';

export const importUploadPath = (newsletterId: string): string => `/_/api/newsletters/${newsletterId}/import/process-unvalidated-files`;

/** A writer checks a few files in a sitting; a script trying lists is refused. */
export const IMPORT_UPLOAD_RATE_LIMIT: RateLimitRule = { name: 'newsletter-import:user', limit: 30, windowMs: 60 * 60_000 };

export const IMPORT_HTTP_MESSAGES = {
  signedOut: 'Sign in to import subscribers.',
  notMultipart: 'Send the file as multipart/form-data in a field named "file".',
  rateLimited: (seconds: number) => `Too many uploads; try again in ${seconds} seconds.`,
} as const;

const FORM_OVERHEAD_BYTES = 64 * 1024;
const STATUS = { 'not-found': 404, forbidden: 403, 'bad-request': 400 } as const;

export async function registerNewsletterImportRoutes(app: FastifyInstance): Promise<void> {
  async function guard(request: FastifyRequest, reply: FastifyReply) {
    reply.header('cache-control', 'no-store');
    const viewer = request.viewer;
    if (!viewer || !request.session) return reply.code(401).send({ message: IMPORT_HTTP_MESSAGES.signedOut });
    if (!xsrfHeaderMatches(request)) return reply.code(403).send({ message: BAD_XSRF_MESSAGE });
    const limited = await app.rateLimiter.hit(IMPORT_UPLOAD_RATE_LIMIT, viewer.id);
    if (!limited.allowed) {
      return reply.code(429).header('retry-after', String(limited.retryAfterSeconds)).send({ message: IMPORT_HTTP_MESSAGES.rateLimited(limited.retryAfterSeconds) });
    }
    if (Number(request.headers['content-length']) > IMPORT_MAX_BYTES + FORM_OVERHEAD_BYTES) {
      return reply.code(413).header('connection', 'close').send({ message: IMPORT_CSV_MESSAGES.tooLarge(IMPORT_MAX_BYTES / 1024 / 1024) });
    }
  }

  // The multipart parser exists in this scope only (as for /_/upload): elsewhere a form post gets 415.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 50 },
      throwFileSizeLimit: true,
    });
    scope.post<{ Params: { id: string } }>('/_/api/newsletters/:id/import/process-unvalidated-files', { onRequest: guard }, async (request, reply) => {
      if (!request.isMultipart()) return reply.code(415).send({ message: IMPORT_HTTP_MESSAGES.notMultipart });
      let bytes: Buffer;
      let fileName: string;
      try {
        const file = await request.file();
        if (!file || file.fieldname !== 'file') return reply.code(400).send({ message: IMPORT_HTTP_MESSAGES.notMultipart });
        fileName = file.filename ?? '';
        bytes = await file.toBuffer();
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') return reply.code(413).header('connection', 'close').send({ message: IMPORT_CSV_MESSAGES.tooLarge(IMPORT_MAX_BYTES / 1024 / 1024) });
        if (code?.startsWith('FST_')) return reply.code(400).send({ message: IMPORT_HTTP_MESSAGES.notMultipart });
        throw err;
      }
      let text: string;
      try {
        text = decodeUtf8(bytes);
      } catch {
        return reply.code(400).send({ message: IMPORT_CSV_MESSAGES.notText });
      }
      const parsed = readMailingList(text);
      if (!parsed.ok) return reply.code(400).send({ message: parsed.message });
      const outcome = await stageImport(app.db, { newsletterId: request.params.id, userId: request.viewer!.id, fileName, list: parsed.list });
      if (outcome.kind !== 'ok') return reply.code(STATUS[outcome.kind]).send({ message: outcome.message });
      return { import: outcome.value };
    });
  });
}
