import { spawn, type ChildProcess } from "node:child_process";
import { packageRoot } from "../lib/paths.js";

/** A services process started from source (`src/server.ts`), as an operator would run it. */
export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything it printed (JSON log lines). */
  output(): string;
  /** SIGTERM, then waits for the exit; resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts `src/server.ts` with `env` on `port` and waits until /health/live answers. */
export async function startServerProcess(
  port: number,
  env: Record<string, string>,
  timeoutMs = 90_000,
): Promise<ServerProcess> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "--conditions=@portal/source", "src/server.ts"],
    {
      cwd: packageRoot(),
      env: {
        ...process.env,
        PORTAL_ENV: "development",
        LOG_LEVEL: "warn",
        ...env,
        PORT: String(port),
        HOST: "127.0.0.1",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let out = "";
  child.stdout?.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${out}`);
    try {
      const res = await fetch(`${url}/health/live`, { signal: AbortSignal.timeout(1000) });
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not start within ${timeoutMs} ms:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    child,
    output: () => out,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}
