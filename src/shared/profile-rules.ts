/**
 * Limits of the profile a reader edits in Settings (spec §3 User: name, username,
 * pronouns, bio). The server enforces them; the settings dialogs show them as counters.
 */
export const PROFILE_LIMITS = {
  nameMaxLength: 50,
  bioMaxLength: 160,
  pronounsMax: 4,
  pronounMaxLength: 20,
  /** The same limit as the server's username rule (accounts/validation.ts). */
  usernameMaxLength: 30,
} as const;

/** Length as a reader counts it: an emoji or an accented letter is one character. */
export const charCount = (text: string): number => [...text].length;

/** What a reader types in one box ('she/her', 'they, them') → the list stored. */
export function splitPronouns(text: string): string[] {
  return text
    .split(/[/,]/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

/** The stored list → the box's text and the profile's '(she/her)'. */
export const joinPronouns = (pronouns: readonly string[]): string => pronouns.join('/');
