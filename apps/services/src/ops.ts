// Operator commands for personal-data requests (PDPA rights of access and erasure):
//
//   pnpm --filter @portal/services ops export --phone 012-345 6789 [--out person.json]
//   pnpm --filter @portal/services ops erase --mykad 900101-14-5679 --yes
//   (both take --ticket <case reference> and --operator <name>, recorded in the audit)
//   pnpm --filter @portal/services ops reconcile
//   (accepted orders minus those the fulfilment system acknowledged, and the dead-lettered ones;
//   exits 0 when that is 0, else 3)
//   pnpm --filter @portal/services ops redeliver <orderNumber>
//   (puts a dead-lettered order back into delivery)
//   pnpm --filter @portal/services ops sms-dead
//   (the SMS given up: kind, language, masked number, attempts, last error; never a code or a
//   link; exits 0 when there is none, else 3)
//   pnpm --filter @portal/services ops order-status <orderNumber> <status>
//   (issue 24: records a step of the order's timeline: verified, installationBooked,
//   technicianOnTheWay, installed or cancelled; forward only, a repeat changes nothing)
//   pnpm --filter @portal/services ops import-coverage <addresses.json>
//   (issue 24: writes register addresses with their fibre networks; in the same transaction each
//   registration of interest the new coverage reaches, with consent, gets one SMS job)
//   pnpm --filter @portal/services ops reseal
//   (seals with the first DOCUMENT_KEYS key every document sealed with another key, or stored
//   in plaintext before issue 21)
//
//   pnpm --filter @portal/services ops slots|holidays ...   (installation capacity, lead times and
//   public holidays: src/ops-slots.ts and the services README, "Installation slots")
//
// Same settings as the services (DATABASE_URL, or PGlite in DATA_DIR, which a running services
// process holds: stop it or use PostgreSQL), same document keys and storage. Every request
// leaves a `privacy_requests` row: what was done, when, by whom, for which ticket and how many
// records, never whose.
import { readFile, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { openDatabase, type Database } from "./db/database.js";
import { migrate } from "./db/migrate.js";
import { systemClock } from "./lib/clock.js";
import { loadEnv, type Env } from "./lib/env.js";
import { slotsCommand, SLOTS_USAGE } from "./ops-slots.js";
import { createFulfilment, documentKeyring, fileStorage } from "./services/index.js";
import { reconcileCounts, unacknowledged } from "./repositories/fulfilment.js";
import { deadLetters } from "./repositories/sms.js";
import { erasePerson, exportPerson, resealDocuments, type Subject } from "./services/privacy.js";
import { InterestService } from "./services/interests.js";
import { TokenService } from "./services/tokens.js";
import { KeyLocks } from "./db/key-locks.js";
import type { AddressImportRow } from "./repositories/addresses.js";
import { TrackingService, type OrderStatus } from "./services/tracking.js";

const USAGE = `usage: ops export|erase (--phone <number> | --mykad <number>) [--ticket <ref>] [--operator <name>] [--out <file>] [--yes]
       ops reseal
       ops reconcile
       ops redeliver <orderNumber>
       ops sms-dead
       ops import-coverage <addresses.json>
       ops order-status <orderNumber> <verified|installationBooked|technicianOnTheWay|installed|cancelled>
${SLOTS_USAGE}`;

/**
 * Where the queue commands run: the environment's database and settings, or (tests) an open
 * database and settings over the environment's.
 */
export interface OpsTarget {
  db?: Database;
  env?: Partial<Env>;
}

/** Runs one command; resolves with the process exit code. */
export async function runOps(
  argv: string[],
  out: (text: string) => void,
  target: OpsTarget = {},
): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      phone: { type: "string" },
      mykad: { type: "string" },
      ticket: { type: "string" },
      operator: { type: "string" },
      out: { type: "string" },
      yes: { type: "boolean", default: false },
      area: { type: "string" },
      capacity: { type: "string" },
      window: { type: "string" },
      day: { type: "string" },
      network: { type: "string" },
      days: { type: "string" },
      year: { type: "string" },
      name: { type: "string" },
    },
  });
  const command = positionals[0];
  if (command === "order-status") return orderStatus(positionals.slice(1), out);
  if (command === "import-coverage") return importCoverage(positionals.slice(1), out);
  if (command === "reconcile" || command === "redeliver" || command === "sms-dead")
    return queueOps(positionals, out, target);
  if (command === "slots" || command === "holidays") {
    const env = loadEnv();
    const db = await openOpsDatabase(env);
    try {
      await migrate(db);
      return await slotsCommand(db, command, positionals[1], values, out);
    } finally {
      await db.close();
    }
  }
  const forPerson = command === "export" || command === "erase";
  if (!(forPerson || command === "reseal") || (forPerson && !values.phone === !values.mykad)) {
    out(USAGE);
    return 2;
  }
  if (command === "erase" && !values.yes) {
    out("erase deletes the person's data for good: add --yes to go ahead");
    return 2;
  }
  const subject: Subject = values.phone ? { phone: values.phone } : { mykad: values.mykad ?? "" };
  const request = { ticket: values.ticket, operator: values.operator ?? process.env.USER };
  const env = loadEnv();
  const db = await openOpsDatabase(env);
  try {
    await migrate(db);
    const deps = {
      db,
      storage: await fileStorage(env),
      keys: await documentKeyring(env),
      clock: systemClock,
      queueSchema: env.queue.schema,
    };
    if (command === "reseal") {
      const done = await resealDocuments(deps, join(env.dataDir, "uploads", ".partial"));
      out(JSON.stringify({ ...done, key: deps.keys.current.id }));
    } else if (command === "export") {
      const data = await exportPerson(deps, subject, request);
      const text = `${JSON.stringify(data, null, 2)}\n`;
      if (values.out) {
        // The export is personal data: readable by its owner only.
        await writeFile(values.out, text, { mode: 0o600, flag: "wx" });
        out(`exported to ${values.out} (audit ${data.auditId})`);
      } else out(text);
    } else {
      const { auditId, counts } = await erasePerson(deps, subject, request);
      out(JSON.stringify({ erased: counts, auditId }));
    }
    return 0;
  } finally {
    await db.close();
  }
}

