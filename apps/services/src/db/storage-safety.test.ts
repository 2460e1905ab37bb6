import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startServerProcess } from "../test/server-process.js";
import { lockFileOf } from "./data-dir-lock.js";
import { openPglite, openPostgres, type Database } from "./database.js";
import { migrate } from "./migrate.js";

const folders: string[] = [];
afterAll(async () => {
  for (const dir of folders) await rm(dir, { recursive: true, force: true });
});
const folder = async () => {
  const dir = await mkdtemp(join(tmpdir(), "portal-lock-"));
  folders.push(dir);
  return dir;
};

describe("one PGlite data folder, one process", () => {
  it("refuses a second process on the same folder, naming it, and frees it on close", async () => {
    const dir = await folder();
    const db = await openPglite(dir);
    expect((await readFile(lockFileOf(dir), "utf8")).trim()).toBe(String(process.pid));
    // A second services process on the folder exits at once and says which folder.
    const second = await startServerProcess(
      4127,
      { DATA_DIR: dir, PORTAL_ENV: "test", DATABASE_URL: "" },
      60_000,
    ).then(
      async (server) => {
        await server.stop();
        return "started";
      },
      (error: Error) => error.message,
    );
    expect(second).toContain(`The data folder ${dir} is in use by process ${process.pid}`);
    // The same process opening it twice is refused too.
    await expect(openPglite(dir)).rejects.toThrow(
      `The data folder ${dir} is already open in this process`,
    );
    await db.close();
    const again = await openPglite(dir);
    await again.close();
  }, 120_000);

  it("takes over a lock left by a process that no longer runs", async () => {
    const dir = await folder();
    // A pid far above any real one (a killed process left its lock behind).
    await writeFile(lockFileOf(dir), "4194300\n");
    const db = await openPglite(dir);
    expect((await readFile(lockFileOf(dir), "utf8")).trim()).toBe(String(process.pid));
    await db.close();
  });
});

describe("migrations on several instances at once", () => {
  it("apply once when instances start together on a fresh database", async () => {
    const url = process.env.DATABASE_URL;
    const schema = `t_${randomBytes(6).toString("hex")}`;
    // On PostgreSQL: three pools (three instances) on one fresh schema; on PGlite, one engine.
    const dbs: Database[] = [];
    if (url) for (let i = 0; i < 3; i += 1) dbs.push(await openPostgres(url, { schema }));
    else dbs.push(await openPglite("memory"));
    try {
      const targets = url ? dbs : [dbs[0]!, dbs[0]!, dbs[0]!];
      const results = await Promise.all(targets.map((db) => migrate(db)));
      const applied = results.map((r) => r.length).sort();
      expect(applied[0]).toBe(0);
      expect(applied[1]).toBe(0);
      expect(applied[2]).toBeGreaterThan(4);
      const { rows } = await dbs[0]!.query<{ n: number }>(
        "select count(*)::int as n from schema_migrations",
      );
      expect(rows[0]!.n).toBe(applied[2]);
    } finally {
      if (url) await dbs[0]!.exec(`drop schema ${schema} cascade`);
      for (const db of dbs) await db.close();
    }
  }, 60_000);
});
