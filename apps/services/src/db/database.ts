import { mkdir } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";

/** Anything that runs parameterised SQL ($1, $2...) the same way on PGlite and PostgreSQL. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

/** The thin query interface every repository uses, over PGlite or node-postgres. */
export interface Database extends Queryable {
  readonly kind: "pglite" | "postgres";
  /** Runs several statements at once (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs `fn` in one transaction; rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Opens PGlite persisted in `dataDir/pglite`, or in memory when dataDir is "memory". */
export async function openPglite(dataDir: string | "memory"): Promise<Database> {
  let db: PGlite;
  if (dataDir === "memory") {
    db = await PGlite.create();
  } else {
    const dir = `${dataDir}/pglite`;
    await mkdir(dir, { recursive: true });
    db = await PGlite.create(dir);
  }
  return {
    kind: "pglite",
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await db.query<T>(sql, params);
      return { rows: result.rows };
    },
    async exec(sql) {
      await db.exec(sql);
    },
    transaction(fn) {
      return db.transaction((tx) =>
        fn({
          async query<T>(sql: string, params: unknown[] = []) {
            const result = await tx.query<T>(sql, params);
            return { rows: result.rows };
          },
        }),
      );
    },
    async close() {
      if (!db.closed) await db.close();
    },
  };
}

/** Opens a node-postgres pool on DATABASE_URL. */
export async function openPostgres(url: string, opts: { schema?: string } = {}): Promise<Database> {
  if (opts.schema && !/^[a-z_][a-z0-9_]*$/.test(opts.schema))
    throw new Error("invalid schema name");
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // Tests isolate each file in its own schema.
    ...(opts.schema ? { options: `-c search_path=${opts.schema}` } : {}),
  });
  if (opts.schema) await pool.query(`create schema if not exists ${opts.schema}`);
  else await pool.query("select 1");
  return {
    kind: "postgres",
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await pool.query(sql, params);
      return { rows: result.rows as T[] };
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query("begin");
        const result = await fn({
          async query<T>(sql: string, params: unknown[] = []) {
            const r = await client.query(sql, params);
            return { rows: r.rows as T[] };
          },
        });
        await client.query("commit");
        return result;
      } catch (error) {
        await client.query("rollback");
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}

/** PostgreSQL when a URL is given, PGlite in the data directory otherwise. */
export function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}