/** `ops order-status <orderNumber> <status>`: one step of an order's timeline (issue 24). */
async function orderStatus(args: string[], out: (text: string) => void): Promise<number> {
  const [orderNumber, status] = args;
  if (!orderNumber || !status || args.length !== 2) {
    out(USAGE);
    return 2;
  }
  const env = loadEnv();
  const db = await openOpsDatabase(env);
  try {
    await migrate(db);
    const tokens = new TokenService(env.tokenSecret, systemClock);
    const tracking = new TrackingService(db, tokens, systemClock, env.webUrl);
    const { changed } = await tracking.record(orderNumber, status as OrderStatus);
    out(JSON.stringify({ orderNumber, status, changed }));
    return 0;
  } finally {
    await db.close();
  }
}

/**
 * `ops import-coverage <file>`: a JSON array of register addresses (the seed's shape: id,
 * postalCode, residenceType, streetName, city, state, fibreNetworks, ...), written in one
 * transaction with the coverage SMS jobs it makes due. Prints what it did.
 */
async function importCoverage(args: string[], out: (text: string) => void): Promise<number> {
  const [file] = args;
  if (!file || args.length !== 1) {
    out(USAGE);
    return 2;
  }
  const rows = JSON.parse(await readFile(file, "utf8")) as AddressImportRow[];
  if (!Array.isArray(rows)) throw new Error(`${file} must hold a JSON array of addresses`);
  const env = loadEnv();
  const db = await openOpsDatabase(env);
  try {
    await migrate(db);
    const { queue, sms } = createFulfilment({
      env: { ...env, queue: { ...env.queue, worker: false } },
      db,
      clock: systemClock,
      log: { warn: () => undefined, info: () => undefined },
    });
    await queue.start();
    try {
      const tokens = new TokenService(env.tokenSecret, systemClock);
      const interests = new InterestService(
        db,
        new KeyLocks(db),
        sms,
        tokens,
        systemClock,
        env.webUrl,
      );
      out(JSON.stringify(await interests.importAddresses(rows)));
      return 0;
    } finally {
      await queue.stop();
    }
  } finally {
    await db.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  try {
    process.exitCode = await runOps(process.argv.slice(2), (text) => console.log(text));
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 1;
  }
}

/** `reconcile`, `redeliver` and `sms-dead` (README "Fulfilment and SMS queue"). */
async function queueOps(
  positionals: string[],
  out: (text: string) => void,
  target: OpsTarget,
): Promise<number> {
  const [command, orderNumber] = positionals;
  if (command === "redeliver" && !orderNumber) {
    out(USAGE);
    return 2;
  }
  const env = { ...loadEnv(), ...target.env };
  const db = target.db ?? (await openOpsDatabase(env));
  try {
    await migrate(db);
    if (command === "sms-dead") {
      const rows = await deadLetters(db);
      for (const r of rows)
        out(
          [
            new Date(r.dead_lettered_at).toISOString(),
            r.kind,
            r.language,
            r.phone_masked,
            `attempts=${r.attempts}`,
            `queued=${new Date(r.queued_at).toISOString()}`,
            `last_error=${JSON.stringify(r.last_error)}`,
          ].join(" "),
        );
      out(`dead-lettered SMS ${rows.length}`);
      return rows.length === 0 ? 0 : 3;
    }
    if (command === "reconcile") {
      const { accepted, acknowledged } = await reconcileCounts(db);
      const missing = await unacknowledged(db);
      const dead = missing.filter((r) => r.dead_lettered_at);
      out(`accepted ${accepted} - acknowledged ${acknowledged} = ${accepted - acknowledged}`);
      for (const r of missing)
        out(
          [
            r.order_number,
            new Date(r.submitted_at).toISOString(),
            !r.outbox ? "no-outbox-record" : r.dead_lettered_at ? "dead-lettered" : "pending",
            `attempts=${r.attempts ?? 0}`,
            r.last_error ? `last_error=${JSON.stringify(r.last_error)}` : "",
          ]
            .filter(Boolean)
            .join(" "),
        );
      out(`dead-lettered ${dead.length}`);
      return accepted - acknowledged === 0 ? 0 : 3;
    }
    const { queue, fulfilment } = createFulfilment({
      env: { ...env, queue: { ...env.queue, worker: false } },
      db,
      clock: systemClock,
      log: { warn: () => undefined, info: () => undefined },
    });
    await queue.start();
    try {
      await fulfilment.prepare();
      const done = await fulfilment.redeliver(orderNumber!);
      out(done ? `${orderNumber} queued for delivery` : `${orderNumber} is not dead-lettered`);
      return done ? 0 : 1;
    } finally {
      await queue.stop();
    }
  } finally {
    if (!target.db) await db.close();
  }
}

/** The services' database as an operator command opens it (two connections, the same timeouts). */
function openOpsDatabase(env: ReturnType<typeof loadEnv>) {
  return openDatabase({
    databaseUrl: env.databaseUrl,
    dataDir: env.dataDir,
    max: 2,
    connectTimeoutMs: env.dbConnectTimeoutMs,
    queryTimeoutMs: env.dbQueryTimeoutMs,
  });
}
