import { hasPersonalData } from "@portal/validation";

/**
 * What a page's cache key is made of: its path and only the query parameters that change what
 * the page shows. Each route's parameters are the ones its `validateSearch` reads (plus `page`
 * on the paginated listings); the root route's `language` and the banners' close parameters apply
 * to every page. Anything else (utm_*, fbclid, gclid, a typo, a random cache-buster) is left out,
 * so a visitor cannot make the server render and keep a new copy of a page per request.
 *
 * A route added with a `validateSearch` adds its parameters here (the unit test lists them).
 */

/** Parameters every page reads: the language (root route) and the banners' close parameters. */
export const GLOBAL_PARAMS = ["language", "hideAnnouncement", "hidePromotion"] as const;

/** Per path (exact, or a prefix ending in "/"), the parameters that change the page. */
export const ROUTE_PARAMS: ReadonlyArray<{ path: string; params: readonly string[] }> = [
  { path: "/channels", params: ["genre", "page"] },
  { path: "/movies", params: ["page"] },
  { path: "/packages", params: ["page"] },
  { path: "/store", params: ["page"] },
  { path: "/distributors", params: ["state", "page"] },
  { path: "/support", params: ["q", "page"] },
  { path: "/search", params: ["keyword", "q", "page"] },
  { path: "/coverage", params: ["product", "package", "addOn", "referral", "postcode"] },
  { path: "/signup", params: ["product"] },
  { path: "/signup/confirmation", params: ["product"] },
  { path: "/register-interest", params: ["product"] },
  { path: "/entitled-fibre", params: ["token"] },
  { path: "/referral", params: ["code"] },
  // Issue 24: the outcome of a tracking form posted without scripts, and the cancel question.
  { path: "/track/", params: ["done", "error", "step"] },
];

/**
 * Paths whose last segment is a credential (issue 24: an order's tracking token, a handoff code,
 * a coverage SMS's token): one visitor's page, rendered for them only and never kept
 * (Cache-Control: private, no-store).
 */
export const PRIVATE_PATHS: readonly string[] = ["/track/", "/signup/continue/", "/signup/notify/"];

/** A path as logged: the credential of a PRIVATE_PATHS path redacted. */
export function loggedPath(pathname: string): string {
  const prefix = PRIVATE_PATHS.find((p) => pathname.startsWith(p));
  return prefix ? `${prefix}[Redacted]` : pathname;
}

/** A value longer than this is not a real filter or search: such a URL is not kept. */
const MAX_VALUE_LENGTH = 200;

/** The parameters that change the page at `pathname`. */
export function paramsOf(pathname: string): readonly string[] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const route = ROUTE_PARAMS.find((item) =>
    item.path.endsWith("/") ? path.startsWith(item.path) : item.path === path,
  );
  return [...GLOBAL_PARAMS, ...(route?.params ?? [])];
}

/**
 * True when a value looks like personal data (a MyKad number, a Malaysian phone number as people
 * type it, an email): the one rule of `@portal/validation` that also masks logs and analytics.
 */
export const looksPersonal = hasPersonalData;

/** What the server does with one request's URL. */
export interface CacheKey {
  /** Path and kept parameters, sorted: the cache key, also the URL the page is rendered for. */
  key: string;
  /**
   * False when the URL is not to be kept or shared: a kept parameter that looks like personal
   * data (Cache-Control: private, no-store), or a value too long to be a real filter.
   */
  cacheable: boolean;
  /** Why it is not cacheable ("personal", "long", "private" path), for the tests and the logs. */
  reason?: "personal" | "long" | "private";
  /**
   * True when a parameter left out of the key looks like personal data: the kept copy is served
   * (no render per such URL), with Cache-Control: private, no-store (no CDN keeps the URL).
   */
  privateUrl?: true;
}

/**
 * The cache key of a request URL (path and query): the path, and the route's own parameters in a
 * fixed order (a parameter given twice keeps its first value, as the router reads it).
 */
export function cacheKeyOf(url: string): CacheKey {
  const parsed = new URL(url, "http://portal.invalid");
  const kept = new URLSearchParams();
  let reason: CacheKey["reason"];
  for (const name of [...paramsOf(parsed.pathname)].sort()) {
    const value = parsed.searchParams.get(name);
    if (value === null) continue;
    if (value.length > MAX_VALUE_LENGTH) reason ??= "long";
    if (looksPersonal(value)) reason = "personal";
    kept.set(name, value);
  }
  // A dropped parameter is not in the key or the page, so the kept copy serves it; but it is in
  // the URL a CDN or a proxy would keep and log: such an answer is private, no-store.
  let privateUrl = false;
  for (const [name, value] of parsed.searchParams)
    if (!kept.has(name) && looksPersonal(value)) privateUrl = true;
  const query = kept.toString();
  const key = `${parsed.pathname}${query ? `?${query}` : ""}`;
  if (PRIVATE_PATHS.some((prefix) => parsed.pathname.startsWith(prefix)))
    return { key, cacheable: false, reason: "private" };
  if (reason) return { key, cacheable: false, reason };
  return privateUrl ? { key, cacheable: true, privateUrl } : { key, cacheable: true };
}
