import type { Config } from '../../server/config.js';
import type { AuthProviderInfo } from '../../shared/auth-providers.js';

/**
 * A sign-in provider as configured: what the flow needs to send a reader there and to
 * trust what comes back.
 *
 * Only OpenID Connect providers with discovery exist so far (`kind: 'oidc'`): endpoints
 * and signing keys come from {issuer}/.well-known/openid-configuration and the identity
 * from a verified ID token. Providers without that (Facebook, X, Mastodon: plain OAuth 2
 * with fixed or per-instance endpoints and a profile API) would add a kind of their own.
 */
export interface SocialProvider extends AuthProviderInfo {
  kind: 'oidc';
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string[];
  /**
   * How the provider returns to /m/callback/{name}: a GET with a query, or a cross-site
   * POST (Apple's form_post), which needs a POST route and a SameSite=None flow cookie.
   */
  responseMode: 'query' | 'form_post';
  /** Extra parameters of the authorization request. */
  authorizationParams?: Record<string, string>;
}

interface ProviderDefinition {
  /** Lowercase: the route segment and the first part of the state (spec §7). */
  name: string;
  /** The provider from configuration, or null when it is not configured. */
  fromConfig(config: Config): Omit<SocialProvider, 'name'> | null;
}

const OIDC_SCOPES = ['openid', 'email', 'profile'];

/** Every provider Inkwell knows, in the order of the sign-in buttons. */
const DEFINITIONS: ProviderDefinition[] = [
  {
    name: 'google',
    fromConfig: (c) =>
      c.GOOGLE_CLIENT_ID && c.GOOGLE_CLIENT_SECRET
        ? {
            kind: 'oidc',
            label: 'Google',
            issuer: 'https://accounts.google.com',
            clientId: c.GOOGLE_CLIENT_ID,
            clientSecret: c.GOOGLE_CLIENT_SECRET,
            scopes: OIDC_SCOPES,
            responseMode: 'query',
            // A reader with several Google accounts picks one instead of the last used.
            authorizationParams: { prompt: 'select_account' },
          }
        : null,
  },
  {
    name: 'oidc',
    fromConfig: (c) =>
      c.OIDC_ISSUER && c.OIDC_CLIENT_ID && c.OIDC_CLIENT_SECRET
        ? {
            kind: 'oidc',
            label: c.OIDC_NAME,
            issuer: c.OIDC_ISSUER,
            clientId: c.OIDC_CLIENT_ID,
            clientSecret: c.OIDC_CLIENT_SECRET,
            scopes: OIDC_SCOPES,
            responseMode: 'query',
          }
        : null,
  },
];

const cache = new WeakMap<Config, SocialProvider[]>();

/** The providers this configuration enables, in button order. */
export function configuredProviders(config: Config): SocialProvider[] {
  let list = cache.get(config);
  if (!list) {
    list = DEFINITIONS.flatMap((d) => {
      const p = d.fromConfig(config);
      return p ? [{ ...p, name: d.name }] : [];
    });
    cache.set(config, list);
  }
  return list;
}

export const providerNamed = (config: Config, name: string): SocialProvider | undefined => configuredProviders(config).find((p) => p.name === name);

/** What the browser may know of the providers: names and labels, never client settings. */
export const publicProviders = (config: Config): AuthProviderInfo[] => configuredProviders(config).map(({ name, label }) => ({ name, label }));
