/** Spec §5 and §8 texts and rules for accounts; names follow the spec. */
export const MESSAGES = {
  invalidEmail: 'Please enter a valid email address.',
  loginCodeFormat: 'Login code must be 6 digits.',
  tooManyAttempts: 'Too many attempts. Please try again later.',
  invalidCode: 'Invalid code.',
  unrecognizedEmail: "Sorry, we didn't recognize that email.",
  expiredLink: 'This sign-in link has expired or was already used. Ask for a new one.',
  expiredCode: 'This code has expired. Ask for a new one.',
  noXsrfToken: 'No xsrf token found.',
} as const;

/** Spec §5: local part, @, domain, and a top-level domain of at least 2 letters. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;

/** Trimmed and lowercased, or null when it is not an email address. */
export function normalizeEmail(input: string): string | null {
  const email = input.trim().toLowerCase();
  return email.length <= 254 && EMAIL_PATTERN.test(email) ? email : null;
}

/** Spec §5: addresses of the gmail or google kinds show the extra Google option. */
export function isGoogleKindEmail(email: string): boolean {
  return /@(gmail|googlemail|google)\.com$/i.test(email.trim());
}

/** Spec §9: login code length 6. */
export const LOGIN_CODE_PATTERN = /^\d{6}$/;

export const USERNAME_MAX_LENGTH = 30;
const USERNAME_PATTERN = /^[a-z0-9_]+$/i;

export type UsernameProblem = 'username invalid' | 'username too long';

/** Spec §5 sign-up codes for a chosen username (taken is checked against the database). */
export function usernameProblem(username: string): UsernameProblem | null {
  if (username.length > USERNAME_MAX_LENGTH) return 'username too long';
  if (username.length < 1 || !USERNAME_PATTERN.test(username)) return 'username invalid';
  return null;
}

/** A username to start with, from the name or the address: lowercase letters, digits, _. */
export function usernameBase(fullName: string | null | undefined, email: string): string {
  const from = (s: string) =>
    s
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '')
      .slice(0, USERNAME_MAX_LENGTH - 5);
  return from(fullName ?? '') || from(email.split('@')[0] ?? '') || 'reader';
}

/** 'ada@example.com' → 'a••@example.com' (Viewer.emailObfuscated). */
export function obfuscateEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}${'•'.repeat(Math.max(2, Math.min(local.length - 1, 6)))}@${domain}`;
}
