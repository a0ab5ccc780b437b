import { sql } from 'drizzle-orm';
import type { Database } from '../../src/platform/db/client.js';

/**
 * Whether anything was written to a test database, cheaply enough to ask around every
 * request of a fuzz run. A write takes a transaction id, so while the server's next id
 * stays put nothing changed (reads take none). When it moves (another test file's writes
 * move it too), a per-table checksum decides: row count and the sum of row versions
 * (xmin changes on every insert and update).
 */
export class DbState {
  private tables: string[] = [];
  private baseline: { xmax: string; checksum: string } | null = null;

  constructor(private readonly database: Database) {}

  private async nextXid(): Promise<string> {
    const { rows } = await this.database.db.execute<{ xmax: string }>(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as xmax`);
    return rows[0]!.xmax;
  }

  private async checksum(): Promise<string> {
    if (this.tables.length === 0) {
      const { rows } = await this.database.db.execute<{ name: string }>(
        sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
      );
      this.tables = rows.map((r) => r.name);
    }
    const parts = this.tables.map((t) => `select '${t}' as t, count(*)::text || ':' || coalesce(sum(xmin::text::bigint), 0)::text as v from "${t}"`);
    const { rows } = await this.database.db.execute<{ t: string; v: string }>(sql.raw(parts.join(' union all ')));
    return rows.map((r) => `${r.t}=${r.v}`).join(' ');
  }

  /** Remember the state before a request. */
  async mark(): Promise<void> {
    const xmax = await this.nextXid();
    if (this.baseline?.xmax === xmax) return;
    this.baseline = { xmax, checksum: await this.checksum() };
  }

  /** The tables that changed since mark(), by name ('' when none). */
  async changedSinceMark(): Promise<string> {
    const before = this.baseline!;
    if ((await this.nextXid()) === before.xmax) return '';
    const after = await this.checksum();
    const was = new Set(before.checksum.split(' '));
    return after
      .split(' ')
      .filter((entry) => !was.has(entry))
      .join(' ');
  }
}
