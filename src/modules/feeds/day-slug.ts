/**
 * The day of /top-stories/{monthDayYearSlug}: 'june-1-2024' (spec §2.3), a UTC calendar day
 * held as 'YYYY-MM-DD' (the daily_post_claps key).
 */
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

export function dayFromSlug(slug: string): string | null {
  const m = /^([a-z]+)-(\d{1,2})-(\d{4})$/.exec(slug.toLowerCase());
  if (!m) return null;
  const month = MONTHS.indexOf(m[1]!);
  const day = Number(m[2]);
  const year = Number(m[3]);
  if (month < 0) return null;
  const d = new Date(Date.UTC(year, month, day));
  // 'february-30-2024' is no day.
  if (d.getUTCMonth() !== month || d.getUTCDate() !== day) return null;
  return d.toISOString().slice(0, 10);
}

export function slugOfDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  return `${MONTHS[d.getUTCMonth()]}-${d.getUTCDate()}-${d.getUTCFullYear()}`;
}

export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);
