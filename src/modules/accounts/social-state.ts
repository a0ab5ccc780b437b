import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SocialOperation } from '../../shared/auth-providers.js';

/**
 * The state of a social sign-in (spec §7): the lowercase provider name, the redirect
 * target, the operation and, when connecting, the viewer id, joined by '|', then a keyed
 * hash of those parts.
 *
 * The key is a random secret kept in an HttpOnly cookie of the browser that started
 * the flow. A state coming back is only accepted with that cookie, so a sign-in started
 * elsewhere (login CSRF) or a state with an edited part (another redirect, operation
 * or viewer) fails. The PKCE verifier and the nonce derive from the same secret: the
 * server keeps nothing per flow, and neither can be worked out from the state.
 */
export interface FlowState {
  provider: string;
  /** A path on this site (already checked). */
  redirect: string;
  operation: SocialOperation;
  /** The signed-in reader who is connecting; null for login and register. */
  viewerId: string | null;
}

export interface FlowSecrets {
  nonce: string;
  codeVerifier: string;
  /** S256 of the verifier, for the authorization request. */
  codeChallenge: string;
}

export interface StartedFlow extends FlowSecrets {
  /** For the cookie only. */
  secret: string;
  state: string;
}

export const FLOW_COOKIE = 'oauth_flow';
/** The cookie goes only to the callbacks. */
export const FLOW_COOKIE_PATH = '/m/callback';
/** Long enough to sign in at the provider, short enough that a forgotten tab's flow dies. */
export const FLOW_MAX_AGE_S = 10 * 60;

const SEPARATOR = '|';
const OPERATIONS: readonly string[] = ['login', 'register', 'connect'] satisfies SocialOperation[];

const keyed = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest('base64url');

function secrets(secret: string): FlowSecrets {
  // 43 characters of base64url: a valid PKCE verifier (RFC 7636 §4.1).
  const codeVerifier = keyed(secret, 'pkce');
  return { nonce: keyed(secret, 'nonce'), codeVerifier, codeChallenge: createHash('sha256').update(codeVerifier).digest('base64url') };
}

export function startFlow(flow: FlowState): StartedFlow {
  const secret = randomBytes(32).toString('base64url');
  // The redirect is encoded so a '|' in it cannot shift the parts.
  const parts = [flow.provider, encodeURIComponent(flow.redirect), flow.operation, ...(flow.viewerId ? [flow.viewerId] : [])];
  const prefix = parts.join(SEPARATOR);
  return { secret, state: `${prefix}${SEPARATOR}${keyed(secret, `state:${prefix}`)}`, ...secrets(secret) };
}

/** The flow a returning state belongs to, or null when it does not match the cookie's secret. */
export function readFlow(state: string | undefined, secret: string | undefined): (FlowState & FlowSecrets) | null {
  if (!state || !secret) return null;
  const cut = state.lastIndexOf(SEPARATOR);
  if (cut < 0) return null;
  const prefix = state.slice(0, cut);
  const tag = Buffer.from(state.slice(cut + 1));
  const expected = Buffer.from(keyed(secret, `state:${prefix}`));
  if (tag.length !== expected.length || !timingSafeEqual(tag, expected)) return null;
  const [provider, redirect, operation, viewerId, ...rest] = prefix.split(SEPARATOR);
  if (!provider || redirect === undefined || !operation || !OPERATIONS.includes(operation) || rest.length) return null;
  if ((operation === 'connect') !== Boolean(viewerId)) return null;
  return { provider, redirect: decodeURIComponent(redirect), operation: operation as SocialOperation, viewerId: viewerId ?? null, ...secrets(secret) };
}
