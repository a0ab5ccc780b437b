import pg from 'pg';

/**
 * Statements outside a transaction, carried by a few shared connections in pg's pipeline
 * mode (docs/adr/0009). A page reads in waves of small statements (a story, then its writer,
 * tags, responses and highlight, then their writers); on a pool each statement is a write to
 * its own connection, and each write wakes a sleeping backend: on a 2-core machine those
 * writes were a fifth of the server's CPU. On a lane, the statements sent in one turn of the
 * event loop, by every request in flight, leave in one write (the socket is corked until the
 * turn ends), and the backend reads them in one go.
 *
 * Each statement keeps its own Sync, so it is its own implicit transaction and an error in
 * one leaves the others alone. Transactions, cursors and anything holding a connection go
 * through the pool as before (`connect()`), never a lane.
 */
export interface LaneOptions {
  /** At most this many lanes; a new one opens only when every open lane has statements in flight. */
  maxLanes: number;
  clientConfig: pg.ClientConfig;
}

interface Lane {
  client: pg.Client | null;
  connecting: Promise<pg.Client> | null;
  /** Statements sent and not yet answered. */
  inFlight: number;
  /** The socket holds writes until the current turn of the event loop ends. */
  corked: boolean;
}

type QueryConfig = pg.QueryConfig & { rows?: number; submit?: unknown };

/**
 * A lane plans each named statement once, with parameters as parameters (docs/adr/0012).
 * Left to choose, PostgreSQL re-planned the lookups every page makes on every call (an id
 * list or a limit as a parameter makes its generic plan look dearer than a custom one with
 * the values in): a fifth of its CPU on the signed-in home page. Unnamed statements are
 * planned with their values whatever this says, and transactions never run on a lane.
 */
export const GENERIC_PLANS = 'set plan_cache_mode = force_generic_plan';

export class StatementLanes {
  readonly #lanes: Lane[] = [];
  readonly #options: LaneOptions;
  #closed = false;

  constructor(options: LaneOptions) {
    this.#options = options;
  }

  /** Whether a pool.query call can go on a lane: promise style, no cursor or custom query object. */
  accepts(config: unknown, values: unknown, callback: unknown): boolean {
    if (this.#closed || this.#options.maxLanes === 0) return false;
    if (typeof values === 'function' || typeof callback === 'function') return false;
    if (typeof config === 'string') return true;
    const c = config as QueryConfig | null;
    return c !== null && typeof c === 'object' && c.submit === undefined && c.rows === undefined;
  }

  async query(config: string | QueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
    const lane = this.#pick();
    lane.inFlight++;
    try {
      // A connection that already saw its end is replaced before anything is written to it.
      if (lane.client && !(lane.client as unknown as { _queryable: boolean })._queryable) {
        lane.client = null;
        lane.connecting = null;
      }
      const client = lane.client ?? (await this.#connect(lane));
      this.#cork(lane, client);
      try {
        return await client.query(config as pg.QueryConfig, values);
      } catch (err) {
        if (endsTheConnection(err)) this.#retire(lane, client);
        throw err;
      }
    } finally {
      lane.inFlight--;
    }
  }

  /** Open lanes, for tests and diagnostics. */
  get size(): number {
    return this.#lanes.length;
  }

  async close(): Promise<void> {
    this.#closed = true;
    const lanes = this.#lanes.splice(0);
    await Promise.all(
      lanes.map(async (lane) => {
        const client = lane.client ?? (await lane.connecting?.catch(() => null));
        await client?.end().catch(() => {});
      }),
    );
  }

  /**
   * The lane collecting this turn's statements, so they leave together; else an idle lane;
   * else a new one while there is room (the others' backends are busy with earlier turns);
   * else the one with the fewest statements in flight.
   */
  #pick(): Lane {
    let best: Lane | undefined;
    for (const lane of this.#lanes) if (lane.corked) return lane;
    for (const lane of this.#lanes) {
      if (lane.inFlight === 0) return lane;
      if (!best || lane.inFlight < best.inFlight) best = lane;
    }
    if (!best || this.#lanes.length < this.#options.maxLanes) {
      const lane: Lane = { client: null, connecting: null, inFlight: 0, corked: false };
      this.#lanes.push(lane);
      return lane;
    }
    return best;
  }

  #connect(lane: Lane): Promise<pg.Client> {
    lane.connecting ??= (async () => {
      const client = new pg.Client({ ...this.#options.clientConfig, pipeline: true } as pg.ClientConfig);
      // A dropped connection (server restart, terminated backend) rejects what it carried;
      // the lane reconnects for the next statement. The event must not go unhandled.
      const drop = () => {
        if (lane.client === client) lane.client = null;
        lane.connecting = null;
      };
      client.on('error', drop);
      client.on('end', drop);
      try {
        await client.connect();
        await client.query(GENERIC_PLANS);
      } catch (err) {
        lane.connecting = null;
        await client.end().catch(() => {});
        throw err;
      }
      if (this.#closed) {
        await client.end().catch(() => {});
        throw new Error('The database pool is closed.');
      }
      lane.client = client;
      return client;
    })();
    return lane.connecting;
  }

  /**
   * The server said goodbye (a terminated backend, a shutdown) before the socket closed:
   * the next statement must not be written to it.
   */
  #retire(lane: Lane, client: pg.Client) {
    if (lane.client !== client) return;
    lane.client = null;
    lane.connecting = null;
    client.end().catch(() => {});
  }

  /** Statements written before the turn ends leave together, in one write. */
  #cork(lane: Lane, client: pg.Client) {
    if (lane.corked) return;
    const stream = (client as unknown as { connection: { stream: NodeJS.WritableStream & { cork(): void; uncork(): void } } }).connection.stream;
    stream.cork();
    lane.corked = true;
    setImmediate(() => {
      lane.corked = false;
      stream.uncork();
    });
  }
}

/** pool.query through the lanes where it can; everything else (connect, callbacks, cursors) as before. */
export function routePoolQueries(pool: pg.Pool, lanes: StatementLanes): void {
  const direct = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, values?: unknown, callback?: unknown) =>
    lanes.accepts(config, values, callback) ? lanes.query(config as QueryConfig, values as unknown[] | undefined) : direct(config, values, callback);
}

/** FATAL and PANIC errors end the session; class 08 is a connection exception, 57P01–03 a shutdown. */
function endsTheConnection(err: unknown): boolean {
  const e = err as { severity?: string; code?: string } | null;
  if (!e || typeof e !== 'object') return false;
  return e.severity === 'FATAL' || e.severity === 'PANIC' || (typeof e.code === 'string' && (e.code.startsWith('08') || /^57P0[123]$/.test(e.code)));
}
