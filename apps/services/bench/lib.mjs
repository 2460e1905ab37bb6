// Shared pieces of the benchmark scripts: a services child process, autocannon runs, figures.
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

/** Production-like settings: real secrets, no response checking, no logs. */
export const PRODUCTION_ENV = {
  PORTAL_ENV: "production",
  TOKEN_SECRET: "bench-token-secret-0123456789abcdefghijkl",
  UPLOAD_SECRET: "bench-upload-secret-0123456789abcdefghijk",
  OTP_SECRET: "bench-otp-secret-0123456789abcdefghijklmno",
  ALTCHA_HMAC_KEY: "bench-altcha-key-0123456789abcdefghijklmn",
  MARKETING_API_KEY: "bench-marketing-key-0123456789abcdefghij",
  ALLOW_PGLITE_IN_PRODUCTION: "true",
  DOCUMENT_KEYS: `bench:${Buffer.alloc(32, 7).toString("base64")}`,
  LOG_LEVEL: "silent",
  // Production refuses to start without a fulfilment endpoint. No benchmark here but
  // bench:orders (its own stub) places orders, so a closed port is enough.
  FULFILMENT_URL: "http://127.0.0.1:9/fulfilment",
  FULFILMENT_SECRET: "bench-fulfilment-secret-0123456789abcdefgh",
  // Production refuses the SMS stand-in too; a closed port: codes and tracking SMS are retried
  // and dead-lettered in the background, never in a request's path.
  SMS_PROVIDER: "twilio-compatible",
  SMS_API_URL: "http://127.0.0.1:9",
  SMS_ACCOUNT_SID: "ACbench",
  SMS_AUTH_TOKEN: "bench-sms-token",
  SMS_FROM: "SURIA",
  // Production refuses to start without the portal's public origin (the SMS links).
  WEB_URL: "https://www.suria.example",
};

/** Starts bench/services.mjs (or `script`) with `env`; resolves with its URL and an IPC helper. */
export async function startServices(env, script = "./services.mjs") {
  const child = fork(fileURLToPath(new URL(script, import.meta.url)), {
    execArgv: ["--import", "tsx", "--conditions=@portal/source", "--expose-gc"],
    env: { ...process.env, ...env },
  });
  const info = await new Promise((resolve, reject) => {
    child.once("message", resolve);
    child.once("exit", (code) => reject(new Error(`services exited with ${code}`)));
  });
  const ask = (message, key) =>
    new Promise((resolve) => {
      const on = (reply) => {
        if (reply && key in reply) {
          child.off("message", on);
          resolve(reply[key]);
        }
      };
      child.on("message", on);
      child.send(message);
    });
  return {
    ...info,
    child,
    cpu: () => ask("cpu", "cpu"),
    rss: () => ask("rss", "rss"),
    metrics: () => ask("metrics", "metrics"),
    door: () => ask("door", "door"),
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", resolve);
        child.send("stop");
      }),
  };
}

/** One autocannon run; resolves with its result. */
export const cannon = (opts) =>
  new Promise((resolve, reject) => {
    autocannon(opts, (error, result) => (error ? reject(error) : resolve(result)));
  });

/** Status counts of an autocannon result, e.g. { 200: 1234, 429: 5 }. */
export const statuses = (result) =>
  Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([k, v]) => [k, v.count]));

/** The 1-minute load average, for the figures' context. */
export const loadAverage = async () => (await import("node:os")).loadavg()[0].toFixed(2);
