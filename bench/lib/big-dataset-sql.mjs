// The SQL of the generated dataset (bench/lib/big-dataset.mjs runs it in order). Everything is
// set-based: integer "staging" rows in unlogged tables of the bench_gen schema first (who
// follows whom, who clapped what), then one INSERT … SELECT per app table that turns indexes
// into ids and carries counters computed from the staging rows, so no counter needs a second
// pass over a big table.
//
// Skew: a power of a uniform random number, floor(n * random()^k), picks small indexes far more
// often (k = 2: the first 1 % of the range gets 10 % of the picks). Rank r maps to a user through
// a multiplicative permutation, so writer rank 1 (the most prolific) is also follow-target rank 1
// (the most followed), while readers' ranks (who follows and claps most) are a different order.

/** Numbers of rows for a scale (1 = the issue's size). */
export function sizes(scale) {
  const n = (x) => Math.max(1, Math.round(x * scale));
  const users = n(100_000);
  return {
    users,
    writers: n(30_000),
    stories: n(1_000_000),
    trashed: n(5_000),
    drafts: n(10_000),
    responses: n(100_000),
    follows: n(5_000_000),
    claps: n(10_000_000),
    tags: Math.min(20_000, Math.max(20, Math.round(20_000 * Math.sqrt(scale)))),
    muters: n(3_000),
    staffPicks: 30,
  };
}

const gcd = (a, b) => (b === 0 ? a : gcd(b, a % b));
/** The first of `from`, `from + 1`, … that is coprime to n: (r - 1) * m mod n is then a permutation. */
function coprime(n, from) {
  let m = from;
  while (gcd(m, n) !== 1) m++;
  return m;
}

/**
 * The statements, in order, as [label, sql, params?]. `words` are the pools of big-dataset-words.mjs.
 * Only numbers computed here are spliced into the SQL; text goes in as parameters.
 */
