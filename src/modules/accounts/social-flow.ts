import { authorizationUrl, completeAuthorization, type VerifiedIdentity } from './social-oidc.js';
import { completeOAuth2Authorization, oauth2AuthorizationUrl } from './social-oauth2.js';
import type { FixedProvider } from './social-providers.js';
import type { FlowSecrets } from './social-state.js';

/** The provider's sign-in page, whatever its kind. */
export async function providerAuthorizationUrl(provider: FixedProvider, input: { redirectUri: string; state: string; secrets: FlowSecrets }): Promise<URL> {
  return provider.kind === 'oidc' ? authorizationUrl(provider, input) : oauth2AuthorizationUrl(provider, input);
}

/** The verified identity behind a callback, whatever the provider's kind. */
export async function completeProviderAuthorization(provider: FixedProvider, input: { callbackUrl: URL; state: string; secrets: FlowSecrets; fallbackName?: string | null }): Promise<VerifiedIdentity> {
  return provider.kind === 'oidc' ? completeAuthorization(provider, input) : completeOAuth2Authorization(provider, input);
}
