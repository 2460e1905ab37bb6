import { maskPersonalData } from "@portal/validation";

/**
 * Search-string codec for the router: every value stays a string. TanStack Router JSON-parses
 * search values by default, which would turn a postcode "01000" into the number 1000.
 */
export function parseSearch(searchStr: string): Record<string, string> {
  const params = new URLSearchParams(searchStr.startsWith("?") ? searchStr.slice(1) : searchStr);
  const result: Record<string, string> = {};
  for (const [key, value] of params) result[key] = value;
  return result;
}

/** Writes search values as plain strings; undefined, null and "" are left out. */
export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null || value === "") continue;
    params.set(key, typeof value === "object" ? JSON.stringify(value) : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** Reads an optional string search value (route validateSearch helper). */
export function optionalString(value: unknown): string | undefined {
  if (typeof value === "number") return String(value);
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

/**
 * Reads an optional string search value with personal data masked: a lookup's text (`?keyword=`,
 * `?q=`) that a link, not the page's own form, may have filled with a MyKad, a phone or an email.
 */
export function maskedString(value: unknown): string | undefined {
  const text = optionalString(value);
  return text === undefined ? undefined : maskPersonalData(text);
}
