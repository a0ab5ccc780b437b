import { describe, expect, it } from 'vitest';
import { USERNAME_MAX_LENGTH } from '../modules/accounts/validation.js';
import { charCount, joinPronouns, PROFILE_LIMITS, splitPronouns } from './profile-rules.js';

describe('profile rules', () => {
  it('splits pronouns on slashes and commas, dropping blanks', () => {
    expect(splitPronouns(' she / her ')).toEqual(['she', 'her']);
    expect(splitPronouns('they, them,')).toEqual(['they', 'them']);
    expect(splitPronouns('  ')).toEqual([]);
    expect(joinPronouns(['she', 'her'])).toBe('she/her');
  });

  it('counts characters as a reader does', () => {
    expect(charCount('é📚')).toBe(2);
  });

  it('shows the same username limit the server applies', () => {
    expect(PROFILE_LIMITS.usernameMaxLength).toBe(USERNAME_MAX_LENGTH);
  });
});
