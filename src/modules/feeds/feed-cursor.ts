/**
 * Cursors of the feeds (spec §3 paging options: the `to` of pagingInfo.next). They are
 * opaque to clients; a malformed one reads as the first page rather than an error, so an
 * old link never breaks the home page.
 */

/** Newest-first lists: the last item's (first_published_at, id); ties on time go by id. */
export interface TimeCursor {
  at: Date;
  id: string;
}

export const encodeTimeCursor = (c: TimeCursor): string => `${c.at.getTime()}_${c.id}`;

export function decodeTimeCursor(to: string | null | undefined): TimeCursor | null {
  const m = /^(\d{1,15})_([0-9a-z]{1,40})$/.exec(to ?? '');
  return m ? { at: new Date(Number(m[1])), id: m[2]! } : null;
}

/**
 * Ranked lists: the moment the ranking was computed for (every page decays ages from the
 * same instant) and the last item's integer score and id.
 */
export interface RankCursor {
  asOf: Date;
  score: number;
  id: string;
}

export const encodeRankCursor = (c: RankCursor): string => `${c.asOf.getTime()}_${c.score}_${c.id}`;

export function decodeRankCursor(to: string | null | undefined): RankCursor | null {
  const m = /^(\d{1,15})_(\d{1,18})_([0-9a-z]{1,40})$/.exec(to ?? '');
  return m ? { asOf: new Date(Number(m[1])), score: Number(m[2]), id: m[3]! } : null;
}
