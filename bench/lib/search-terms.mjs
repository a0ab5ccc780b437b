// Query terms for bench/search.mjs, chosen from the indexed corpus itself: each class by the
// share of stories it matches (counted exactly once per term), so the figures say what they test.
import { sql } from 'drizzle-orm';

/** How many searchable stories match `tsquery` (exact; run once per term). */
export async function share(db, text, total) {
  const { rows } = await db.execute(sql`select count(*)::int as n from search_posts where document @@ to_tsquery('inkwell_search', ${text})`);
  return rows[0].n / total;
}

/**
 * Words by document frequency from a 2 % sample of the documents, then classes:
 * common ≈ 30 % of stories, the most frequent words (the dataset's nearest to universal), and
 * two-word queries from title words (each word common, the pair rarer).
 */
export async function pickTerms(db) {
  const total = (await db.execute(sql`select count(*)::int as n from search_posts`)).rows[0].n;
  const { rows } = await db.execute(sql`select word, ndoc, (select count(*) from search_posts tablesample system (2) repeatable (7))::int as sample
    from ts_stat('select document from search_posts tablesample system (2) repeatable (7)') where length(word) > 2 order by ndoc desc limit 400`);
  const freq = rows.map((r) => ({ word: r.word, share: r.ndoc / r.sample }));
  const common = freq.filter((f) => f.share >= 0.25 && f.share <= 0.35).slice(0, 6).map((f) => f.word);
  const top = freq.slice(0, 4).map((f) => f.word);
  const mid = freq.filter((f) => f.share >= 0.02 && f.share <= 0.06).map((f) => f.word);
  const twoWord = [];
  for (let i = 0; i + 1 < mid.length && twoWord.length < 6; i += 2) twoWord.push(`${mid[i]} ${mid[i + 1]}`);
  return { total, common, top, twoWord };
}

/** Prefixes as a reader types them into the predictive box ("c", "co", "com", …). */
export function typing(words) {
  const out = [];
  for (const w of words) for (let n = 1; n <= w.length; n++) out.push(w.slice(0, n));
  return out;
}