export function datasetStatements(s, words) {
  const N = s.users;
  const writerPerm = coprime(N, 48271); // writer / follow-target rank → user
  const readerPerm = coprime(N, 7919); // follower / clapper rank → user
  const storyEnd = s.stories;
  const trashEnd = storyEnd + s.trashed;
  const draftEnd = trashEnd + s.drafts;
  const total = draftEnd + s.responses;
  const writerOf = (rank) => `(((${rank}) - 1)::bigint * ${writerPerm} % ${N} + 1)::int`;
  const readerOf = (rank) => `(((${rank}) - 1 + ${Math.floor(N / 2)})::bigint * ${readerPerm} % ${N} + 1)::int`; // rank 1 is not writer rank 1
  const skew = (n, k) => `(1 + floor(${n} * power(random(), ${k})))::int`;
  // Pools as array constants in the SQL: read from a table, each subscript would detoast the
  // whole array again (20 times slower per row).
  const pools = {
    first_names: words.FIRST_NAMES, last_names: words.LAST_NAMES, tags: tagPool(words, s.tags), openers: words.TITLE_OPENERS,
    adjectives: words.TITLE_ADJECTIVES, nouns: words.TITLE_NOUNS, subtitles: words.SUBTITLES, sentences: words.SENTENCES,
    bios: words.BIOS, images: words.DEMO_IMAGES,
  };
  const lit = (name) => `(array[${pools[name].map((w) => `'${w.replaceAll("'", "''")}'`).join(',')}]::text[])`;
  /** The pool's element at a 0-based integer expression (taken modulo the pool's length). */
  const at = (name, expr) => `${lit(name)}[1 + ((${expr}) % ${pools[name].length})]`;
  const pick = (name) => at(name, `floor(random() * ${pools[name].length})::int`);

  return [
    ['seed', `select setseed(0.4242)`],
    ['schema', `drop schema if exists bench_gen cascade; create schema bench_gen`],
    // Ids as the app makes them (12 hex characters): a multiplication by an odd number modulo
    // 2^48 is one-to-one, so index i always gives the same id and no two indexes collide.
    [
      'id functions',
      `create function bench_gen.uid(i int) returns text language sql immutable parallel safe as
         $$ select lpad(to_hex((i::bigint * 181287009291) % 281474976710656), 12, '0') $$;
       create function bench_gen.pid(i int) returns text language sql immutable parallel safe as
         $$ select lpad(to_hex((i::bigint * 98765432101) % 281474976710656), 12, '0') $$`,
    ],
    // Stories 1..storyEnd (published), then trashed ones, drafts, and responses to stories.
    [
      'staging: posts',
      `create unlogged table bench_gen.s_posts as
       select i,
         case when i <= ${storyEnd} then 's' when i <= ${trashEnd} then 't' when i <= ${draftEnd} then 'd' else 'r' end as kind,
         case when i <= ${draftEnd} then ${writerOf(skew(s.writers, 2))} else ${skew(N, 1)} end as author,
         case when i > ${draftEnd} then ${skew(s.stories, 2)} end as parent,
         now() - interval '730 days' * power(random(), 1.25) as published_at,
         case when i <= ${trashEnd} and random() < 0.05 then '{}'::int[]
              when i <= ${trashEnd} then array(select distinct ${skew(s.tags, 2.2)} from generate_series(1, 1 + floor(random() * 5)::int + 0 * i))
              else '{}'::int[] end as tag_ranks,
         random() < 0.03 as unlisted,
         random() < 0.25 as locked,
         random() < 0.55 as has_image,
         round((1.5 + exp(random() * 2.6))::numeric, 2)::real as reading_time,
         1 + floor(random() * 400)::int as title_seed
       from generate_series(1, ${total}) i`,
    ],
    ['staging: posts index', `alter table bench_gen.s_posts add primary key (i); analyze bench_gen.s_posts`],
    [
      'staging: responses after their story',
      `update bench_gen.s_posts r set published_at = p.published_at + (now() - p.published_at) * random()
       from bench_gen.s_posts p where r.kind = 'r' and p.i = r.parent`,
    ],
    // Who clapped what: popular stories (skew 2) and heavy clappers (skew 1.5), one row per pair
    // (so few pairs repeat at this size that drawing 0.1 % more than wanted is enough).
    [
      'staging: claps',
      `create unlogged table bench_gen.s_claps as
       select c.post, c.usr,
         case when random() < 0.12 then 50 else 1 + floor(power(random(), 2.5) * 49)::int end as cnt,
         p.published_at + (now() - p.published_at) * power(random(), 3) as at
       from (select post, usr from (
               select ${skew(s.stories, 2)} as post, ${readerOf(skew(N, 1.5))} as usr
               from generate_series(1, ${Math.round(s.claps * 1.001)})) x
             group by post, usr) c
       join bench_gen.s_posts p on p.i = c.post
       where c.usr <> p.author`,
    ],
    // Who follows whom: targets by writer rank (skew 2: the top writers get 10k+ followers).
    [
      'staging: follows',
      `create unlogged table bench_gen.s_follows as
       select follower, target, now() - interval '700 days' * random() as at from (
         select follower, target from (
           select ${readerOf(skew(N, 1.5))} as follower, ${writerOf(skew(N, 2))} as target
           from generate_series(1, ${Math.round(s.follows * 1.002)})) x
         where follower <> target group by follower, target) f`,
    ],
    [
      'staging: tag follows',
      `create unlogged table bench_gen.s_tag_follows as
       select distinct u.i as usr, ${skew(s.tags, 2)} as tag
       from generate_series(1, ${N}) u(i), generate_series(1, floor(power(random(), 2) * 16)::int + 0 * u.i) k`,
    ],
    [
      'staging: mutes',
      `create unlogged table bench_gen.s_mutes as
       select distinct ${readerOf('m.i')} as usr, ${writerOf(skew(s.writers, 2))} as target
       from generate_series(1, ${s.muters}) m(i), generate_series(1, 1 + floor(random() * 3)::int + 0 * m.i) k`,
    ],
    ['staging: analyze', `analyze bench_gen.s_claps; analyze bench_gen.s_follows; analyze bench_gen.s_tag_follows; analyze bench_gen.s_mutes`],
    [
      'users',
      `insert into users (id, name, username, email, bio, member_since, member_tier, member_access_until, is_staff, follower_count, following_count, created_at)
       select bench_gen.uid(i), fname || ' ' || lname, lower(fname || lname) || i, 'reader' || i || '@bench.example',
         case when random() < 0.4 then ${pick('bios')} else '' end,
         since, case when since is null then 'FREE' else 'MEMBER' end, since + interval '600 days',
         i = 1, coalesce(fc.n, 0), coalesce(gc.n, 0), now() - interval '1000 days' * random()
       from (select i, ${pick('first_names')} as fname, ${pick('last_names')} as lname,
               -- 15 % are members, their paid period running (as setMembershipAccess records it)
               case when random() < 0.15 then now() - interval '500 days' * random() end as since
             from generate_series(1, ${N}) i offset 0) u
       left join (select target, count(*)::int as n from bench_gen.s_follows group by target) fc on fc.target = u.i
       left join (select follower, count(*)::int as n from bench_gen.s_follows group by follower) gc on gc.follower = u.i`,
    ],
    [
      'posts',
      `insert into posts (id, creator_id, title, subtitle, slug, visibility, is_locked, in_response_to_post_id, response_depth,
         latest_rev, published_rev, paragraphs, preview_image, tags, reading_time, clap_count, responses_count,
         first_published_at, latest_published_at, deleted_at, created_at, updated_at)
       select bench_gen.pid(p.i), bench_gen.uid(p.author), p.title, p.subtitle,
         case when p.kind = 'r' then '' else trim(both '-' from lower(regexp_replace(p.title, '[^A-Za-z0-9]+', '-', 'g'))) end,
         (case when p.unlisted and p.kind <> 'r' then 'UNLISTED' else 'PUBLIC' end)::post_visibility,
         p.locked and p.kind <> 'r', case when p.kind = 'r' then bench_gen.pid(p.parent) end, (p.kind = 'r')::int,
         1, case when p.kind <> 'd' then 1 end,
         case when p.kind = 'r' then jsonb_build_array(jsonb_build_object('name', substr(md5(p.i::text), 1, 4), 'type', 'P', 'text', ${pick('sentences')}, 'markups', '[]'::jsonb))
         else jsonb_build_array(
           jsonb_build_object('name', substr(md5(p.i::text), 1, 4), 'type', 'H3', 'text', p.title, 'markups', '[]'::jsonb),
           jsonb_build_object('name', substr(md5(p.i::text), 5, 4), 'type', 'H4', 'text', p.subtitle, 'markups', '[]'::jsonb),
           jsonb_build_object('name', substr(md5(p.i::text), 9, 4), 'type', 'P', 'text', ${pick('sentences')} || ' ' || ${pick('sentences')}, 'markups', jsonb_build_array(jsonb_build_object('type', 'STRONG', 'start', 0, 'end', 8))),
           jsonb_build_object('name', substr(md5(p.i::text), 13, 4), 'type', 'P', 'text', ${pick('sentences')} || ' ' || ${pick('sentences')} || ' ' || ${pick('sentences')}, 'markups', '[]'::jsonb),
           jsonb_build_object('name', substr(md5(p.i::text), 17, 4), 'type', 'P', 'text', ${pick('sentences')}, 'markups', jsonb_build_array(jsonb_build_object('type', 'EM', 'start', 0, 'end', 5))))
         end,
         case when p.has_image and p.kind <> 'r' then jsonb_build_object('id', ${pick('images')}, 'originalWidth', 1400, 'originalHeight', 800) end,
         array(select ${at('tags', 't - 1')} from unnest(p.tag_ranks) t), case when p.kind = 'r' then 1.0 else p.reading_time end,
         coalesce(cs.n, 0), coalesce(rs.n, 0),
         case when p.kind <> 'd' then p.published_at end, case when p.kind <> 'd' then p.published_at end,
         case when p.kind = 't' then p.published_at + (now() - p.published_at) * random() end,
         p.published_at - interval '3 days' * random(), p.published_at
       from (select sp.*, case when sp.kind = 'r' then '' else ${at('openers', 'sp.title_seed')} || ' ' ||
                  ${at('adjectives', 'sp.title_seed * 7 + sp.i')} || ' ' || ${at('nouns', 'sp.i')} end as title,
                  case when sp.kind = 'r' or sp.i % 5 = 0 then '' else ${at('subtitles', 'sp.i / 7')} end as subtitle
             from bench_gen.s_posts sp) p
       left join (select post, sum(cnt)::int as n from bench_gen.s_claps group by post) cs on cs.post = p.i
       left join (select parent, count(*)::int as n from bench_gen.s_posts where kind = 'r' group by parent) rs on rs.parent = p.i`,
    ],
    [
      'tags',
      `insert into tags (slug, display_title, post_count, follower_count, created_at)
       select ${at('tags', 't - 1')}, initcap(replace(${at('tags', 't - 1')}, '-', ' ')), coalesce(pc.n, 0), coalesce(fc.n, 0), now() - interval '800 days'
       from generate_series(1, ${s.tags}) t
       left join (select unnest(tag_ranks) as tag, count(*)::int as n from bench_gen.s_posts where kind = 's' and not unlisted group by 1) pc on pc.tag = t
       left join (select tag, count(*)::int as n from bench_gen.s_tag_follows group by tag) fc on fc.tag = t`,
    ],
    [
      'claps',
      `insert into claps (post_id, user_id, count, created_at, updated_at)
       select bench_gen.pid(post), bench_gen.uid(usr), cnt, at, at from bench_gen.s_claps`,
    ],
    [
      'user_follows',
      `insert into user_follows (follower_id, target_user_id, created_at)
       select bench_gen.uid(follower), bench_gen.uid(target), at from bench_gen.s_follows`,
    ],
    [
      'tag_follows',
      `insert into tag_follows (user_id, tag_slug, created_at)
       select bench_gen.uid(usr), ${at('tags', 'tag - 1')}, now() - interval '600 days' * random() from bench_gen.s_tag_follows`,
    ],
    [
      'user_mutes',
      `insert into user_mutes (user_id, target_user_id, created_at)
       select bench_gen.uid(usr), bench_gen.uid(target), now() - interval '300 days' * random() from bench_gen.s_mutes where usr <> target`,
    ],
    // Every clap was a read first (reading history, and For you's 'already read' factor).
    [
      'post_reads',
      `insert into post_reads (user_id, post_id, read_count, first_read_at, last_read_at)
       select bench_gen.uid(usr), bench_gen.pid(post), 1 + (cnt % 3), at - interval '5 minutes', at from bench_gen.s_claps`,
    ],
    // The notifications the handlers would have written for the last months' follows and claps
    // (one row per follower, one per clapped story with its clappers counted); older ones read.
    // 'A followed writer published' is left out: fanned out to every follower, it would dwarf
    // the rest, and the badge's count stops at 100 on an index either way.
    [
      'notifications',
      `insert into notifications (recipient_id, kind, aggregation_key, actor_ids, actor_count, post_id, created_at, updated_at, read_at)
       select bench_gen.uid(target), 'follow', 'follow:' || bench_gen.uid(follower), array[bench_gen.uid(follower)], 1, null, at, at,
         case when at < now() - interval '10 days' and random() < 0.8 then at + interval '1 day' end
       from bench_gen.s_follows where at > now() - interval '120 days'
       union all
       select bench_gen.uid(p.author), 'clap', 'clap:' || bench_gen.pid(c.post), c.actors, c.n, bench_gen.pid(c.post), c.first_at, c.last_at,
         case when c.last_at < now() - interval '10 days' and random() < 0.8 then c.last_at + interval '1 day' end
       from (select post, (array_agg(bench_gen.uid(usr) order by at desc))[1:3] as actors, count(*)::int as n, min(at) as first_at, max(at) as last_at
             from bench_gen.s_claps where at > now() - interval '180 days' group by post) c
       join bench_gen.s_posts p on p.i = c.post`,
    ],
    [
      'notification_inboxes',
      `insert into notification_inboxes (user_id, seen_at, digest_frequency)
       select bench_gen.uid(i), case when random() < 0.8 then now() - interval '20 days' * random() end, 'WEEKLY'
       from generate_series(1, ${N}) i`,
    ],
    [
      'staff_picks',
      `insert into staff_picks (post_id, position, picked_at)
       select bench_gen.pid(i), row_number() over (order by published_at desc), now() from (
         select i, published_at from bench_gen.s_posts where kind = 's' and not unlisted and published_at > now() - interval '30 days'
         order by i limit ${s.staffPicks}) x`,
    ],
  ];
}

