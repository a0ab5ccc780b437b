import { describe, expect, it } from 'vitest';
import type { YourStoryItem } from '../../components/trash/use-trash.js';
import { permanentDeletionText, storyMetaParts, timeAgo } from './story-dates.js';

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const H = 3_600_000;
const D = 24 * H;

const item = (over: Partial<YourStoryItem>, post: Partial<YourStoryItem['post']> = {}): YourStoryItem => ({
  id: 'abc',
  filterBy: 'drafts',
  previewText: '',
  deletedAt: null,
  permanentlyDeletedAt: null,
  ...over,
  post: { id: 'abc', title: 'T', readingTime: 2.2, firstPublishedAt: null, latestPublishedAt: null, updatedAt: NOW - 3 * H, visibility: 'PUBLIC', isLocked: false, inResponseToPost: null, ...post },
});

describe('timeAgo', () => {
  it('counts minutes, hours and days, then gives the date', () => {
    expect(timeAgo(NOW - 20_000, NOW)).toBe('just now');
    expect(timeAgo(NOW - 60_000, NOW)).toBe('1 minute ago');
    expect(timeAgo(NOW - 59 * 60_000, NOW)).toBe('59 minutes ago');
    expect(timeAgo(NOW - H, NOW)).toBe('1 hour ago');
    expect(timeAgo(NOW - 23 * H, NOW)).toBe('23 hours ago');
    expect(timeAgo(NOW - 2 * D, NOW)).toBe('2 days ago');
    expect(timeAgo(NOW - 40 * D, NOW)).toBe('on Oct 12');
    expect(timeAgo(Date.UTC(2024, 0, 5), NOW)).toBe('on Jan 5, 2024');
    // A clock a little behind the server's never says 'in the future'.
    expect(timeAgo(NOW + 5_000, NOW)).toBe('just now');
  });
});

describe('permanentDeletionText', () => {
  it('counts a started day as a day', () => {
    expect(permanentDeletionText(NOW + 14 * D, NOW)).toBe('Permanently deleted in 14 days');
    expect(permanentDeletionText(NOW + 13 * D + H, NOW)).toBe('Permanently deleted in 14 days');
    expect(permanentDeletionText(NOW + H, NOW)).toBe('Permanently deleted in 1 day');
    expect(permanentDeletionText(NOW - H, NOW)).toBe('Permanently deleted soon');
  });
});

describe('storyMetaParts', () => {
  it('says when a draft was edited, a story published and a deleted one goes for good', () => {
    expect(storyMetaParts(item({}), NOW)).toEqual(['Last edited 3 hours ago', '3 min read']);
    expect(storyMetaParts(item({ filterBy: 'public' }, { firstPublishedAt: Date.UTC(2026, 2, 4) }), NOW)).toEqual(['Published Mar 4', '3 min read']);
    expect(storyMetaParts(item({ filterBy: 'deleted', deletedAt: NOW - 2 * D, permanentlyDeletedAt: NOW + 12 * D }), NOW)).toEqual(['Deleted 2 days ago', 'Permanently deleted in 12 days']);
  });
});
