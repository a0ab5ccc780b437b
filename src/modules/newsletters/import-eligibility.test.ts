import { describe, expect, it } from 'vitest';
import { isEligibleToImportEmails, type ImportEligibilityFacts } from './import-eligibility.js';

const writer: ImportEligibilityFacts = { isStaff: false, isSuspended: false, hasVerifiedEmail: true, publishedStories: 1 };

describe('isEligibleToImportEmails', () => {
  it.each<[string, Partial<ImportEligibilityFacts>, boolean]>([
    ['a writer with a verified address and a published story', {}, true],
    ['a writer with several stories', { publishedStories: 12 }, true],
    ['no published story', { publishedStories: 0 }, false],
    ['no verified address', { hasVerifiedEmail: false }, false],
    ['suspended', { isSuspended: true }, false],
    ['suspended, though otherwise eligible with many stories', { isSuspended: true, publishedStories: 40 }, false],
    ['staff without a story or an address', { isStaff: true, publishedStories: 0, hasVerifiedEmail: false }, true],
    ['staff, suspended', { isStaff: true, isSuspended: true }, true],
  ])('%s → %s', (_name, change, expected) => {
    expect(isEligibleToImportEmails({ ...writer, ...change })).toBe(expected);
  });
});
