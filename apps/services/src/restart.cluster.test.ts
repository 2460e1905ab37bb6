import { CONSENT_TEXT_HASHES } from "@portal/validation";
// PostgreSQL killed under load (issue 21): a services process (src/server.ts, as an operator runs
// it) on a private cluster, 16 writers each creating a lead, updating it and recording a consent
// (the last two in transactions, so connections are checked out between statements when the
// server dies), and the cluster stopped with `pg_ctl stop -m immediate` (every backend killed at
// once, as a crash) and started again, twice. The process must stay up, answer 503 with
// Retry-After meanwhile, lose no acknowledged write, and write again within 5 s of the restart.
// Run by `pnpm test:cluster` (scripts/test-postgres.sh in CI).
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPrivateCluster, type PrivateCluster } from "./test/cluster.js";
import { startServerProcess, type ServerProcess } from "./test/server-process.js";

const CLUSTER_PORT = Number(process.env.PG_CLUSTER_PORT ?? 5442);
const SERVER_PORT = Number(process.env.RESTART_SERVER_PORT ?? 4131);
const WRITERS = 16;
const ROUNDS = 2;
/** The longest the first acknowledged write may take after the cluster accepts connections. */
const RECOVERY_MS = 5000;

let cluster: PrivateCluster;
let server: ServerProcess;

/** One acknowledged (2xx) write and what it should have stored. */
type Ack =
  | { kind: "lead"; leadId: string; at: number }
  | { kind: "update"; leadId: string; name: string; at: number }
  | { kind: "consent"; leadId: string; consentId: string; at: number };

interface Answer {
  status: number;
  retryAfter: string | null;
  code?: string;
}

const letters = (n: number) =>
  n
    .toString(26)
    .split("")
    .map((d) => String.fromCharCode(97 + parseInt(d, 26)))
    .join("");

