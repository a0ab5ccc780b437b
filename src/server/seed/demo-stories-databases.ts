import { bq, em, h3, img, li, link, mono, ol, p, pq, pre, story, strong, ul, type DemoStory } from './demo-builders.js';

const author = 'tomas_ferreira';

export const DATABASE_STORIES: DemoStory[] = [
  story(
    {
      author,
      title: 'How PostgreSQL Actually Finds Your Rows',
      subtitle: 'Indexes are not magic. A picture of what they are makes it obvious when they help, and when they cost you.',
      tags: ['PostgreSQL', 'Databases', 'Performance', 'SQL'],
      daysAgo: 6,
    },
    img(
      'btree',
      'A B-tree keeps its keys sorted, so every lookup is a short walk down from the root.',
      'Layered nodes branching downward in teal and amber',
      'OUTSET_CENTER',
    ),
    p(
      'When a query is slow, the first advice anyone gives is “add an index”. It is often right. But without a picture of what an index is, you end up adding them by superstition, and superstitious indexes cost you on every write.',
      em('add an index'),
    ),
    h3('A sorted copy, with a map'),
    p(
      'A B-tree index is a sorted copy of one or more columns, each entry pointing back to the row it came from. Because it is sorted, PostgreSQL can find a value by descending a few levels of pages instead of reading the whole table. For a hundred million rows, that is typically four page reads instead of a million.',
      strong('a sorted copy of one or more columns'),
    ),
    p('The sort order is the whole trick. It is also why the column order of a composite index matters so much.'),
    pre(
      'sql',
      'CREATE INDEX orders_customer_created_idx',
      '  ON orders (customer_id, created_at DESC);',
      '',
      '-- Served by the index: equality on the first column, a range on the second.',
      'SELECT * FROM orders',
      "WHERE customer_id = 42 AND created_at > now() - interval '30 days'",
      'ORDER BY created_at DESC;',
      '',
      '-- Not served well: the first column is missing.',
      "SELECT * FROM orders WHERE created_at > now() - interval '1 day';",
    ),
    p(
      'Think of a phone book sorted by surname, then first name. Finding every Silva is easy. Finding every Ana, whatever her surname, means reading the whole book.',
    ),
    h3('Ask the planner'),
    p(
      'You never have to guess whether an index is used. EXPLAIN ANALYZE runs the query and shows the plan the planner chose, with real timings. Look for Index Scan versus Seq Scan, and compare estimated row counts with actual ones: large differences mean the statistics are stale and an ANALYZE is overdue.',
      mono('EXPLAIN ANALYZE'),
      mono('Index Scan'),
      mono('Seq Scan'),
      mono('ANALYZE', 2),
    ),
    bq('A sequential scan is not a failure. For small tables, or queries that return most of the rows, it is the fastest plan there is.'),
    p(
      'Indexes are a trade: faster reads for slower writes and more disk. Make the trade deliberately, one query at a time, and let EXPLAIN tell you whether it paid off.',
      mono('EXPLAIN'),
    ),
  ),

  story(
    {
      author,
      title: 'The N+1 Query Problem, Explained With a Shopping List',
      subtitle: 'Your page is not slow because the database is slow. It is slow because it keeps driving to the shop.',
      tags: ['Databases', 'Performance', 'Programming', 'GraphQL'],
      daysAgo: 33,
    },
    p(
      'Imagine sending a friend to the supermarket with a list of twenty items, but telling them only one item at a time. They drive there, buy milk, drive home, and ask what is next. That is the N+1 query problem, and most applications that use an ORM have it somewhere.',
      strong('N+1 query problem'),
    ),
    h3('What it looks like'),
    p('It usually hides in a loop that looks perfectly innocent:'),
    pre(
      'typescript',
      'const recent = await db.select().from(posts).orderBy(desc(posts.publishedAt)).limit(20);',
      'for (const post of recent) {',
      '  // One more round trip for every post.',
      '  post.author = await db.select().from(users).where(eq(users.id, post.authorId));',
      '}',
    ),
    p(
      'One query for the posts, then one for each author: twenty-one round trips. On a laptop, with the database next door, it takes a few milliseconds and nobody notices. In production, with a network hop each way, the page gets slower in direct proportion to its length.',
    ),
    h3('Batching the trip'),
    p('The fix is to collect the keys first and ask for all of them at once:'),
    pre('sql', 'SELECT * FROM users WHERE id = ANY($1);'),
    p(
      'In GraphQL servers, where each field resolves on its own, the standard tool is DataLoader. It gathers every key requested during one tick of the event loop and issues a single batched query, so resolvers stay simple while the database sees two queries instead of twenty-one.',
      link('DataLoader', 'https://github.com/graphql/dataloader'),
    ),
    pq('The database is rarely slow. The trip to the database is.'),
    p(
      'Once you know the pattern, turn on query logging in development and count. A page that issues more queries than it has sections is almost always driving to the shop once per item.',
    ),
  ),

  story(
    {
      author,
      title: 'Migrations Without Downtime',
      subtitle: 'Renaming a column is a one-line change. Shipping it without an outage takes five deploys, and that is fine.',
      tags: ['PostgreSQL', 'Databases', 'DevOps', 'Software Engineering'],
      isLocked: true,
      daysAgo: 71,
    },
    p(
      'Renaming a column is a one-line change. Deploying it without an outage is a small project. The reason is simple: during a rolling deploy, old and new versions of your application run at the same time, against the same database.',
      strong('old and new versions of your application run at the same time'),
    ),
    p(
      'Any migration that breaks the old code breaks production for as long as the deploy takes. The way out is to split every breaking change into steps that are each compatible with both versions.',
    ),
    h3('Expand, migrate, contract'),
    ol(
      li('Expand: add the new column, nullable, with no default that rewrites the table.', strong('Expand')),
      li('Write to both: deploy code that writes to the old and the new column.', strong('Write to both')),
      li('Backfill: copy existing rows across in small batches.', strong('Backfill')),
      li('Switch reads: deploy code that reads only the new column.', strong('Switch reads')),
      li('Contract: drop the old column once nothing uses it.', strong('Contract')),
    ),
    p('Five deploys for a rename sounds excessive until you compare it with the alternative, which is a maintenance window and an apology.'),
    h3('Mind the locks'),
    p(
      'Some statements take an ACCESS EXCLUSIVE lock that blocks even reads. Worse, while one waits for a long-running query to finish, every other query queues up behind it. Set a lock timeout so a migration fails fast instead of freezing the site:',
      mono('ACCESS EXCLUSIVE'),
    ),
    pre(
      'sql',
      "SET lock_timeout = '2s';",
      'ALTER TABLE accounts ADD COLUMN display_name text;',
      '',
      '-- Build indexes without blocking writes.',
      'CREATE INDEX CONCURRENTLY accounts_display_name_idx ON accounts (display_name);',
    ),
    bq('A migration that waits is worse than one that fails. A failure you can retry; a queue of blocked requests is an outage.'),
  ),

  story(
    {
      author,
      title: 'Why I Stopped Using OFFSET for Pagination',
      subtitle: 'Page one took four milliseconds. Page five hundred took two seconds. Same query, one number different.',
      tags: ['SQL', 'PostgreSQL', 'Performance', 'API Design'],
      daysAgo: 112,
    },
    p(
      'Page one of our activity feed loaded in four milliseconds. Page five hundred took two seconds. The query was identical except for one number, and that number was the problem.',
    ),
    pre('sql', 'SELECT * FROM events ORDER BY created_at DESC LIMIT 20 OFFSET 10000;'),
    p(
      'OFFSET does not skip rows; it reads them and throws them away. To return page five hundred, the database produces ten thousand and twenty rows and discards all but the last twenty. The cost grows with every page.',
      mono('OFFSET'),
      em('it reads them and throws them away'),
    ),
    h3('Keyset pagination'),
    p(
      'The alternative is to remember where you stopped. Instead of a page number, the client sends back the sort key of the last row it saw, and the query asks for the rows after it:',
    ),
    pre(
      'sql',
      'SELECT * FROM events',
      "WHERE (created_at, id) < ('2024-03-01 12:00:00', 9132)",
      'ORDER BY created_at DESC, id DESC',
      'LIMIT 20;',
    ),
    p(
      'With an index on (created_at, id), every page costs the same as the first. The id is there as a tie-breaker: two events can share a timestamp, and without it rows could repeat or vanish at page boundaries.',
      mono('(created_at, id)'),
    ),
    h3('What you give up'),
    ul(
      'You cannot jump to page 37. Most people never wanted to.',
      'Total counts need a separate query, and an estimate is often good enough.',
      'The cursor should be opaque to clients, so encode it rather than exposing raw columns.',
    ),
    p(
      'For feeds, timelines, and infinite scroll, those trade-offs are easy. Page numbers belong to printed books; on the web, “show more” is all anyone asks for.',
    ),
  ),

  story(
    {
      author,
      title: 'Transactions, Isolation, and the Bugs You Haven’t Met Yet',
      subtitle: 'Wrapping code in a transaction does not make it safe. Two customers and one concert ticket explain why.',
      tags: ['Databases', 'PostgreSQL', 'Concurrency'],
      daysAgo: 163,
    },
    p(
      'Two customers buy the last concert ticket at the same moment. Both requests check the stock, both see one ticket left, both succeed. Your code wrapped everything in a transaction, so how did this happen?',
    ),
    p(
      'The answer is that a PostgreSQL transaction, by default, runs at the Read Committed isolation level. It guarantees you never see uncommitted data. It does not guarantee that what you read stays true until you commit.',
      strong('Read Committed'),
    ),
    h3('Three ways to fix it'),
    p('The first is to make the check and the write a single statement, so there is no gap between them:'),
    pre('sql', 'UPDATE tickets SET sold = sold + 1', 'WHERE event_id = $1 AND sold < capacity', 'RETURNING sold;'),
    p(
      'If no row comes back, the event is sold out. The second is to lock the row you read with SELECT … FOR UPDATE, so the other transaction waits its turn. The third is to raise the isolation level to Serializable and retry when PostgreSQL reports a conflict.',
      mono('SELECT … FOR UPDATE'),
      strong('Serializable'),
    ),
    pq('Concurrency bugs do not show up in tests. They show up on the day you are most popular.'),
    h3('Choosing'),
    p(
      'Single statements are the cheapest and should be your first reach. Row locks are explicit and easy to reason about, but hold them briefly. Serializable is the most powerful, since it protects invariants you did not think to lock for, but every caller must be ready to retry.',
    ),
    p(
      'Whichever you choose, write the test that fires two requests at once. It is the only way to find out whether your transaction does what you believe it does. The manual’s chapter on concurrency control is worth an evening, too.',
      link('chapter on concurrency control', 'https://www.postgresql.org/docs/current/mvcc.html'),
    ),
  ),
];
