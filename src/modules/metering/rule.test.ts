import { describe, expect, it } from 'vitest';
import { checkMeteringRule, METERING_MESSAGES, METERING_OFF, meteringMonth, meters, readStoredRule } from './rule.js';

describe('the metering rule', () => {
  it('is off on a fresh site and for anything stored that is not a rule', () => {
    for (const stored of [undefined, null, 'on', 3, {}, { enabled: true }, { enabled: true, freeStoriesPerMonth: 0, tags: [], friendLinks: false }, { enabled: 'yes', freeStoriesPerMonth: 3, tags: [], friendLinks: false }])
      expect(readStoredRule(stored)).toEqual(METERING_OFF);
    expect(METERING_OFF.enabled || METERING_OFF.friendLinks).toBe(false);
  });

  it('reads back a stored rule', () => {
    const rule = { enabled: true, freeStoriesPerMonth: 4, tags: ['poetry'], friendLinks: true };
    expect(readStoredRule(JSON.parse(JSON.stringify(rule)))).toEqual(rule);
  });

  it('checks what staff type: whole numbers 1-100, tag slugs (lower-cased, once each)', () => {
    expect(checkMeteringRule({ enabled: true, freeStoriesPerMonth: 1.5, tags: [], friendLinks: false })).toEqual({ message: METERING_MESSAGES.freeStories });
    expect(checkMeteringRule({ enabled: true, freeStoriesPerMonth: 3, tags: ['a b'], friendLinks: false })).toEqual({ message: METERING_MESSAGES.tags });
    expect(checkMeteringRule({ enabled: true, freeStoriesPerMonth: 3, tags: [' Poetry', 'poetry', 'data-science'], friendLinks: false })).toEqual({
      rule: { enabled: true, freeStoriesPerMonth: 3, tags: ['poetry', 'data-science'], friendLinks: false },
    });
  });

  it('meters every story without tags named, else those with one of them; nothing when off', () => {
    const on = { enabled: true, freeStoriesPerMonth: 3, tags: [], friendLinks: false };
    expect(meters(on, [])).toBe(true);
    expect(meters({ ...on, tags: ['poetry'] }, ['essays', 'poetry'])).toBe(true);
    expect(meters({ ...on, tags: ['poetry'] }, ['essays'])).toBe(false);
    expect(meters({ ...on, enabled: false }, [])).toBe(false);
  });

  it('counts in calendar months in UTC', () => {
    expect(meteringMonth(new Date('2026-11-30T23:59:59Z'))).toBe('2026-11-01');
    expect(meteringMonth(new Date('2026-12-01T00:00:00Z'))).toBe('2026-12-01');
    expect(meteringMonth(new Date('2027-01-01T00:30:00+01:00'))).toBe('2026-12-01');
  });
});
