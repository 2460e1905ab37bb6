import type { ServiceName } from "@portal/api-client";

/** Services whose base URL the portal needs: every service of openapi/ (@portal/openapi's SERVICES). */
export type ServiceKey = ServiceName;

/** Base URLs: one origin under which each service lives at /<service>, and per-service overrides. */
export interface ServiceUrls {
  apiBaseUrl?: string;
  services?: Partial<Record<ServiceKey, string>>;
}

/**
 * Shape of globalThis.__PORTAL_CONFIG__. In the browser the server writes it into the page's first
 * script (the public URLs only); on the server, src/server/main.ts sets it from the environment
 * before the app's modules load, with `internal` naming the URLs the server itself calls (a
 * private network name, say) when they differ from the public ones.
 */
export interface RuntimeConfig extends ServiceUrls {
  internal?: ServiceUrls;
  /** Timeout of the server's own calls in ms (the browser keeps SPEC's 60 s). */
  timeout?: number;
  /** The WhatsApp number the startup failure page shows when the configuration is unreadable. */
  whatsappNumber?: string;
  /**
   * The server's fetch for its own calls: checks each answer against its contract before a page
   * is rendered from it (src/server/response-checks.ts). Server only.
   */
  fetch?: typeof globalThis.fetch;
}

declare global {
  var __PORTAL_CONFIG__: RuntimeConfig | undefined;
}

const DEFAULT_API_BASE_URL = "http://localhost:4000";

const buildTime: Record<ServiceKey, string | undefined> = {
  content: import.meta.env.VITE_CONTENT_URL,
  config: import.meta.env.VITE_CONFIG_URL,
  address: import.meta.env.VITE_ADDRESS_URL,
  shop: import.meta.env.VITE_SHOP_URL,
  marketing: import.meta.env.VITE_MARKETING_URL,
  uploads: import.meta.env.VITE_UPLOADS_URL,
};

const trimSlash = (url: string) => url.replace(/\/+$/, "");

/**
 * Public base URL of one service (what the browser calls, and what pages link to). Order: run time
 * (__PORTAL_CONFIG__.services, then .apiBaseUrl), then build time (VITE_<SERVICE>_URL, then
 * VITE_API_BASE_URL), then http://localhost:4000/<service>.
 */
export function serviceBaseUrl(
  service: ServiceKey,
  runtime: ServiceUrls | undefined = globalThis.__PORTAL_CONFIG__,
): string {
  const explicit = runtime?.services?.[service] ?? buildTime[service];
  if (explicit) return trimSlash(explicit);
  const base = runtime?.apiBaseUrl ?? import.meta.env.VITE_API_BASE_URL ?? DEFAULT_API_BASE_URL;
  return `${trimSlash(base)}/${service}`;
}

/** The base URL this process calls: the server's internal URL when one is set, else the public one. */
export function callBaseUrl(
  service: ServiceKey,
  runtime: RuntimeConfig | undefined = globalThis.__PORTAL_CONFIG__,
): string {
  const internal = runtime?.internal;
  if (internal?.services?.[service]) return trimSlash(internal.services[service]);
  if (internal?.apiBaseUrl) return `${trimSlash(internal.apiBaseUrl)}/${service}`;
  return serviceBaseUrl(service, runtime);
}
