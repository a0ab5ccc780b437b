import { describe, expect, it } from 'vitest';
import { meterSentence } from './MeterNotice.js';

describe('the metering notice', () => {
  const m = (left: number | null, viaFriendLink = false) => ({ viaFriendLink, freeStoriesPerMonth: 3, freeStoriesLeft: left });

  it('says nothing for a story the rule did not decide', () => {
    expect(meterSentence(null, false)).toBeNull();
    expect(meterSentence(undefined, true)).toBeNull();
  });

  it('counts what is left this month, in words that agree with the number', () => {
    expect(meterSentence(m(2), false)).toBe('You have 2 free member-only stories left this month.');
    expect(meterSentence(m(1), false)).toBe('You have 1 free member-only story left this month.');
    expect(meterSentence(m(0), false)).toBe('This is your last free member-only story this month.');
  });

  it('says when the month’s are read, and when a friend link opened the story', () => {
    expect(meterSentence(m(0), true)).toBe('You’ve read your 3 free member-only stories this month.');
    expect(meterSentence({ ...m(0), freeStoriesPerMonth: 1 }, true)).toBe('You’ve read your 1 free member-only story this month.');
    expect(meterSentence(m(null, true), false)).toBe('You’re reading this member-only story for free through the writer’s friend link.');
  });
});
