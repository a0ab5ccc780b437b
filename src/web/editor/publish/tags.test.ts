import { describe, expect, it } from 'vitest';
import { addTag, TAG_MESSAGES } from './tags.js';

describe('addTag', () => {
  it('adds a tag as typed, spaces tidied', () => {
    expect(addTag([], '  Web   Development ')).toEqual({ tags: ['Web Development'], error: null });
  });

  it('refuses a sixth tag with a message and keeps the five', () => {
    const five = ['One', 'Two', 'Three', 'Four', 'Five'];
    expect(addTag(five, 'Six')).toEqual({ tags: five, error: TAG_MESSAGES.tooMany });
  });

  it('refuses tags that are too long, have no letters, or repeat one by slug', () => {
    expect(addTag([], 'x'.repeat(26)).error).toBe(TAG_MESSAGES.tooLong);
    expect(addTag([], '!!!').error).toBe(TAG_MESSAGES.noLetters);
    expect(addTag(['Machine Learning'], 'machine-learning').error).toBe(TAG_MESSAGES.duplicate);
  });

  it('ignores an empty entry without a message', () => {
    expect(addTag(['A'], '   ')).toEqual({ tags: ['A'], error: null });
  });
});
