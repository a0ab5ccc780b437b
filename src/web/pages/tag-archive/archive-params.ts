export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const num = (s: string | undefined) => (s !== undefined && /^\d{1,4}$/.test(s) ? Number(s) : s === undefined ? null : NaN);

/**
 * The archive's route params as query variables. A param that is not a number (or a date that
 * does not exist) makes the archive null, which the page answers with 404.
 */
export function archiveVariables(params: Record<string, string>, limit: number) {
  const v = { year: num(params.year), month: num(params.month), day: num(params.day) };
  const bad = Object.values(v).some((n) => Number.isNaN(n));
  return { tagSlug: params.tagSlug ?? '', year: bad ? -1 : v.year, month: bad ? null : v.month, day: bad ? null : v.day, paging: { limit } };
}

export function archiveTitle(tag: string, year: number | null, month: number | null, day: number | null): string {
  if (year === null) return `Archive of stories about ${tag}`;
  if (month === null) return `${tag} stories in ${year}`;
  if (day === null) return `${tag} stories in ${MONTHS[month - 1]} ${year}`;
  return `${tag} stories on ${MONTHS[month - 1]} ${day}, ${year}`;
}
