import type { FlowSecrets } from './social-state.js';
import type { FetchJson, OAuth2Provider } from './social-providers.js';
import type { VerifiedIdentity } from './social-oidc.js';

const TIMEOUT_MS = 10_000;
/** A token or profile answer is small; anything larger is not one. */
const MAX_BODY_BYTES = 256 * 1024;

/** JSON from a provider's endpoint, or an error naming the status; time- and size-capped. */
const fetchJson: FetchJson = async (url, init = {}) => {
  const res = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'application/json', ...init.headers } });
  const body = Buffer.from(await res.arrayBuffer());
  if (body.length > MAX_BODY_BYTES) throw new Error(`The provider's answer is too large (${body.length} bytes).`);
  if (!res.ok) throw new Error(`The provider answered ${res.status}: ${body.toString('utf8').slice(0, 200)}`);
  return JSON.parse(body.toString('utf8')) as unknown;
};

/** The provider's sign-in page for this flow: code flow with PKCE (S256) and the state. */
export function oauth2AuthorizationUrl(provider: OAuth2Provider, input: { redirectUri: string; state: string; secrets: FlowSecrets }): URL {
  const url = new URL(provider.authorizationEndpoint);
  const params = {
    response_type: 'code',
    client_id: provider.clientId,
    redirect_uri: input.redirectUri,
    scope: provider.scopes.join(provider.scopeSeparator),
    state: input.state,
    code_challenge: input.secrets.codeChallenge,
    code_challenge_method: 'S256',
    ...provider.authorizationParams,
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url;
}

/**
 * Trades the code for an access token (with the PKCE verifier, so a code taken on the
 * way is useless) and asks the provider's API who it belongs to. Throws on anything
 * wrong: a different state, a provider error, no token, no id.
 */
export async function completeOAuth2Authorization(provider: OAuth2Provider, input: { callbackUrl: URL; state: string; secrets: FlowSecrets }): Promise<VerifiedIdentity> {
  const q = input.callbackUrl.searchParams;
  if (q.get('state') !== input.state) throw new Error('The state does not match this flow.');
  if (q.get('error')) throw new Error(`The provider refused: ${q.get('error')} ${q.get('error_description') ?? ''}`.trim());
  const code = q.get('code');
  if (!code) throw new Error('The provider returned no code.');
  const redirectUri = `${input.callbackUrl.origin}${input.callbackUrl.pathname}`;
  const grant = { grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: input.secrets.codeVerifier, client_id: provider.clientId };

  const get = provider.fetchJson ?? fetchJson;
  const form = 'application/x-www-form-urlencoded';
  let token: unknown;
  if (provider.tokenRequest === 'get-query') {
    token = await get(`${provider.tokenEndpoint}?${new URLSearchParams({ ...grant, client_secret: provider.clientSecret })}`);
  } else if (provider.tokenRequest === 'post-form') {
    token = await get(provider.tokenEndpoint, { method: 'POST', headers: { 'content-type': form }, body: new URLSearchParams({ ...grant, client_secret: provider.clientSecret }).toString() });
  } else {
    // RFC 6749 §2.3.1: the id and secret are form-encoded before going into Basic.
    const basic = Buffer.from(`${encodeURIComponent(provider.clientId)}:${encodeURIComponent(provider.clientSecret)}`).toString('base64');
    token = await get(provider.tokenEndpoint, { method: 'POST', headers: { authorization: `Basic ${basic}`, 'content-type': form }, body: new URLSearchParams(grant).toString() });
  }
  const accessToken = (token as { access_token?: unknown }).access_token;
  if (typeof accessToken !== 'string' || !accessToken) throw new Error('The provider returned no access token.');
  const profile = await provider.profile(accessToken, get);
  return { issuer: provider.issuer, subject: profile.subject, email: profile.email, emailVerified: profile.email !== null && profile.emailVerified, name: profile.name };
}
