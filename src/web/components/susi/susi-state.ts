/** Spec §4 sign-in modal steps and operation. */
export type SusiStep = 'SIGNIN_OPTIONS' | 'SIGNUP_OPTIONS' | 'ENTER_EMAIL' | 'UNRECOGNIZED_EMAIL' | 'CHECK_INBOX' | 'ENTER_PASSWORD' | 'TWO_FACTOR';
export type SusiOperation = 'login' | 'register';

/** The step a flow opens at: the options of its operation, or the one asked for. */
export function initialStep(operation: SusiOperation, stepOverride?: string | null, twoFactorChallenge?: string | null): SusiStep {
  if (twoFactorChallenge) return 'TWO_FACTOR';
  if (stepOverride === 'ENTER_EMAIL') return 'ENTER_EMAIL';
  return operation === 'register' ? 'SIGNUP_OPTIONS' : 'SIGNIN_OPTIONS';
}

/** Spec §5: the same pattern the server applies (local part, @, domain, TLD of 2+ letters). */
export const isValidEmail = (email: string) => /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/.test(email.trim());

/** Spec §4: 'check your inbox' starts with the link on wide screens, the code on narrow ones. */
export const NARROW_SCREEN_QUERY = '(max-width: 727px)';
