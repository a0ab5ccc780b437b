import type { Db } from '../../platform/db/client.js';
import { namedStatement } from '../../platform/db/named-select.js';
import { oncePerDb } from '../../platform/db/per-db-cache.js';
import { listedText } from '../posts/listed.js';
import { sharedPubSub } from '../../platform/pubsub/index.js';

/** A pick or unpick, told to the site's other processes (a cluster's workers, other machines with Redis). */
export const STAFF_PICKS_CHANGED_CHANNEL = 'staff-picks:changed';

export const KEPT_STAFF_PICKS = {
  /** Read at most this often per process; a pick or unpick forgets it at once here, by pub/sub elsewhere. */
  TTL_MS: 30_000,
  /** A list longer than this is not kept: its readers ask the database as before. */
  MAX: 1000,
};

/** Every staff pick in the staff's order, and whether its story is listed (a published public story, not trashed). */
export interface StaffPickList {
  picked: ReadonlySet<string>;
  listed: readonly string[];
  /** Every pick is here (the list was not cut at MAX). */
  whole: boolean;
}

const readPicks = namedStatement<{ id: string; listed: boolean }, [limit: number]>(
  'staff_pick_list',
  `select s.post_id as id, (${listedText('p')}) as listed from staff_picks s join posts p on p.id = s.post_id
   order by s.position asc, s.picked_at desc limit $1`,
);

/**
 * The staff picks, kept per process for TTL_MS: every signed-in home page shows three of
 * them and asks which of its cards are picks, two statements a page for a list staff change
 * a few times a day. A change made in this process is seen at once (pickStory and
 * unpickStory forget the list), one made in another process when its message arrives
 * (forgetEverywhere), within TTL_MS if it never does. A story trashed
 * or unlisted since is still left out, by the readers' listed check of the stories they load.
 */
export class KeptStaffPicks {
  private kept: { at: number; list: Promise<StaffPickList> } | null = null;

  constructor(
    private readonly db: Db,
    private readonly limits = KEPT_STAFF_PICKS,
  ) {}

  list(now: number = Date.now()): Promise<StaffPickList> {
    if (this.kept && now - this.kept.at < this.limits.TTL_MS) return this.kept.list;
    const list = readPicks(this.db, this.limits.MAX + 1).then((rows) => {
      const whole = rows.length <= this.limits.MAX;
      const kept = whole ? rows : rows.slice(0, this.limits.MAX);
      return { picked: new Set(kept.map((r) => r.id)), listed: kept.filter((r) => r.listed).map((r) => r.id), whole };
    });
    const entry = { at: now, list };
    this.kept = entry;
    // A failed read is not kept: the next request reads again.
    list.catch(() => {
      if (this.kept === entry) this.kept = null;
    });
    return list;
  }

  forget(): void {
    this.kept = null;
  }

  /** Forgets the list here at once, and in every other process of the site through pub/sub. */
  forgetEverywhere(): void {
    this.forget();
    void sharedPubSub()
      .then((bus) => bus.publish(STAFF_PICKS_CHANGED_CHANNEL, ''))
      .catch(() => {}); // the others read it again within TTL_MS anyway
  }
}

export const keptStaffPicks = oncePerDb((db) => {
  const kept = new KeptStaffPicks(db);
  // For the life of the process, as the list is kept.
  void sharedPubSub()
    .then((bus) => bus.subscribe(STAFF_PICKS_CHANGED_CHANNEL, () => kept.forget()))
    .catch(() => {});
  return kept;
});
