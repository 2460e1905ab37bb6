import { isApiError } from "@portal/api-client";
import { trackingErrorOf, type TrackingError } from "../features/order-tracking/search";
import { trackingApi } from "../shared/lead-flow";
import type { Lang } from "../shared/language";
import { postedFormLocation } from "./lookup-forms";

/**
 * Issue 24: the tracking page's forms posted without scripts (change the installation slot,
 * cancel the order). The web server reads the form (URL-encoded, at most TRACKING_BODY_LIMIT), asks
 * the shop service as the page would, and answers 303 to the tracking page with the outcome:
 * `?done=rescheduled|cancelled` or `?error=<reason>` (features/order-tracking/search.ts), the
 * language kept. Nothing of the form reaches a URL but that outcome; the page stays private.
 */

/**
 * What the server asks the shop service (the tracking link is the credential), for the visitor
 * at `clientIp`: the services count their rate limits per visitor (`X-Forwarded-For`, read when
 * they trust the web server as a proxy, TRUST_PROXY), not per web server.
 */
export interface TrackingActions {
  reschedule(
    token: string,
    lang: Lang,
    choice: { date: string; slot: "morning" | "afternoon" },
    clientIp: string,
  ): Promise<unknown>;
  cancel(token: string, lang: Lang, clientIp: string): Promise<unknown>;
}

/** The server's fetch with the visitor's address added as `X-Forwarded-For`. */
function forwardingFetch(clientIp: string): typeof fetch {
  return (input, init) => {
    const request = new Request(input, init);
    request.headers.set("x-forwarded-for", clientIp);
    return (globalThis.__PORTAL_CONFIG__?.fetch ?? fetch)(request);
  };
}

/** The shop service's operations, through the page's own client (no ETag cache). */
export const serviceTrackingActions = (): TrackingActions => ({
  reschedule: (token, lang, choice, clientIp) =>
    trackingApi(forwardingFetch(clientIp)).shop.rescheduleOrder(choice, {
      params: { token, lang },
    }),
  cancel: (token, lang, clientIp) =>
    trackingApi(forwardingFetch(clientIp)).shop.cancelOrder({ token, lang }),
});

/** Largest tracking form body read (an action, a slot and the language, encoded). */
export const TRACKING_BODY_LIMIT = 1024;

/** `/track/<token>`: a token is letters, digits, dots, dashes and underscores. */
const TRACK_PATH = /^\/track\/([A-Za-z0-9._-]{1,100})$/;

const pathOf = (url: string) => url.split(/[?#]/, 1)[0] ?? "/";

/** The tracking token of a posted URL, when it is a tracking page's. */
export function trackingTokenOf(url: string): string | undefined {
  return TRACK_PATH.exec(pathOf(url))?.[1];
}

/** Tells whether a posted form's body is read: a tracking page's, sent URL-encoded. */
export function readsTrackingBody(url: string, contentType: string | undefined): boolean {
  return (
    trackingTokenOf(url) !== undefined &&
    (contentType ?? "").split(";", 1)[0]?.trim().toLowerCase() ===
      "application/x-www-form-urlencoded"
  );
}

const CHOICE = /^(\d{4}-\d{2}-\d{2})\/(morning|afternoon)$/;

/**
 * Sends a tracking page's form and answers where the browser goes next (303): the page with the
 * outcome. An unknown action, or a body that could not be read, goes back to the page as it was.
 */
export async function trackingFormLocation(
  url: string,
  body: string | undefined,
  actions: TrackingActions,
  clientIp: string,
): Promise<string> {
  const token = trackingTokenOf(url);
  if (!token) return postedFormLocation(url, undefined);
  const form = new URLSearchParams(body ?? "");
  const params = new URLSearchParams(url.slice(pathOf(url).length + 1));
  const lang: Lang = (form.get("language") ?? params.get("language")) === "en" ? "en" : "bm";
  const page = (outcome: Record<string, string>) => {
    const search = new URLSearchParams(outcome);
    if (lang === "en") search.set("language", "en");
    const query = search.toString();
    return `/track/${token}${query ? `?${query}` : ""}`;
  };
  const action = form.get("action");
  if (action !== "reschedule" && action !== "cancel") return page({});
  const refused = (cause: unknown): TrackingError => {
    const http = isApiError(cause, "http");
    return trackingErrorOf(
      action,
      http ? cause.statusCode : undefined,
      http ? cause.error : undefined,
    );
  };
  if (action === "cancel") {
    try {
      await actions.cancel(token, lang, clientIp);
      return page({ done: "cancelled" });
    } catch (cause) {
      if (isApiError(cause, "http") && cause.statusCode === 404) return page({});
      return page({ error: refused(cause) });
    }
  }
  const choice = CHOICE.exec(form.get("choice") ?? "");
  if (!choice) return page({ error: "pick" });
  try {
    await actions.reschedule(
      token,
      lang,
      { date: choice[1]!, slot: choice[2] as "morning" | "afternoon" },
      clientIp,
    );
    return page({ done: "rescheduled" });
  } catch (cause) {
    // A link that is no longer good: the page says 404 itself, and nothing more.
    if (isApiError(cause, "http") && cause.statusCode === 404) return page({});
    return page({ error: refused(cause) });
  }
}
