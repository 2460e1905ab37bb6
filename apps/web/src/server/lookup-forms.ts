import {
  SEARCH_QUERY_MAX_LENGTH,
  isReferralCode,
  maskPersonalData,
  maskUrl,
  normaliseReferralCode,
} from "@portal/validation";

/**
 * The lookups whose text is the page's address, by path: the field the form sends and the search
 * parameter it becomes. Without scripts they post (as every form does) and the server answers
 * 303 to the address the app would have navigated to, with personal data masked.
 */
const LOOKUPS: Readonly<Record<string, { field: string; param: string }>> = {
  "/search": { field: "keyword", param: "keyword" },
  "/support": { field: "q", param: "q" },
  "/referral": { field: "code", param: "code" },
};

/** Largest lookup form body read (a search of 100 characters and the language, encoded). */
export const LOOKUP_BODY_LIMIT = 4096;

const pathOf = (url: string) => url.split(/[?#]/, 1)[0] ?? "/";

/** Tells whether a posted form's body is read: a lookup's, sent as a URL-encoded form. */
export function readsLookupBody(url: string, contentType: string | undefined): boolean {
  return (
    pathOf(url) in LOOKUPS &&
    (contentType ?? "").split(";", 1)[0]?.trim().toLowerCase() ===
      "application/x-www-form-urlencoded"
  );
}

/** The lookup text as the address carries it: normalised, cut to length, personal data masked. */
function addressValue(path: string, typed: string): string {
  const text = typed.trim().replace(/\s+/g, " ").slice(0, SEARCH_QUERY_MAX_LENGTH);
  if (path === "/referral") {
    const code = normaliseReferralCode(text);
    // A code is letters and digits: a phone number or a MyKad passes its rule, so mask first.
    return isReferralCode(code) && maskPersonalData(code) === code ? code : maskPersonalData(text);
  }
  return maskPersonalData(text);
}

/**
 * Where a form posted without scripts is sent again (303, GET): the lookup's address with its
 * text masked (the language kept), or the page it was posted to. No other field is ever read
 * into an address: a MyKad or a phone number never reaches a URL, a log or a cache.
 */
export function postedFormLocation(url: string, body: string | undefined): string {
  const safeUrl = maskUrl(`/${url.replace(/^[/\\]+/, "")}`);
  const path = pathOf(safeUrl);
  const lookup = LOOKUPS[path];
  if (!lookup || body === undefined) return safeUrl;
  const form = new URLSearchParams(body);
  const typed = form.get(lookup.field);
  if (typed === null) return safeUrl;
  const params = new URLSearchParams(safeUrl.slice(path.length + 1));
  const search = new URLSearchParams();
  const value = addressValue(path, typed);
  if (value) search.set(lookup.param, value);
  const language = form.get("language") ?? params.get("language");
  if (language === "en") search.set("language", "en");
  const query = search.toString().replace(/\+/g, "%20");
  return query ? `${path}?${query}` : path;
}
