/**
 * Social sign-in as both sides see it: the providers the server is configured for, the
 * address that starts a sign-in with one, and the spec §8 auth connect errors.
 */

/** A configured sign-in provider: its route name (/m/connect/{name}) and the name on its buttons. */
export interface AuthProviderInfo {
  name: string;
  label: string;
}

/** login and register from the sign-in options; connect from Settings, for the signed-in reader. */
export type SocialOperation = 'login' | 'register' | 'connect';

/** Where connecting starts and where its errors are shown (Settings, Security and apps). */
export const CONNECTIONS_PATH = '/me/settings/security';

/** Spec §7: social sign-in goes through /m/connect/{provider} on the main host (the auth domain). */
export function connectHref(provider: string, operation: SocialOperation, redirect?: string | null): string {
  const q = new URLSearchParams({ operation });
  if (redirect) q.set('redirect', redirect);
  return `/m/connect/${provider}?${q.toString()}`;
}

/** Spec §5: addresses of the gmail or google kinds show the extra Google option. */
export const isGoogleKindEmail = (email: string): boolean => /@(gmail|googlemail|google)\.com$/i.test(email.trim());

/** Spec §8 enumerated auth connect errors. */
export type AuthConnectError = 'account taken' | 'already connected' | 'non-member' | 'unknown';

export const isAuthConnectError = (code: string | null | undefined): code is AuthConnectError =>
  code === 'account taken' || code === 'already connected' || code === 'non-member' || code === 'unknown';

/** The sentence for an auth connect error with the provider's label. */
export function authConnectErrorMessage(code: AuthConnectError, label: string): string {
  switch (code) {
    case 'account taken':
      return `An account with the email address of this ${label} account already exists. Sign in with your email, then connect ${label} in Settings.`;
    case 'already connected':
      return `This ${label} account is already connected to another account.`;
    case 'non-member':
      return `Connecting ${label} is for members only.`;
    default:
      return `Something went wrong with ${label}. Please try again.`;
  }
}

/**
 * Spec §4: flags that hide sign-in buttons. A key is `{operation}:{service}` as the
 * options use it ('login:google', 'login:email', 'register:facebook').
 */
export const SUSI_BUTTON_FLAGS: Record<string, string> = {
  disable_login_apple: 'login:apple',
  disable_login_facebook: 'login:facebook',
  disable_login_google: 'login:google',
  disable_login_twitter: 'login:twitter',
  disable_login_email: 'login:email',
  disable_signup_facebook: 'register:facebook',
};

export const hiddenSusiButtons = (flags: ReadonlyMap<string, unknown>): string[] =>
  Object.entries(SUSI_BUTTON_FLAGS)
    .filter(([flag]) => flags.get(flag) === true)
    .map(([, key]) => key);
