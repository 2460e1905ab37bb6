import { maskPersonalData } from "@portal/validation";
import type { Lang } from "./language";

/** The product key used as content_type (fibre | tv). */
export type ProductKey = "fibre" | "tv";

/** Analytics events the portal sends (documented in README). */
export type AnalyticsEvent =
  | {
      event: "page_view";
      page_type: string;
      page_path: string;
      content_type?: ProductKey;
      content_id?: string;
    }
  | {
      event: "detail_view";
      page_type: string;
      content_id: string;
      content_type?: ProductKey;
      content_name?: string;
    }
  | { event: "search"; search_term: string; results: number; content_type?: ProductKey }
  | {
      event: "banner_close";
      banner: "announcement" | "promotion";
      banner_id?: string;
      via: "button" | "url";
      content_type?: ProductKey;
    };

declare global {
  interface Window {
    dataLayer?: Array<Record<string, unknown>>;
  }
}

const enabled = import.meta.env.VITE_ANALYTICS !== "false";

/**
 * Pushes an event to window.dataLayer (Google Tag Manager style), with the language. A page the
 * browser prerenders (speculation rules, src/shared/speculation-rules.ts) may never be shown: its
 * events wait until the visitor actually opens it.
 */
export function track(event: AnalyticsEvent, lang: Lang): void {
  if (!enabled || typeof window === "undefined") return;
  if ((document as Document & { prerendering?: boolean }).prerendering) {
    document.addEventListener("prerenderingchange", () => track(event, lang), { once: true });
    return;
  }
  window.dataLayer = window.dataLayer ?? [];
  const payload: Record<string, unknown> = { ...event, language: lang };
  for (const key of Object.keys(payload)) {
    const value = payload[key];
    if (value === undefined) delete payload[key];
    // A search term or a path may hold what a visitor typed: never a MyKad, phone or email.
    else if (typeof value === "string") payload[key] = maskPersonalData(value);
  }
  window.dataLayer.push(payload);
}
