/** Spec §5 reading counter: under 3 stories this month a generic prompt, from 3 on 'You've read N stories this month'. */
export const READ_COUNT_NOTE_FROM = 3;

export function readCountNote(storiesThisMonth: number): string | null {
  return storiesThisMonth >= READ_COUNT_NOTE_FROM ? `You've read ${storiesThisMonth} stories this month` : null;
}