/** The tag slugs: the topics first (most used), then topic-suffix pairs, topics by year, and pairs of topics ('a-and-b', 'a-vs-b'). */
function tagPool(words, count) {
  const out = [...words.TOPICS];
  for (const suffix of words.SUFFIXES) for (const t of words.TOPICS) out.push(`${t}-${suffix}`);
  for (let year = 2019; year <= 2026; year++) for (const t of words.TOPICS) out.push(`${t}-${year}`);
  for (const join of ['and', 'vs']) for (const a of words.TOPICS) for (const b of words.TOPICS) if (a !== b) out.push(`${a}-${join}-${b}`);
  const unique = [...new Set(out)];
  if (unique.length < count) throw new Error(`the tag pool has ${unique.length} slugs, ${count} asked`);
  return unique.slice(0, count);
}

/**
 * The triggers the load may skip: those that keep DERIVED tables (the load fills those tables
 * itself), and posts_body_version, which moves a column on updates of the paragraphs only.
 */
export const DERIVED_TRIGGERS = ['posts_post_tags_inserted', 'posts_post_tags_updated', 'claps_daily_inserted', 'claps_daily_updated', 'posts_body_version'];

/**
 * Tables other modules derive from posts and claps with triggers (which the bulk load skips:
 * it runs with session_replication_role = replica): filled here with the triggers' rules,
 * each only when the table exists on this database.
 */
export const DERIVED = [
  [
    'post_tags',
    `insert into post_tags (tag_slug, post_id, creator_id, first_published_at)
     select distinct t, id, creator_id, first_published_at from posts, unnest(tags) t
     where first_published_at is not null and deleted_at is null and visibility = 'PUBLIC' and in_response_to_post_id is null`,
  ],
  [
    'daily_post_claps',
    `insert into daily_post_claps (day, post_id, claps)
     select (created_at at time zone 'UTC')::date, post_id, sum(count) from claps group by 1, 2`,
  ],
];
