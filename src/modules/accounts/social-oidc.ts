import type * as Oidc from 'openid-client';

/** Loaded with the first social sign-in: sites without providers never hold it. */
const openidClient = () => import('openid-client');
import type { FlowSecrets } from './social-state.js';
import type { OidcProvider } from './social-providers.js';

/** Who the provider says signed in, from a verified ID token (and the userinfo endpoint). */
export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  /** Lowercased; null when the provider shares none. */
  email: string | null;
  /** Only a verified address may be matched with or given to an account. */
  emailVerified: boolean;
  name: string | null;
}

/** Metadata is re-read now and then; signing keys are re-read by openid-client when a token names an unknown key. */
const DISCOVERY_TTL_MS = 24 * 3600 * 1000;
const TIMEOUT_S = 10;

const discovered = new Map<string, { at: number; config: Promise<Oidc.Configuration> }>();

/** The provider's metadata and this site's client there, discovered once and shared by requests. */
function configurationFor(provider: OidcProvider): Promise<Oidc.Configuration> {
  const key = `${provider.issuer}\n${provider.clientId}`;
  const hit = discovered.get(key);
  if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.config;
  // The configuration only allows http for a provider on this machine (development, tests).
  const insecure = new URL(provider.issuer).protocol === 'http:';
  const config = openidClient()
    .then((oidc) =>
      oidc.discovery(new URL(provider.issuer), provider.clientId, undefined, clientAuth(oidc, provider), {
        execute: insecure ? [oidc.allowInsecureRequests] : [],
        timeout: TIMEOUT_S,
      }),
    )
    .then(async (c) => {
      const oidc = await openidClient();
      // Check the ID token's signature against the provider's published keys, besides its
      // issuer, audience, nonce and expiry (checked always).
      oidc.enableNonRepudiationChecks(c);
      return c;
    });
  // A provider that was down is asked again on the next sign-in.
  config.catch(() => discovered.delete(key));
  discovered.set(key, { at: Date.now(), config });
  return config;
}

/** Basic or post, with the fixed secret or a fresh one for each token request (Apple). */
function clientAuth(oidc: typeof Oidc, provider: OidcProvider): Oidc.ClientAuth {
  const { clientSecret } = provider;
  const method = provider.tokenAuth === 'post' ? oidc.ClientSecretPost : oidc.ClientSecretBasic;
  if (typeof clientSecret === 'string') return method(clientSecret);
  return (as, client, body, headers) => method(clientSecret())(as, client, body, headers);
}

/** The provider's sign-in page for this flow: code flow with PKCE (S256), the state and the nonce. */
export async function authorizationUrl(provider: OidcProvider, input: { redirectUri: string; state: string; secrets: FlowSecrets }): Promise<URL> {
  const config = await configurationFor(provider);
  const oidc = await openidClient();
  return oidc.buildAuthorizationUrl(config, {
    redirect_uri: input.redirectUri,
    scope: provider.scopes.join(' '),
    state: input.state,
    nonce: input.secrets.nonce,
    code_challenge: input.secrets.codeChallenge,
    code_challenge_method: 'S256',
    ...(provider.responseMode === 'form_post' ? { response_mode: 'form_post' } : {}),
    ...provider.authorizationParams,
  });
}

/**
 * Trades the code for tokens and returns the identity, after openid-client has checked
 * the response (state, and the issuer when the provider sends one) and the ID token
 * (signature, issuer, audience, nonce, expiry). Throws on anything wrong.
 */
export async function completeAuthorization(provider: OidcProvider, input: { callbackUrl: URL; state: string; secrets: FlowSecrets; fallbackName?: string | null }): Promise<VerifiedIdentity> {
  const config = await configurationFor(provider);
  const oidc = await openidClient();
  const tokens = await oidc.authorizationCodeGrant(config, input.callbackUrl, {
    pkceCodeVerifier: input.secrets.codeVerifier,
    expectedNonce: input.secrets.nonce,
    expectedState: input.state,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error('The provider returned no ID token.');
  let profile: Record<string, unknown> = claims;
  // Many providers keep the email and name for the userinfo endpoint when a code flow
  // also issues an access token; it must answer for the same subject.
  if ((claims.email === undefined || claims.name === undefined) && config.serverMetadata().userinfo_endpoint) {
    profile = { ...(await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)), ...claims };
  }
  const email = typeof profile.email === 'string' && profile.email.includes('@') ? profile.email.trim().toLowerCase() : null;
  // Apple sends no name claim; its form post carries one on the first sign-in (fallbackName).
  const name = typeof profile.name === 'string' && profile.name.trim() ? profile.name.trim() : (input.fallbackName ?? null);
  return {
    issuer: claims.iss,
    subject: claims.sub,
    email,
    emailVerified: email !== null && (profile.email_verified === true || profile.email_verified === 'true'),
    name,
  };
}
