import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { SITEMAP_PARTS, type SitemapPart } from './sitemap-parts.js';
import { absoluteUrl, type SitemapEntry } from './sitemap-xml.js';

/**
 * URLs per sitemap file. The protocol allows 50,000 URLs and 50 MB; at 10,000 a file stays
 * under 50 MB even if every address were the 2,048 characters the schema allows, and is
 * written in a few hundred milliseconds.
 */
export const SITEMAP_URLS_PER_FILE = 10_000;
/** A file grows between recounts (new keys fall in its range); the protocol's cap still holds. */
const SITEMAP_MAX_URLS = 50_000;
/** How long the files' key ranges and dates are kept before they are counted again. */
export const SITEMAP_RANGES_TTL_MS = 10 * 60_000;

/** A sitemap file: the keys from `from` (inclusive) to the next file's `from`, and its newest lastmod. */
interface FileRange {
  from: string;
  lastmod: Date | null;
}

export interface SitemapFile {
  part: string;
  /** 1-based, as in the file's name. */
  number: number;
  lastmod: Date | null;
}

/**
 * The sitemaps over the parts' sources. A file is a range of keys, so serving it is one
 * range scan of an index however many pages the site has; cutting the ranges is one ordered
 * pass over a part's keys, done for the index and kept SITEMAP_RANGES_TTL_MS (about 1 s per
 * 300,000 stories). Keys added since land in the file whose range holds them, so nothing
 * published is left out meanwhile.
 */
export function createSitemaps(db: Db, options: { perFile?: number; rangesTtlMs?: number; parts?: readonly SitemapPart[]; now?: () => number } = {}) {
  const perFile = options.perFile ?? SITEMAP_URLS_PER_FILE;
  const ttl = options.rangesTtlMs ?? SITEMAP_RANGES_TTL_MS;
  const parts = options.parts ?? SITEMAP_PARTS;
  const now = options.now ?? Date.now;
  const kept = new Map<string, { at: number; ranges: Promise<FileRange[]>; recount: Promise<unknown> | null }>();

  async function countRanges(part: SitemapPart): Promise<FileRange[]> {
    const { rows } = await db.execute<{ from_key: string; lastmod_ms: number | null }>(sql`
      select min(key) as from_key, ${EPOCH_MS(sql`max(lastmod)`)} as lastmod_ms
      from (select key, lastmod, (row_number() over (order by key) - 1) / ${perFile} as file from (${part.source()}) s) numbered
      group by file order by file`);
    return rows.map((r) => ({ from: r.from_key, lastmod: toDate(r.lastmod_ms) }));
  }

  /**
   * The part's ranges: kept ones while fresh; past SITEMAP_RANGES_TTL_MS the kept ones still
   * answer while one recount runs (so no crawler waits for it), then the new ones do.
   */
  function ranges(part: SitemapPart): Promise<FileRange[]> {
    const hit = kept.get(part.name);
    if (hit && (now() - hit.at < ttl || hit.recount)) return hit.ranges;
    const counted = countRanges(part);
    if (!hit) {
      const entry = { at: now(), ranges: counted, recount: null };
      kept.set(part.name, entry);
      // A failed first count is not kept: the next request counts again.
      counted.catch(() => kept.get(part.name) === entry && kept.delete(part.name));
      return counted;
    }
    hit.recount = counted.then(
      (fresh) => kept.set(part.name, { at: now(), ranges: Promise.resolve(fresh), recount: null }),
      () => (hit.recount = null),
    );
    return hit.ranges;
  }

  return {
    /** Resolves when the recounts under way have finished (tests wait for it). */
    async recounted(): Promise<void> {
      await Promise.all([...kept.values()].map((e) => e.recount));
    },

    /** Every file of every part, for the index. */
    async files(): Promise<SitemapFile[]> {
      const all = await Promise.all(parts.map(async (part) => (await ranges(part)).map((r, i) => ({ part: part.name, number: i + 1, lastmod: r.lastmod }))));
      return all.flat();
    },

    /** The entries of one file, or null when the part or file does not exist. */
    async file(partName: string, number: number, origin: string): Promise<{ entries: SitemapEntry[]; lastmod: Date | null } | null> {
      const part = parts.find((p) => p.name === partName);
      if (!part || !Number.isSafeInteger(number) || number < 1) return null;
      const list = await ranges(part);
      const range = list[number - 1];
      if (!range) return null;
      const to = list[number]?.from ?? null;
      // The first file has no lower bound and the last no upper one: a key added since the ranges were
      // cut, below the first or above the last, still falls in a file.
      const from = number === 1 ? null : range.from;
      const { rows } = await db.execute<{ path: string; lastmod_ms: number | null }>(sql`
        select path, ${EPOCH_MS(sql`lastmod`)} as lastmod_ms from (${part.source()}) s
        where true ${from === null ? sql`` : sql`and key >= ${from}`} ${to === null ? sql`` : sql`and key < ${to}`}
        order by key limit ${SITEMAP_MAX_URLS}`);
      const entries = rows.map((r) => ({ loc: absoluteUrl(origin, r.path), lastmod: toDate(r.lastmod_ms) }));
      const lastmod = entries.reduce<Date | null>((m, e) => (e.lastmod && (!m || e.lastmod > m) ? e.lastmod : m), null);
      return entries.length ? { entries, lastmod } : null;
    },
  };
}

export type Sitemaps = ReturnType<typeof createSitemaps>;

// Times leave the database as epoch milliseconds (float8 arrives as a number): no text to parse.
const EPOCH_MS = (time: SQL) => sql`(extract(epoch from ${time}) * 1000)::float8`;
const toDate = (ms: number | null): Date | null => (ms === null ? null : new Date(ms));
