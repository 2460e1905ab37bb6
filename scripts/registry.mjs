// A private npm registry on this machine for the release test: Verdaccio (a devDependency) with
// scripts/registry/config.yaml (the @portal scope needs a token to read and to publish, nothing
// is proxied), its storage in a temporary folder, and one user whose token it answers.
import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;

/**
 * Starts Verdaccio on 127.0.0.1:port (default 4873) and adds a user. Answers its URL (with the
 * trailing slash npm wants), the user's token, and stop(), which ends it and removes its folder.
 */
export async function startRegistry({
  port = 4873,
  user = "release",
  password = "release-pass",
} = {}) {
  const dir = mkdtempSync(join(tmpdir(), "portal-registry-"));
  cpSync(join(root, "scripts/registry/config.yaml"), join(dir, "config.yaml"));
  const bin = createRequire(join(root, "package.json")).resolve("verdaccio/bin/verdaccio");
  const url = `http://127.0.0.1:${port}/`;
  const child = spawn(
    process.execPath,
    [bin, "--config", join(dir, "config.yaml"), "--listen", `127.0.0.1:${port}`],
    {
      cwd: dir,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let log = "";
  child.stdout.on("data", (d) => (log += d));
  child.stderr.on("data", (d) => (log += d));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`verdaccio exited (${child.exitCode}):\n${log}`);
      if (Date.now() > deadline)
        throw new Error(`verdaccio did not answer on ${url} in 30 s:\n${log}`);
      try {
        if ((await fetch(`${url}-/ping`)).ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    // npm adduser's request: creates the user and answers a token.
    const response = await fetch(`${url}-/user/org.couchdb.user:${user}`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        name: user,
        password,
        type: "user",
        roles: [],
        date: new Date().toISOString(),
      }),
    });
    const body = await response.json();
    if (!response.ok || !body.token)
      throw new Error(`verdaccio refused the user: ${JSON.stringify(body)}`);
    return { url, token: body.token, user, pid: child.pid, stop, log: () => log };
  } catch (error) {
    await stop();
    throw error;
  }
}
