/**
 * `POST /_/upload`: one image in a multipart/form-data field named `file`, from a
 * signed-in browser, answered with its ImageMetadata `{ id, width, height, mimeType }`
 * (errors: 4xx `{ message }`).
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { xsrfHeaderMatches } from '../../server/http/xsrf.js';
import type { RateLimitRule } from '../../platform/rate-limit/index.js';
import { storeUploadedImage } from './commands.js';
import { ImageRejectedError, UPLOAD_MESSAGES } from './process.js';
import type { MediaService } from './service.js';

export const UPLOAD_PATH = '/_/upload';

/** Generous for writing (a story rarely has more than a few dozen images), tight for a script. */
export const UPLOAD_RATE_LIMIT: RateLimitRule = { name: 'media-upload:user', limit: 60, windowMs: 10 * 60_000 };

export const UPLOAD_HTTP_MESSAGES = {
  signedOut: 'Sign in to upload images.',
  badXsrf: 'This upload could not be verified (missing or wrong X-XSRF-Token); reload the page and try again.',
  notMultipart: 'Send the image as multipart/form-data in a field named "file".',
  noFile: 'Send the image in a form field named "file".',
  rateLimited: (seconds: number) => `Too many uploads; try again in ${seconds} seconds.`,
} as const;

/** Room for the form's boundaries and part headers around the file itself. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

export async function registerUploadRoute(app: FastifyInstance, media: MediaService): Promise<void> {
  const maxMb = app.config.IMAGE_UPLOAD_MAX_MB;
  const maxBytes = Math.floor(maxMb * 1024 * 1024);

  /**
   * Before any byte of the body is read. A multipart form is a "simple" request another
   * site can make a browser send with its cookies, so the session cookie alone proves
   * nothing: the xsrf token, which only our own pages know, must come in a header.
   */
  async function guard(request: FastifyRequest, reply: FastifyReply) {
    reply.header('cache-control', 'no-store');
    const viewer = request.viewer;
    if (!viewer || !request.session) return reply.code(401).send({ message: UPLOAD_HTTP_MESSAGES.signedOut });
    if (!xsrfHeaderMatches(request)) return reply.code(403).send({ message: UPLOAD_HTTP_MESSAGES.badXsrf });
    const limited = await app.rateLimiter.hit(UPLOAD_RATE_LIMIT, viewer.id);
    if (!limited.allowed) {
      return reply.code(429).header('retry-after', String(limited.retryAfterSeconds)).send({ message: UPLOAD_HTTP_MESSAGES.rateLimited(limited.retryAfterSeconds) });
    }
    const declared = Number(request.headers['content-length']);
    if (declared > maxBytes + FORM_OVERHEAD_BYTES) return reply.code(413).header('connection', 'close').send({ message: UPLOAD_MESSAGES.tooLarge(maxMb) });
  }

  // In a scope of its own: the multipart parser exists for this route only, so everywhere
  // else (GraphQL above all) a form post still finds no parser and gets 415.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 50 },
      throwFileSizeLimit: true,
    });
    scope.post(UPLOAD_PATH, { onRequest: guard }, async (request, reply) => {
      if (!request.isMultipart()) return reply.code(415).send({ message: UPLOAD_HTTP_MESSAGES.notMultipart });
      let upload: Buffer;
      try {
        const file = await request.file();
        if (!file || file.fieldname !== 'file') return reply.code(400).send({ message: UPLOAD_HTTP_MESSAGES.noFile });
        // The declared type and the file name are ignored: the bytes decide (sniff.ts).
        upload = await file.toBuffer();
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') return reply.code(413).header('connection', 'close').send({ message: UPLOAD_MESSAGES.tooLarge(maxMb) });
        if (code?.startsWith('FST_')) return reply.code(400).send({ message: UPLOAD_HTTP_MESSAGES.notMultipart });
        throw err;
      }
      try {
        const image = await media.limit(() => storeUploadedImage(app.db, media.storage, request.viewer!.id, upload));
        return { id: image.id, width: image.width, height: image.height, mimeType: image.mimeType };
      } catch (err) {
        if (err instanceof ImageRejectedError) return reply.code(err.statusCode).send({ message: err.message });
        throw err;
      }
    });
  });
}
