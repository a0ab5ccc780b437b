import { describe, expect, it } from 'vitest';
import { addDays, dayFromSlug, slugOfDay } from './day-slug.js';

describe('top stories day slugs (spec §2.3 /top-stories/{monthDayYearSlug})', () => {
  it('reads and writes month-day-year slugs as UTC days', () => {
    expect(dayFromSlug('june-1-2024')).toBe('2024-06-01');
    expect(dayFromSlug('December-31-1999')).toBe('1999-12-31');
    expect(slugOfDay('2024-06-01')).toBe('june-1-2024');
    expect(slugOfDay(dayFromSlug('february-29-2024')!)).toBe('february-29-2024');
  });

  it('refuses what is not a day', () => {
    for (const bad of ['february-30-2024', 'february-29-2023', 'smarch-1-2024', 'june-1', '2024-06-01', 'june-01-24', '']) expect(dayFromSlug(bad), bad).toBeNull();
  });

  it('steps across months and years', () => {
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });
});
