import { mkdir } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { HttpError } from "../lib/errors.js";
import { acquireDataDirLock } from "./data-dir-lock.js";

/** Anything that runs parameterised SQL ($1, $2...) the same way on PGlite and PostgreSQL. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

/** What a query observer hears: how long a statement took and whether it failed. */
export type QueryObserver = (seconds: number, failed: boolean) => void;

/** Connections of a pool (PostgreSQL) or the one engine (PGlite). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/** The thin query interface every repository uses, over PGlite or node-postgres. */
export interface Database extends Queryable {
  readonly kind: "pglite" | "postgres";
  /** Runs several statements at once (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs one or several statements without parameters; answers the rows of the last (pg-boss). */
  simple<T = Record<string, unknown>>(sql: string): Promise<{ rows: T[] }>;
  /** Runs `fn` in one transaction; rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** True when the database answers `select 1` within `timeoutMs` (readiness). */
  ping(timeoutMs: number): Promise<boolean>;
  /** Pool occupancy, for the metrics. */
  stats(): PoolStats;
  /** Hears the duration of every statement (metrics); one observer at a time. */
  observe(observer: QueryObserver | undefined): void;
  close(): Promise<void>;
}

/** Most distinct statements prepared per connection (PostgreSQL). */
const PREPARED_MAX = 200;

/** Seconds a client is asked to wait when the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * The database cannot be reached (restart, failover, network cut, timeout): the request answers
 * 503 with Retry-After instead of a 500, and nothing of it was written.
 */
export class DatabaseUnavailableError extends HttpError {
  constructor(cause: unknown) {
    super(503, "The service is temporarily unavailable; retry shortly", {
      code: "database.unavailable",
      headers: { "retry-after": String(DATABASE_RETRY_AFTER_SECONDS) },
    });
    this.name = "DatabaseUnavailableError";
    this.cause = cause;
  }
}

const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  "ENETDOWN",
]);
// SQLSTATEs meaning "the server is going away or not there yet", plus timeouts and saturation.
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300", "57014", "25P03"]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Connection terminated unexpectedly|the database system is (starting up|shutting down|in recovery mode)|Client was closed and is not queryable|Cannot use a pool after calling end/i;

/** True when `error` says the database is unreachable rather than that the statement is wrong. */
export function isUnavailable(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === "string") {
    if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || code.startsWith("08"))
      return true;
  }
  return typeof message === "string" && UNAVAILABLE_MESSAGES.test(message);
}

const LOST_SQLSTATES = new Set(["57P01", "57P02", "57P03"]);
const LOST_MESSAGES = /Connection terminated|Client has encountered a connection error/i;

/**
 * True when `error` says the connection itself is gone (server stopped or killed, network
 * error), not merely that a statement timed out or the server is saturated.
 */
export function isConnectionLoss(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (
    typeof code === "string" &&
    (NETWORK_CODES.has(code) || LOST_SQLSTATES.has(code) || code.startsWith("08"))
  )
    return true;
  return typeof message === "string" && LOST_MESSAGES.test(message);
}

const classify = (error: unknown): unknown =>
  isUnavailable(error) && !(error instanceof DatabaseUnavailableError)
    ? new DatabaseUnavailableError(error)
    : error;

const elapsed = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9;

