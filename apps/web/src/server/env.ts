/** The web server's settings, read once from the environment (README: "Web server settings"). */
export interface WebEnv {
  port: number;
  host: string;
  siteUrl: string;
  /** Public origin of the services (what the browser calls); /<service> below it. */
  apiBaseUrl: string;
  /** What the server itself calls, when the services have a private address. */
  internalApiBaseUrl: string | undefined;
  firstByteMs: number;
  contentTimeoutMs: number;
  /** How long a content answer the services confirmed is used with no round trip (ms; 0: off). */
  contentFreshMs: number;
  cacheSeconds: number;
  staleSeconds: number;
  cacheEntries: number;
  whatsappNumber: string | undefined;
  production: boolean;
  /** Renders of pages not in the cache: at once, waiting at most, and the longest wait (ms). */
  renders: { concurrency: number; maxQueue: number; maxWaitMs: number };
  /** HTTP timeouts (ms), the services' names and defaults. */
  timeouts: { headersMs: number; bodyMs: number; keepAliveMs: number; idleMs: number };
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`${name} must be an integer >= ${min} (got "${raw}")`);
  }
  return value;
}

function origin(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const raw = env[name] || fallback;
  try {
    const url = new URL(raw);
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error("protocol");
    return raw.replace(/\/+$/, "");
  } catch {
    throw new Error(`${name} must be an http(s) URL (got "${raw}")`);
  }
}

/** Parses the environment; a wrong value stops the server at once with the variable's name. */
export function readWebEnv(env: NodeJS.ProcessEnv = process.env): WebEnv {
  const port = integer(env, "WEB_PORT", integer(env, "PORT", 3000, 1), 1);
  const host = env.HOST || "localhost";
  return {
    port,
    host,
    siteUrl: origin(env, "PUBLIC_URL", `http://localhost:${port}`),
    apiBaseUrl: origin(env, "API_BASE_URL", env.VITE_API_BASE_URL || "http://localhost:4000"),
    internalApiBaseUrl: env.INTERNAL_API_BASE_URL
      ? origin(env, "INTERNAL_API_BASE_URL", "")
      : undefined,
    firstByteMs: integer(env, "FIRST_BYTE_BUDGET_MS", 400),
    contentTimeoutMs: integer(env, "CONTENT_TIMEOUT_MS", 8000, 1),
    contentFreshMs: integer(env, "CONTENT_FRESH_MS", 1000),
    cacheSeconds: integer(env, "PAGE_CACHE_SECONDS", 300),
    staleSeconds: integer(env, "PAGE_STALE_SECONDS", 86_400),
    cacheEntries: integer(env, "PAGE_CACHE_ENTRIES", 1000),
    whatsappNumber: env.WHATSAPP_NUMBER || undefined,
    production: env.NODE_ENV === "production",
    renders: {
      concurrency: integer(env, "RENDER_CONCURRENCY", 4, 1),
      maxQueue: integer(env, "RENDER_QUEUE", 64),
      maxWaitMs: integer(env, "RENDER_WAIT_MS", 10_000, 1),
    },
    timeouts: {
      headersMs: integer(env, "HEADERS_TIMEOUT_MS", 10_000, 1),
      bodyMs: integer(env, "BODY_TIMEOUT_MS", 10_000, 1),
      keepAliveMs: integer(env, "KEEP_ALIVE_TIMEOUT_MS", 5_000, 1),
      idleMs: integer(env, "IDLE_TIMEOUT_MS", 30_000, 1),
    },
  };
}

/** What the app's modules read from `globalThis.__PORTAL_CONFIG__` on the server (set before they load). */
export function serverPortalConfig(env: WebEnv) {
  return {
    apiBaseUrl: env.apiBaseUrl,
    ...(env.internalApiBaseUrl ? { internal: { apiBaseUrl: env.internalApiBaseUrl } } : {}),
    timeout: env.contentTimeoutMs,
    ...(env.whatsappNumber ? { whatsappNumber: env.whatsappNumber } : {}),
  };
}
