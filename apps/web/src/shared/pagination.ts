import { isApiError } from "@portal/api-client";
import { notFound } from "@tanstack/react-router";

/** Items per listing page: the content service's default page size (content.yaml PageLimitQuery). */
export { DEFAULT_PAGE_SIZE as PAGE_SIZE, lastPage } from "@portal/api-client";

/**
 * A listing route's `?page=` as its search keeps it: page 1 (or none) is absent, so page 1's URL
 * and canonical have no `?page`; any other value is kept as written, for the loader to judge.
 */
export function pageSearch(value: unknown): string | undefined {
  const text = typeof value === "number" ? String(value) : value;
  return typeof text === "string" && text !== "" && text !== "1" ? text : undefined;
}

/**
 * The page number of a listing route's `?page=`: absent is 1; anything but a whole number from 2
 * (`0`, `-1`, `2.5`, `abc`, `02`) is the not-found page, as is a page past the last (the content
 * service's 400 naming `page`, see `isPageOutOfRange`).
 */
export function pageNumber(search: string | undefined): number {
  if (search === undefined) return 1;
  if (!/^[1-9][0-9]{0,4}$/.test(search)) throw notFound();
  return Number(search);
}

/**
 * The content service refused what a listing's URL asked for: a page past the last one or out of
 * range (400 naming `page`), or a filter value it does not know (400 naming `genre`). Such a URL
 * is nobody's link: the not-found page.
 */
export function isPageOutOfRange(error: unknown): boolean {
  if (!isApiError(error, "http") || error.statusCode !== 400) return false;
  const body = error.error as { field?: unknown } | undefined;
  return (
    typeof body === "object" && body !== null && (body.field === "page" || body.field === "genre")
  );
}