/** Races `work` against a timer; false when the timer wins or the work fails. */
async function within(work: Promise<unknown>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
    timer.unref();
  });
  try {
    return await Promise.race([
      work.then(
        () => true,
        () => false,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Opens PGlite persisted in `dataDir/pglite`, or in memory when dataDir is "memory". A data
 * folder is held by one process at a time (`dataDir/pglite.lock`): PGlite is a single-process
 * engine, and a second process on the same files would silently lose writes.
 */
export async function openPglite(dataDir: string | "memory"): Promise<Database> {
  let db: PGlite;
  let release = async () => {};
  if (dataDir === "memory") {
    db = await PGlite.create();
  } else {
    const dir = `${dataDir}/pglite`;
    await mkdir(dir, { recursive: true });
    release = await acquireDataDirLock(dataDir);
    try {
      db = await PGlite.create(dir);
    } catch (error) {
      await release();
      throw error;
    }
  }
  let observer: QueryObserver | undefined;
  const run = async <T>(target: Pick<PGlite, "query">, sql: string, params: unknown[]) => {
    const start = process.hrtime.bigint();
    try {
      const result = await target.query<T>(sql, params);
      observer?.(elapsed(start), false);
      return { rows: result.rows };
    } catch (error) {
      observer?.(elapsed(start), true);
      throw error;
    }
  };
  return {
    kind: "pglite",
    query<T>(sql: string, params: unknown[] = []) {
      return run<T>(db, sql, params);
    },
    async exec(sql) {
      await db.exec(sql);
    },
    async simple<T>(sql: string) {
      const results = await db.exec(sql);
      return { rows: (results.at(-1)?.rows ?? []) as T[] };
    },
    transaction(fn) {
      return db.transaction((tx) =>
        fn({
          query<T>(sql: string, params: unknown[] = []) {
            return run<T>(tx, sql, params);
          },
        }),
      );
    },
    ping(timeoutMs) {
      return within(db.query("select 1"), timeoutMs);
    },
    stats() {
      return { total: 1, idle: 1, waiting: 0 };
    },
    observe(next) {
      observer = next;
    },
    async close() {
      if (!db.closed) await db.close();
      await release();
    },
  };
}

/** Timeouts and size of the PostgreSQL pool (environment: DB_*). */
export interface PostgresOptions {
  /** Each test file isolates itself in its own schema. */
  schema?: string;
  /** Connections in the pool (DB_POOL_MAX, default 10). */
  max?: number;
  /** Longest wait for a connection, new or from the pool (DB_CONNECT_TIMEOUT_MS, default 2000). */
  connectTimeoutMs?: number;
  /** Longest a statement may take, server and client side (DB_QUERY_TIMEOUT_MS, default 5000). */
  queryTimeoutMs?: number;
}

/**
 * Opens a node-postgres pool on DATABASE_URL. The pool outlives the server: a restart, failover
 * or network cut fails the statements in flight (503, nothing acknowledged), connections that
 * die are dropped (idle ones through the pool's `error` event, checked-out ones through their
 * own listener, so the process stays up), and the next statement opens a fresh connection.
 * Every wait is bounded, so no request hangs.
 */
export async function openPostgres(url: string, opts: PostgresOptions = {}): Promise<Database> {
  if (opts.schema && !/^[a-z_][a-z0-9_]*$/.test(opts.schema))
    throw new Error("invalid schema name");
  const queryTimeout = opts.queryTimeoutMs ?? 5000;
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 10,
    connectionTimeoutMillis: opts.connectTimeoutMs ?? 2000,
    // The server cancels a long statement; the client gives up a little later if the server is
    // gone without a word (network cut).
    statement_timeout: queryTimeout,
    query_timeout: queryTimeout + 1000,
    idle_in_transaction_session_timeout: queryTimeout * 2,
    keepAlive: true,
    idleTimeoutMillis: 30_000,
    ...(opts.schema ? { options: `-c search_path=${opts.schema}` } : {}),
  });
  // An idle connection that dies (server restart) emits `error` on the pool; unheard, it would
  // end the process. The pool drops that connection by itself; the next statement reconnects.
  pool.on("error", () => undefined);
  // Connections opened before the database was last seen unreachable may be dead without the
  // pool knowing (a network cut, a server killed before it could say goodbye): they are dropped
  // when checked out instead of failing the first requests after the database is back.
  const opened = new WeakMap<pg.PoolClient, number>();
  let lostAt = Number.NEGATIVE_INFINITY;
  pool.on("connect", (client) => opened.set(client as pg.PoolClient, Date.now()));

  if (opts.schema) await pool.query(`create schema if not exists ${opts.schema}`);
  else await pool.query("select 1");

  // Statements with parameters run as named prepared statements: each connection parses and
  // plans one the first time it sees it, then only binds and executes (the lead insert, the
  // rate-limit read, the OTP checks...). Text built on the fly would grow the set: it stops at
  // PREPARED_MAX names and the rest run unnamed.
  const names = new Map<string, string>();
  const statement = (text: string, values: unknown[]): pg.QueryConfig => {
    if (values.length === 0) return { text, values };
    let name = names.get(text);
    if (!name && names.size < PREPARED_MAX) {
      name = `p${names.size + 1}`;
      names.set(text, name);
    }
    return name ? { name, text, values } : { text, values };
  };

  let observer: QueryObserver | undefined;
  const timed = async <T>(work: () => Promise<T>): Promise<T> => {
    const start = process.hrtime.bigint();
    try {
      const result = await work();
      observer?.(elapsed(start), false);
      return result;
    } catch (error) {
      observer?.(elapsed(start), true);
      if (isConnectionLoss(error)) lostAt = Date.now();
      throw classify(error);
    }
  };

  /**
   * Checks a connection out for `fn`. A checked-out connection is not heard by the pool's `error`
   * listener (only idle ones are): without its own listener, a server that dies between two
   * statements of a transaction would raise an uncaught `error` and end the process. The
   * listener records the failure, so the connection is destroyed instead of going back.
   */
  const withClient = async <T>(
    fn: (client: pg.PoolClient, discard: (error: Error) => void) => Promise<T>,
  ): Promise<T> => {
    let client: pg.PoolClient;
    for (;;) {
      try {
        client = await pool.connect();
      } catch (error) {
        if (isConnectionLoss(error)) lostAt = Date.now();
        throw classify(error);
      }
      if ((opened.get(client) ?? Number.NEGATIVE_INFINITY) > lostAt) break;
      client.release(true);
    }
    let broken: Error | undefined;
    const onError = (error: Error) => {
      broken ??= error;
    };
    client.on("error", onError);
    try {
      return await fn(client, onError);
    } catch (error) {
      if (isUnavailable(error) || error instanceof DatabaseUnavailableError)
        broken ??= error as Error;
      throw error;
    } finally {
      client.removeListener("error", onError);
      client.release(broken ?? false);
    }
  };

  return {
    kind: "postgres",
    query<T>(sql: string, params: unknown[] = []) {
      return withClient((client) =>
        timed(async () => ({ rows: (await client.query(statement(sql, params))).rows as T[] })),
      );
    },
    async exec(sql) {
      await withClient((client) => timed(() => client.query(sql)));
    },
    async simple<T>(sql: string) {
      // The simple protocol: several statements run in one round trip; pg answers an array then.
      const result = await withClient((client) => timed(() => client.query(sql)));
      const last = (Array.isArray(result) ? result.at(-1) : result) as pg.QueryResult | undefined;
      return { rows: (last?.rows ?? []) as T[] };
    },
    transaction(fn) {
      return withClient(async (client, discard) => {
        await timed(() => client.query("begin"));
        try {
          const result = await fn({
            query<T>(sql: string, params: unknown[] = []) {
              return timed(async () => ({
                rows: (await client.query(statement(sql, params))).rows as T[],
              }));
            },
          });
          await timed(() => client.query("commit"));
          return result;
        } catch (error) {
          // An unreachable database leaves the connection unusable (withClient destroys it);
          // otherwise roll back, and a failed rollback breaks the connection too.
          if (!isUnavailable(error) && !(error instanceof DatabaseUnavailableError))
            await client.query("rollback").catch(discard);
          throw classify(error);
        }
      });
    },
    ping(timeoutMs) {
      return within(
        withClient((client) => client.query("select 1")),
        timeoutMs,
      );
    },
    stats() {
      return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
    },
    observe(next) {
      observer = next;
    },
    async close() {
      await pool.end();
    },
  };
}

/** PostgreSQL when a URL is given, PGlite in the data directory otherwise. */
export function openDatabase(
  opts: { databaseUrl?: string; dataDir: string } & Omit<PostgresOptions, "schema">,
): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts) : openPglite(opts.dataDir);
}
