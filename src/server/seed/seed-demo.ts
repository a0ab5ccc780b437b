import { count, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { Logger } from '../../platform/logger/index.js';
import { users } from '../../modules/accounts/tables.js';
import { createUser } from '../../modules/accounts/commands.js';
import { insertPublishedPost } from '../../modules/posts/commands.js';
import { addStaffPick } from '../../modules/feeds/queries.js';
import { clapPost } from '../../modules/claps/commands.js';
import { posts } from '../../modules/posts/tables.js';
import { DEMO_STORIES, DEMO_WRITERS } from './demo-content.js';

const DAY_MS = 24 * 3600 * 1000;
const STAFF_PICKS = 6;

/**
 * Fills an empty database with the demo writers and stories (SEED_DEMO=0 skips it).
 * It runs in one transaction and only when there are no users yet, so a restart or a
 * concurrent start never seeds twice.
 */
export async function seedDemoContent(db: Db, logger: Logger, now: Date = new Date()): Promise<boolean> {
  const seeded = await db.transaction(async (tx) => {
    await tx.execute('select pg_advisory_xact_lock(7215002)');
    const [{ n }] = await tx.select({ n: count() }).from(users);
    if (n > 0) return null;
    const ids = new Map<string, string>();
    for (const [i, w] of DEMO_WRITERS.entries()) {
      ids.set(w.username, await createUser(tx, { ...w, createdAt: new Date(now.getTime() - (400 + i * 30) * DAY_MS) }));
    }
    const postIds: string[] = [];
    for (const s of DEMO_STORIES) {
      const creatorId = ids.get(s.author);
      if (!creatorId) throw new Error(`Demo story "${s.title}" names an unknown writer @${s.author}.`);
      postIds.push(
        await insertPublishedPost(tx, {
          creatorId,
          title: s.title,
          subtitle: s.subtitle,
          paragraphs: s.paragraphs,
          tags: s.tags,
          isLocked: s.isLocked,
          publishedAt: new Date(now.getTime() - s.daysAgo * DAY_MS),
        }),
      );
    }
    // Every fifth story is a staff pick, so picks span the writers.
    const picks = postIds.filter((_, i) => i % 5 === 0).slice(0, STAFF_PICKS);
    for (const [position, postId] of picks.entries()) await addStaffPick(tx as unknown as Db, postId, position);
    return { writerIds: [...ids.values()], postIds };
  });
  if (!seeded) return false;
  await clapEachOther(db, seeded.writerIds, seeded.postIds);
  logger.info({ writers: DEMO_WRITERS.length, stories: DEMO_STORIES.length }, 'seeded demo content');
  return true;
}

/**
 * The demo writers read and clap each other's stories (two of them per story, a fixed
 * pattern), so a new site shows what engagement does: top stories, For you's popular
 * stories, and search, which only lists authors whose stories drew a clap or a response
 * (src/modules/search/README.md). Through the clap command, as a reader's claps go.
 */
async function clapEachOther(db: Db, writerIds: string[], postIds: string[]): Promise<void> {
  const creators = await db.select({ id: posts.id, creatorId: posts.creatorId }).from(posts).where(inArray(posts.id, postIds));
  const creatorOf = new Map(creators.map((p) => [p.id, p.creatorId]));
  for (const [i, postId] of postIds.entries()) {
    for (const step of [1, 2]) {
      const reader = writerIds[(i + step) % writerIds.length]!;
      if (reader !== creatorOf.get(postId)) await clapPost(db, postId, reader, ((i * 3 + step * 5) % 12) + 1);
    }
  }
}
