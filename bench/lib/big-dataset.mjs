// Fills a migrated Inkwell database with the issue-5 dataset (100k users, 1M published stories,
// 5M follows, 10M claps at scale 1) in minutes: see bench/README.md, "Feeds at scale".
//
// How it stays fast: the load runs with session_replication_role = replica (no row triggers, no
// foreign-key checks per row: the rows are consistent by construction), indexes and primary keys
// of the loaded tables are dropped first and built again at the end (a sorted build beats
// 10M random inserts into a B-tree), staging rows are integers in unlogged tables, and each app
// table is written by one INSERT … SELECT. Keys other tables' foreign keys point at (users, posts,
// tags) stay, so no constraint has to be re-validated.
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { DERIVED, DERIVED_TRIGGERS, datasetStatements, sizes } from './big-dataset-sql.mjs';
import * as words from './big-dataset-words.mjs';

export const DEFAULT_BENCH_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/inkwell_bench';

/** The machine's PostgreSQL socket directory (Debian's), when the server listens there. */
const LOCAL_SOCKET_DIR = '/var/run/postgresql';

/**
 * The same database through the server's Unix socket when the URL names this machine and the
 * socket exists: a query costs both sides noticeably less than over TCP loopback, and a
 * site whose database runs on its own machine would connect so (README, DATABASE_URL).
 */
export function viaLocalSocket(url) {
  const u = new URL(url);
  if (!['127.0.0.1', 'localhost', '::1'].includes(u.hostname) || u.searchParams.has('host')) return url;
  if (!fs.existsSync(path.join(LOCAL_SOCKET_DIR, `.s.PGSQL.${u.port || 5432}`))) return url;
  u.searchParams.set('host', LOCAL_SOCKET_DIR);
  return u.toString();
}

const BASE_TABLES = ['users', 'posts', 'tags', 'claps', 'user_follows', 'tag_follows', 'user_mutes', 'staff_picks'];
/** Filled when the database has them (other modules' tables land over time). */
const OPTIONAL_TABLES = ['post_reads', 'notifications', 'notification_inboxes'];

/** Creates the database named in `url` when missing (drops it first with `fresh`). */
async function ensureDatabase(url, { fresh }) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Database name ${JSON.stringify(name)}: use lowercase letters, digits and _.`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    if (fresh) await client.query(`drop database if exists ${name} with (force)`);
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount === 0) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}

/** The app's own migrations, as src/platform/db/migrate.ts applies them. */
export async function applyMigrations(url, root) {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    await migrate(drizzle(pool), { migrationsFolder: path.join(root, 'migrations') });
  } finally {
    await pool.end();
  }
}

/**
 * The indexes of `tables` that no foreign key depends on, with how to build each again:
 * primary keys and unique constraints as constraints, the rest as CREATE INDEX.
 */
async function droppableIndexes(client, tables) {
  const { rows } = await client.query(
    `select c.relname as table, ic.relname as index, pg_get_indexdef(i.indexrelid) as indexdef,
            con.conname, pg_get_constraintdef(con.oid) as condef
       from pg_index i
       join pg_class c on c.oid = i.indrelid and c.relnamespace = 'public'::regnamespace
       join pg_class ic on ic.oid = i.indexrelid
       left join pg_constraint con on con.conindid = i.indexrelid and con.conrelid = c.oid and con.contype in ('p', 'u')
      where c.relname = any($1)
        and not exists (select 1 from pg_constraint f where f.contype = 'f' and f.conindid = i.indexrelid)`,
    [tables],
  );
  return rows.map((r) => ({
    table: r.table,
    name: r.index,
    drop: r.conname ? `alter table "${r.table}" drop constraint "${r.conname}"` : `drop index "${r.index}"`,
    create: r.conname ? `alter table "${r.table}" add constraint "${r.conname}" ${r.condef}` : r.indexdef,
  }));
}

/** Tables that exist in this database's public schema, of those named. */
async function existing(client, names) {
  const { rows } = await client.query(`select relname from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r' and relname = any($1)`, [names]);
  const found = new Set(rows.map((r) => r.relname));
  return names.filter((n) => found.has(n));
}

