import { ForbiddenError, UnauthorizedError } from '../../platform/errors/index.js';
import type { RequestContext, Viewer } from '../../server/graphql/context.js';

export const SESSION_REQUIRED_MESSAGE = 'Sign in on the website to do this.';

/**
 * A viewer signed in with a browser session. An integration token acts as its reader for
 * everything else, but managing how the account signs in (tokens, sessions, password,
 * two-factor, connected accounts) needs a session: a leaked token must not be able to
 * mint more tokens or lock its owner out.
 */
export function requireSessionViewer(ctx: Pick<RequestContext, 'viewer'>, signedOutMessage = 'Sign in to do this.'): Viewer {
  if (!ctx.viewer) throw new UnauthorizedError(signedOutMessage);
  if (ctx.viewer.viaToken) throw new ForbiddenError(SESSION_REQUIRED_MESSAGE);
  return ctx.viewer;
}