/** `WRITERS` loops of lead -> update -> consent until stopped; every answer is recorded. */
function writers() {
  const acks: Ack[] = [];
  const answers: Answer[] = [];
  let running = true;
  let seq = 0;
  const post = async (method: string, path: string, body: unknown, token?: string) => {
    try {
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers: {
          "content-type": "application/json",
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(20_000),
      });
      const json = (await res.json()) as { response?: Record<string, string>; code?: string };
      answers.push({
        status: res.status,
        retryAfter: res.headers.get("retry-after"),
        code: json.code,
      });
      return { status: res.status, response: json.response };
    } catch {
      answers.push({ status: 0, retryAfter: null });
      return { status: 0, response: undefined };
    }
  };
  const loop = async () => {
    while (running) {
      const lead = await post("POST", "/shop/api/v1/greenfield/generate-sbb-lead", {
        product: "fibre",
        language: "bm",
      });
      if (lead.status !== 200 || !lead.response) {
        await new Promise((r) => setTimeout(r, 50));
        continue;
      }
      const { leadId, token } = lead.response as { leadId: string; token: string };
      acks.push({ kind: "lead", leadId, at: Date.now() });
      const name = `Writer ${letters((seq += 1))}`;
      const update = await post(
        "PATCH",
        "/shop/api/v1/greenfield/update-sbb-lead",
        { name },
        token,
      );
      if (update.status === 200) acks.push({ kind: "update", leadId, name, at: Date.now() });
      const consent = await post(
        "POST",
        "/shop/api/v3/consent",
        { language: "bm", consentTextHash: CONSENT_TEXT_HASHES.bm },
        token,
      );
      if (consent.status === 200 && consent.response)
        acks.push({
          kind: "consent",
          leadId,
          consentId: consent.response.consentId!,
          at: Date.now(),
        });
    }
  };
  const loops = Array.from({ length: WRITERS }, loop);
  return {
    acks,
    answers,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

const waitFor = async (what: string, test: () => boolean | Promise<boolean>, ms = 60_000) => {
  const deadline = Date.now() + ms;
  while (!(await test())) {
    if (server.child.exitCode !== null)
      throw new Error(
        `the services process exited while waiting for ${what}\n${server.output().slice(-3000)}`,
      );
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}\n${server.output().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

const ready = async () => {
  const res = await fetch(`${server.url}/readyz`, { signal: AbortSignal.timeout(10_000) });
  return { status: res.status, retryAfter: res.headers.get("retry-after") };
};

/** The acknowledged writes missing from the database, read directly. */
async function missing(acks: Ack[]): Promise<Ack[]> {
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  try {
    const leads = new Map(
      (
        await client.query<{ id: string; name: string | null }>(
          "select id::text as id, name from leads where id = any($1::uuid[])",
          [[...new Set(acks.map((a) => a.leadId))]],
        )
      ).rows.map((r) => [r.id, r.name]),
    );
    const consents = new Set(
      (
        await client.query<{ id: string }>(
          "select id::text as id from consents where id = any($1::uuid[])",
          [acks.flatMap((a) => (a.kind === "consent" ? [a.consentId] : []))],
        )
      ).rows.map((r) => r.id),
    );
    return acks.filter((a) =>
      a.kind === "lead"
        ? !leads.has(a.leadId)
        : a.kind === "update"
          ? leads.get(a.leadId) !== a.name
          : !consents.has(a.consentId),
    );
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  cluster = await startPrivateCluster(CLUSTER_PORT);
  server = await startServerProcess(SERVER_PORT, {
    DATABASE_URL: cluster.url,
    DB_CONNECT_TIMEOUT_MS: "1000",
    DB_QUERY_TIMEOUT_MS: "2000",
    RATE_LIMIT_MAX: "1000000",
  });
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await cluster?.destroy();
}, 120_000);

describe("PostgreSQL killed (stop -m immediate) under 16 concurrent writers", () => {
  it("leaves the process up, answers 503 + Retry-After meanwhile, loses no acknowledged write and writes again within 5 s, twice", async () => {
    expect((await ready()).status).toBe(200);
    const load = writers();
    const recoveries: number[] = [];
    try {
      for (let round = 1; round <= ROUNDS; round += 1) {
        const before = load.acks.length;
        await waitFor(`writes before round ${round}`, () => load.acks.length >= before + 60);

        await cluster.stop("immediate");
        const refusedBefore = load.answers.filter((a) => a.status === 503).length;
        await waitFor(
          `503s in round ${round}`,
          () => load.answers.filter((a) => a.status === 503).length >= refusedBefore + WRITERS,
        );
        expect(await ready()).toEqual({ status: 503, retryAfter: "5" });
        expect(server.child.exitCode).toBeNull();

        await cluster.start();
        const restartedAt = Date.now();
        // The first write sent once the cluster accepts connections succeeds: no connection of
        // before the restart is handed out.
        const first = await fetch(`${server.url}/shop/api/v1/greenfield/generate-sbb-lead`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ product: "tv", language: "en" }),
        });
        expect(first.status, await first.text()).toBe(200);
        await waitFor(`a write after restart ${round}`, () =>
          load.acks.some((a) => a.at >= restartedAt),
        );
        const earliest = Math.min(...load.acks.filter((a) => a.at >= restartedAt).map((a) => a.at));
        recoveries.push(earliest - restartedAt);
        await waitFor(
          `readiness after restart ${round}`,
          async () => (await ready()).status === 200,
        );
      }
    } finally {
      await load.stop();
    }

    expect(server.child.exitCode, server.output().slice(-3000)).toBeNull();
    expect(server.output()).not.toContain("uncaught");
    // Answers are done (2xx) or refused with Retry-After; nothing else.
    const others = load.answers.filter((a) => a.status !== 200 && a.status !== 503);
    expect(others).toEqual([]);
    const refused = load.answers.filter((a) => a.status === 503);
    expect(refused.every((a) => a.retryAfter === "5" && a.code === "database.unavailable")).toBe(
      true,
    );
    expect(await missing(load.acks)).toEqual([]);
    for (const ms of recoveries) expect(ms).toBeLessThan(RECOVERY_MS);
    console.log(
      `immediate restarts: ${ROUNDS} rounds, ${load.acks.length} acknowledged writes all stored, ${refused.length} answered 503, first write after each restart in ${recoveries.join(" and ")} ms`,
    );
  }, 300_000);
});
