import { isUtf8 } from 'node:buffer';
import type { FastifyInstance } from 'fastify';

/** A body that is not UTF-8: refused (400) rather than read with U+FFFD in place of its bytes. */
export class InvalidUtf8Error extends Error {
  readonly statusCode = 400;
  readonly code = 'INVALID_UTF8';
  constructor() {
    super('The request body is not valid UTF-8.');
  }
}

/** The text of a body, or InvalidUtf8Error. */
export function decodeUtf8(body: Buffer): string {
  if (!isUtf8(body)) throw new InvalidUtf8Error();
  return body.toString('utf8');
}

/**
 * JSON and plain-text bodies, decoded strictly: Fastify's own parsers decode with
 * replacement characters, so a body of broken bytes would be read as different text.
 * Errors keep Fastify's status codes (400 malformed JSON, 413 too large, 415 other types).
 */
export function registerStrictBodyParsers(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
    let text: string;
    try {
      text = decodeUtf8(body);
    } catch (err) {
      return done(err as Error, undefined);
    }
    parseJson(request, text, done);
  });
  app.addContentTypeParser('text/plain', { parseAs: 'buffer' }, (_request, body: Buffer, done) => {
    try {
      done(null, decodeUtf8(body));
    } catch (err) {
      done(err as Error, undefined);
    }
  });
}
