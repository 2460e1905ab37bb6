import { open, readFile, rm } from "node:fs/promises";
import { join } from "node:path";

/** The lock file of a PGlite data folder. */
export const lockFileOf = (dataDir: string) => join(dataDir, "pglite.lock");

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/**
 * Takes the data folder for this process: creates `pglite.lock` holding our pid, exclusively.
 * A lock left by a process that no longer runs (killed, crashed) is taken over; a lock held by a
 * running process refuses with a message naming the folder. Returns the release function.
 *
 * Our own code rather than proper-lockfile: its staleness is a timestamp refreshed by a timer, so
 * a killed process blocks the next start for the stale period and a stalled one can lose its
 * lock; one machine, one folder, a pid check is exact.
 */
export async function acquireDataDirLock(dataDir: string): Promise<() => Promise<void>> {
  const file = lockFileOf(dataDir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(file, "wx");
      await handle.writeFile(`${process.pid}\n`);
      await handle.close();
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        await rm(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = Number((await readFile(file, "utf8").catch(() => "")).trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) {
        throw new Error(
          `The data folder ${dataDir} is in use by process ${pid}: PGlite serves one process at a time. Stop that process, or give this one another DATA_DIR (or DATABASE_URL).`,
        );
      }
      if (pid === process.pid) {
        throw new Error(
          `The data folder ${dataDir} is already open in this process: open it once and share the handle.`,
        );
      }
      // Stale: its process is gone.
      await rm(file, { force: true });
    }
  }
  throw new Error(`Could not lock the data folder ${dataDir}`);
}