/** Row counts and sizes (table + indexes) of `tables`. */
export async function tableSizes(client, tables) {
  const out = [];
  for (const table of tables) {
    const { rows } = await client.query(`select count(*)::bigint as n, pg_total_relation_size($1::regclass) as bytes from "${table}"`, [table]);
    out.push({ table, rows: Number(rows[0].n), bytes: Number(rows[0].bytes) });
  }
  return out;
}

/**
 * Builds the dataset. `log(line)` reports each step with its time. Returns the sizes used,
 * each step's seconds and the total.
 */
export async function generateBigDataset({ url = DEFAULT_BENCH_DATABASE_URL, root, scale = 1, fresh = false, log = () => {} }) {
  const started = performance.now();
  const steps = [];
  const step = async (label, fn) => {
    const t0 = performance.now();
    const result = await fn();
    const seconds = (performance.now() - t0) / 1000;
    steps.push({ label, seconds });
    log(`${label.padEnd(38)} ${seconds.toFixed(1).padStart(7)} s`);
    return result;
  };
  const s = sizes(scale);
  await step('database', () => ensureDatabase(url, { fresh }));
  await step('migrations', () => applyMigrations(url, root));

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Bulk-load settings for this session only; the server's configuration stays as it is.
    await client.query(`set synchronous_commit = off; set maintenance_work_mem = '1GB'; set work_mem = '256MB';
      set max_parallel_workers_per_gather = 0; set max_parallel_maintenance_workers = 1; set session_replication_role = replica`);
    const derivedTables = await existing(client, DERIVED.map(([t]) => t));
    const optionalTables = await existing(client, OPTIONAL_TABLES);
    const tables = [...BASE_TABLES, ...optionalTables, ...derivedTables];
    await step('empty the tables', () => client.query(`truncate ${tables.map((t) => `"${t}"`).join(', ')} cascade`));
    const indexes = await droppableIndexes(client, tables);
    await step(`drop ${indexes.length} indexes`, async () => {
      for (const ix of indexes) await client.query(ix.drop);
    });
    for (const [label, sql, params] of datasetStatements(s, words)) {
      if (OPTIONAL_TABLES.includes(label) && !optionalTables.includes(label)) continue;
      await step(label, () => client.query(sql, params));
    }
    for (const [table, sql] of DERIVED) if (derivedTables.includes(table)) await step(table, () => client.query(sql));
    for (const ix of indexes) await step(`index ${ix.name}`, () => client.query(ix.create));
    await client.query('set session_replication_role = origin');
    await step('vacuum analyze', async () => {
      for (const t of tables) await client.query(`vacuum (analyze) "${t}"`);
    });
    await step('drop staging', () => client.query(`drop table bench_gen.s_posts, bench_gen.s_claps, bench_gen.s_follows, bench_gen.s_tag_follows, bench_gen.s_mutes`));
    await client.query(`create table bench_gen.info as select now() as generated_at, $1::float as scale, $2::jsonb as sizes`, [scale, JSON.stringify(s)]);
    const counts = await tableSizes(client, tables);
    return { sizes: s, steps, seconds: (performance.now() - started) / 1000, tables: counts, unknownTriggers: await unknownTriggers(client, tables) };
  } finally {
    await client.end();
  }
}

/**
 * Triggers on the loaded tables: the load skipped them, so whatever they maintain is stale
 * unless DERIVED fills it. Reported, so a new trigger is noticed.
 */
async function unknownTriggers(client, tables) {
  const { rows } = await client.query(
    `select c.relname as table, t.tgname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where not t.tgisinternal and c.relnamespace = 'public'::regnamespace and c.relname = any($1) and not (t.tgname = any($2))`,
    [tables, DERIVED_TRIGGERS],
  );
  return rows;
}
