import { bannerStorageKey } from "../features/banners/api/get-highlights";
import type { RuntimeConfig } from "./env";
import { speculationRulesBoot } from "./speculation-rules";
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  LANGUAGE_PARAM,
  LANGUAGE_STORAGE_KEY,
  bootScript,
} from "./language";

/** The class the first script puts on <html> for a banner closed earlier in the session. */
export const closedBannerClass = (kind: "announcement" | "promotion") => `portal-closed-${kind}`;

/** What the browser may know of the runtime configuration (no internal URLs, no timeout). */
export function publicRuntimeConfig(
  runtime: RuntimeConfig | undefined = globalThis.__PORTAL_CONFIG__,
) {
  return {
    ...(runtime?.apiBaseUrl ? { apiBaseUrl: runtime.apiBaseUrl } : {}),
    ...(runtime?.services ? { services: runtime.services } : {}),
    ...(runtime?.whatsappNumber ? { whatsappNumber: runtime.whatsappNumber } : {}),
  };
}

/** The page's first inline script (language, closed banners, public runtime configuration). */
export function pageBootScript(): string {
  const boot = bootScript({
    param: LANGUAGE_PARAM,
    storageKey: LANGUAGE_STORAGE_KEY,
    defaultLanguage: DEFAULT_LANGUAGE,
    languages: LANGUAGES,
    closedBanners: (["announcement", "promotion"] as const).map((kind) => ({
      key: bannerStorageKey(kind),
      className: closedBannerClass(kind),
    })),
    runtimeConfig: publicRuntimeConfig(),
    heldSubmitMs: 10_000,
  });
  return `${boot};${speculationRulesBoot()}`;
}

/** The first script's source, for the server's Content-Security-Policy hash. */
export const bootScriptSource = (): string => pageBootScript();
