import type { Config } from '../../server/config.js';
import type { AuthProviderInfo } from '../../shared/auth-providers.js';
import { appleFromConfig } from './social-apple.js';
import { facebookFromConfig, xFromConfig } from './social-oauth2-providers.js';

/**
 * A sign-in provider as configured: what the flow needs to send a reader there and to
 * trust what comes back. Two kinds:
 * - `oidc`: OpenID Connect with discovery (Google, Apple, any OIDC provider): endpoints
 *   and signing keys come from {issuer}/.well-known/openid-configuration and the
 *   identity from a verified ID token (social-oidc.ts);
 * - `oauth2`: plain OAuth 2 with fixed endpoints and a profile API (Facebook, X): the
 *   identity is what the profile API answers for the access token (social-oauth2.ts).
 */
export type SocialProvider = OidcProvider | OAuth2Provider | MastodonProvider;

/** A provider whose endpoints are known before the reader picks anything. */
export type FixedProvider = OidcProvider | OAuth2Provider;

/**
 * Mastodon: any server the reader names. The site registers itself there on first use
 * and then runs the OAuth 2 flow of an OAuth2Provider made for that server
 * (social-mastodon.ts).
 */
export interface MastodonProvider extends AuthProviderInfo {
  kind: 'mastodon';
  responseMode: 'query';
}

export interface OidcProvider extends AuthProviderInfo {
  kind: 'oidc';
  issuer: string;
  clientId: string;
  /** A fixed secret, or one made per use (Apple's signed client secret, social-apple.ts). */
  clientSecret: string | (() => string);
  scopes: string[];
  /**
   * How the provider returns to /m/callback/{name}: a GET with a query, or a cross-site
   * POST (Apple's form_post), which needs a POST route and a SameSite=None flow cookie.
   */
  responseMode: 'query' | 'form_post';
  /** Extra parameters of the authorization request. */
  authorizationParams?: Record<string, string>;
  /** How the client proves itself at the token endpoint; default Basic. */
  tokenAuth?: 'basic' | 'post';
}

/** What a plain OAuth 2 provider's profile API says about the reader. */
export interface OAuth2Profile {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

export interface OAuth2Provider extends AuthProviderInfo {
  kind: 'oauth2';
  /** Names the identity space: with the profile's id it is the identity (connected_accounts). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  /** How the client proves itself at the token endpoint: Basic, the query (Facebook), or the form (Mastodon). */
  tokenRequest: 'post-basic' | 'get-query' | 'post-form';
  scopes: string[];
  /** Scopes joined by a space (X) or a comma (Facebook). */
  scopeSeparator: ' ' | ',';
  responseMode: 'query';
  authorizationParams?: Record<string, string>;
  /** The reader behind an access token, from the provider's API. */
  profile(accessToken: string, fetchJson: FetchJson): Promise<OAuth2Profile>;
  /** How to reach the provider; default fetch with a timeout (a server a reader named goes through safeFetch). */
  fetchJson?: FetchJson;
}

export type FetchJson = (url: string, init?: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string }) => Promise<unknown>;

/** A provider as its definition makes it: everything but the name. */
export type UnnamedProvider = SocialProvider extends infer P ? (P extends SocialProvider ? Omit<P, 'name'> : never) : never;

interface ProviderDefinition {
  /** Lowercase: the route segment and the first part of the state (spec §7). */
  name: string;
  /** The provider from configuration, or null when it is not configured. */
  fromConfig(config: Config): UnnamedProvider | null;
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
  { name: 'apple', fromConfig: appleFromConfig },
  { name: 'facebook', fromConfig: facebookFromConfig },
  // X keeps Twitter's name in routes, flags and the state (spec §2.3 /m/callback/twitter, §4 disable_login_twitter).
  { name: 'twitter', fromConfig: xFromConfig },
  { name: 'mastodon', fromConfig: (c) => (c.MASTODON_SIGN_IN ? { kind: 'mastodon', label: 'Mastodon', responseMode: 'query' } : null) },
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
      return p ? [{ ...p, name: d.name } as SocialProvider] : [];
    });
    cache.set(config, list);
  }
  return list;
}

export const providerNamed = (config: Config, name: string): SocialProvider | undefined => configuredProviders(config).find((p) => p.name === name);

/** What the browser may know of the providers: names and labels, never client settings. */
export const publicProviders = (config: Config): AuthProviderInfo[] => configuredProviders(config).map(({ name, label }) => ({ name, label }));
