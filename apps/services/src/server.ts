import { buildApp } from "./app.js";
import { loadEnv } from "./lib/env.js";

// One process serves every service on PORT (default 4000).
const env = loadEnv();
const app = await buildApp();
const close = async (signal: string) => {
  app.log.info({ signal }, "shutting down");
  await app.close();
  process.exit(0);
};
process.once("SIGINT", () => void close("SIGINT"));
process.once("SIGTERM", () => void close("SIGTERM"));
try {
  await app.listen({ port: env.port, host: env.host });
} catch (error) {
  app.log.error({ err: error }, "could not start");
  process.exit(1);
}
