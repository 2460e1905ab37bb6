import { execFile } from "node:child_process";
import { chmod, chown, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { existsSync, readdirSync } from "node:fs";

const run = promisify(execFile);

/** The newest installed PostgreSQL's bin folder (Debian layout), or PG_BIN. */
export function postgresBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(a) - Number(b))
    : [];
  const newest = versions[versions.length - 1];
  if (!newest) throw new Error("PostgreSQL is not installed (apt-get install postgresql)");
  return join(root, newest, "bin");
}

/** A private PostgreSQL cluster in a temporary folder, which a test may stop and start. */
export interface PrivateCluster {
  port: number;
  /** The cluster's data folder (postmaster.pid names the server process). */
  dataDir: string;
  /** Superuser URL of the `postgres` database. */
  url: string;
  start(): Promise<void>;
  /**
   * Stops the server: `fast` (default) ends open connections politely; `immediate` kills every
   * backend at once, as a crash would (crash recovery runs at the next start).
   */
  stop(mode?: "fast" | "immediate"): Promise<void>;
  /** Stops it and deletes its folder. */
  destroy(): Promise<void>;
}

/**
 * Creates and starts a private cluster (initdb into a temporary folder, its own port, never the
 * shared cluster). initdb refuses to run as root, so as root it runs as the `postgres` user.
 */
export async function startPrivateCluster(port: number): Promise<PrivateCluster> {
  const bin = postgresBin();
  const dir = await mkdtemp(join(tmpdir(), "portal-pg-"));
  const asRoot = process.getuid?.() === 0;
  const exec = async (tool: string, args: string[]) => {
    const file = join(bin, tool);
    return asRoot
      ? run("runuser", ["-u", "postgres", "--", file, ...args], { cwd: tmpdir() })
      : run(file, args, { cwd: tmpdir() });
  };
  if (asRoot) {
    const { stdout } = await run("id", ["-u", "postgres"]);
    const { stdout: gid } = await run("id", ["-g", "postgres"]);
    await chown(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  await chmod(dir, 0o700);
  const data = join(dir, "data");
  await exec("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=60`;
  const start = async () => {
    await exec("pg_ctl", [
      "-D",
      data,
      "-o",
      options,
      "-l",
      join(dir, "log"),
      "-w",
      "-t",
      "60",
      "start",
    ]);
  };
  const stop = async (mode: "fast" | "immediate" = "fast") => {
    await exec("pg_ctl", ["-D", data, "-m", mode, "-w", "-t", "60", "stop"]);
  };
  await start();
  return {
    port,
    dataDir: data,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    async destroy() {
      await stop().catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
