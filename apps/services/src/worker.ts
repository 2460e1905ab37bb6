// The delivery worker on its own (`pnpm --filter @portal/services worker`): the services run
// with QUEUE_WORKER=false and this process delivers the queued orders. Same settings as the
// services (DATABASE_URL or PGlite in DATA_DIR, which one process holds at a time: on PGlite the
// worker normally runs inside the services process instead), same FULFILMENT_* and SMS_*
// variables: it delivers the orders and sends the SMS.
// SIGTERM/SIGINT: the deliveries in hand finish, then it exits 0.
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { openDatabase } from "./db/database.js";
import { migrate } from "./db/migrate.js";
import { systemClock } from "./lib/clock.js";
import { loadEnv } from "./lib/env.js";
import { createFulfilment } from "./services/index.js";

/** Starts the workers; resolves with a function that stops them and closes the database. */
export async function startWorker(log: (line: Record<string, unknown>) => void) {
  const env = loadEnv();
  const db = await openDatabase({
    databaseUrl: env.databaseUrl,
    dataDir: env.dataDir,
    max: env.fulfilment.concurrency + 2,
    connectTimeoutMs: env.dbConnectTimeoutMs,
    queryTimeoutMs: env.dbQueryTimeoutMs,
  });
  await migrate(db);
  const logger = {
    warn: (obj: Record<string, unknown>, msg: string) =>
      log({ level: "warn", msg, ...obj, err: (obj.err as Error | undefined)?.message }),
    info: (obj: Record<string, unknown>, msg: string) => log({ level: "info", msg, ...obj }),
  };
  const { queue, fulfilment, sms } = createFulfilment({
    env: { ...env, queue: { ...env.queue, worker: true } },
    db,
    clock: systemClock,
    log: logger as never,
  });
  await queue.start();
  await fulfilment.startWorkers();
  await sms.startWorkers();
  log({
    level: "info",
    msg: "worker started",
    target: fulfilment.target.name,
    sms: sms.provider.name,
    pid: process.pid,
  });
  return async () => {
    await sms.stopWorkers();
    await fulfilment.stopWorkers();
    await queue.stop(env.timeouts.shutdownMs);
    await db.close();
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const log = (line: Record<string, unknown>) =>
    console.log(JSON.stringify({ time: new Date().toISOString(), ...line }));
  try {
    const stop = await startWorker(log);
    let stopping = false;
    for (const signal of ["SIGTERM", "SIGINT"] as const)
      process.on(signal, () => {
        if (stopping) return;
        stopping = true;
        log({ level: "info", msg: "worker stopping", signal });
        stop().then(
          () => process.exit(0),
          (error: unknown) => {
            console.error((error as Error).message);
            process.exit(1);
          },
        );
      });
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
