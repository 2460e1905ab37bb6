import type { ServiceName } from "@portal/api-client";

/** Services whose base URL the portal needs: every service of openapi/ (@portal/openapi's SERVICES). */
export type ServiceKey = ServiceName;

/** Shape of window.__PORTAL_CONFIG__, set by /runtime-config.js before the app starts. */
export interface RuntimeConfig {
  apiBaseUrl?: string;
  services?: Partial<Record<ServiceKey, string>>;
}

declare global {
  interface Window {
    __PORTAL_CONFIG__?: RuntimeConfig;
  }
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
 * Base URL of one service. Order: run time (window.__PORTAL_CONFIG__.services, then .apiBaseUrl),
 * then build time (VITE_<SERVICE>_URL, then VITE_API_BASE_URL), then http://localhost:4000/<service>.
 */
export function serviceBaseUrl(
  service: ServiceKey,
  runtime: RuntimeConfig | undefined = globalThis.window?.__PORTAL_CONFIG__,
): string {
  const explicit = runtime?.services?.[service] ?? buildTime[service];
  if (explicit) return trimSlash(explicit);
  const base = runtime?.apiBaseUrl ?? import.meta.env.VITE_API_BASE_URL ?? DEFAULT_API_BASE_URL;
  return `${trimSlash(base)}/${service}`;
}
