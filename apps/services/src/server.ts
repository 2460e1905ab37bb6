import { buildApp } from "./app.js";
import { loadEnv, type Env } from "./lib/env.js";

// One process serves every service on PORT (default 4000).
let env: Env;
try {
  env = loadEnv();
} catch (error) {
  // e.g. production with a development secret: say which variable, without a stack.
  console.error((error as Error).message);
  process.exit(1);
}
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
