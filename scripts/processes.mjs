// What a process of this machine is doing, read from /proc (Linux): who listens on a port, the
// processes under a pid. Used by scripts/start.mjs (which port is taken, by what) and its test.
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { createServer } from "node:net";

/** The pids of every process on the machine. */
const pids = () =>
  readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .map(Number);

/** A process's command line ("" once it is gone). */
export function commandLine(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim();
  } catch {
    return "";
  }
}

/** Whether the process exists (and is not a zombie). */
export function alive(pid) {
  try {
    return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}

/** The pid and command line of the process listening on a TCP port, if /proc says. */
export function listener(port) {
  const inodes = new Set();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text = "";
    try {
      text = readFileSync(table, "utf8");
    } catch {
      continue;
    }
    for (const line of text.trim().split("\n").slice(1)) {
      const f = line.trim().split(/\s+/);
      const localPort = parseInt(f[1].split(":").at(-1), 16);
      if (localPort === port && f[3] === "0A") inodes.add(f[9]);
    }
  }
  if (inodes.size === 0) return undefined;
  for (const pid of pids()) {
    let fds = [];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (m && inodes.has(m[1])) return { pid, command: commandLine(pid) };
      } catch {
        // closed meanwhile
      }
    }
  }
  return { pid: undefined, command: "another user's process" };
}

/** Every process under pid (children, grandchildren ...), not pid itself. */
export function descendants(pid) {
  const parent = new Map();
  for (const p of pids()) {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, "utf8");
      parent.set(p, Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // gone
    }
  }
  const found = [];
  const queue = [pid];
  while (queue.length > 0) {
    const p = queue.shift();
    for (const [child, ppid] of parent) {
      if (ppid === p) {
        found.push(child);
        queue.push(child);
      }
    }
  }
  return found;
}

/** Whether nothing listens on the port (tried as this process would: every address). */
export function portFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}
