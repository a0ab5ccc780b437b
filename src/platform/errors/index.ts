/**
 * Errors whose message is meant for the user. Anything else reaching a response is an
 * internal fault, and its message is masked in production.
 */
export class PublicError extends Error {
  readonly code: string = 'BAD_REQUEST';
  readonly statusCode: number = 400;
}
export class BadRequestError extends PublicError {}
export class NotFoundError extends PublicError {
  override readonly code = 'NOT_FOUND';
  override readonly statusCode = 404;
}
export class ForbiddenError extends PublicError {
  override readonly code = 'FORBIDDEN';
  override readonly statusCode = 403;
}
export class UnauthorizedError extends PublicError {
  override readonly code = 'UNAUTHORIZED';
  override readonly statusCode = 401;
}
export class RateLimitedError extends PublicError {
  override readonly code = 'RATE_LIMITED';
  override readonly statusCode = 429;
}
