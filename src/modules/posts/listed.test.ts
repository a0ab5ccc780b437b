import { describe, expect, it } from 'vitest';
import { isListed } from './listed.js';

const story = { firstPublishedAt: new Date('2026-01-01T00:00:00Z'), deletedAt: null, visibility: 'PUBLIC' as const, inResponseToPostId: null };

describe('isListed', () => {
  it('is a published public story in no trash', () => {
    expect(isListed(story)).toBe(true);
  });
  it('leaves out drafts, trashed stories, the other visibilities (UNLISTED, LOCKED, PRIVATE) and responses', () => {
    expect(isListed({ ...story, firstPublishedAt: null })).toBe(false);
    expect(isListed({ ...story, deletedAt: new Date() })).toBe(false);
    expect(isListed({ ...story, visibility: 'UNLISTED' })).toBe(false);
    expect(isListed({ ...story, visibility: 'LOCKED' })).toBe(false);
    expect(isListed({ ...story, visibility: 'PRIVATE' })).toBe(false);
    expect(isListed({ ...story, inResponseToPostId: 'abc123def456' })).toBe(false);
  });
});
