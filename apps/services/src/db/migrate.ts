import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { Database } from "./database.js";

/** The migrations folder, from source (src/db/migrations) or from the build (dist/migrations). */
export function defaultMigrationsDir(): string {
  const candidates = [
    new URL("./migrations/", import.meta.url),
    new URL("./db/migrations/", import.meta.url),
  ];
  const found = candidates.find((u) => existsSync(fileURLToPath(u)));
  if (!found) throw new Error("migrations folder not found");
  return fileURLToPath(found);
}

/**
 * Applies the numbered `NNNN_name.sql` files not yet applied, in order, in one transaction under
 * an advisory lock, so instances starting together on one database wait for each other: the
 * first applies, the others find everything done. The bookkeeping table is created under the
 * lock too (two first starts on a fresh PostgreSQL would otherwise collide creating it).
 */
export async function migrate(db: Database, dir = defaultMigrationsDir()): Promise<string[]> {
  const files = (await readdir(dir)).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)).sort();
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    // Waiting for another instance's migrations, and the migrations themselves, may take longer
    // than a request's statement timeout.
    await tx.query("set local statement_timeout = 0");
    await tx.query("select pg_advisory_xact_lock(4000)");
    await tx.query(
      "create table if not exists schema_migrations (id text primary key, applied_at timestamptz not null default now())",
    );
    const done = new Set(
      (await tx.query<{ id: string }>("select id from schema_migrations")).rows.map((r) => r.id),
    );
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = await readFile(`${dir}/${file}`, "utf8");
      // Statements are separated by lines holding only "-- statement" or by ";\n" at line end.
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query("insert into schema_migrations (id) values ($1)", [file]);
      applied.push(file);
    }
  });
  return applied;
}

/** Splits a migration into statements at semicolons ending a line (no procedural bodies here). */
export function splitStatements(sql: string): string[] {
  return sql
    .replace(/^\s*--.*$/gm, "")
    .split(/;\s*$/m)
    .map((s) => s.trim())
    .filter(Boolean);
}
