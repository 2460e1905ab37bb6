import { notFound } from "@tanstack/react-router";
import { isNotFoundError } from "./api";
import type { ContentBudget } from "./content-budget";
import { isPageOutOfRange } from "./pagination";

/**
 * Awaits a loader prefetch and turns a service 404 into the router's not-found page, as well as a
 * listing page past the last one (the service's 400 naming `page`: a `?page=` nobody links to).
 */
export async function orNotFound<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (isNotFoundError(error) || isPageOutOfRange(error)) throw notFound();
    throw error;
  }
}

/**
 * A content route's loader: starts the page's queries and waits for them within the request's
 * budget (see ContentBudget). A service 404 within the budget is the not-found page (status 404).
 */
export function loadContent(
  context: { budget: ContentBudget },
  work: Promise<unknown>,
): Promise<void> {
  return context.budget.wait(orNotFound(work));
}

/** What a route's loader answers to give the page another status than 200 (an ended campaign). */
export interface LoaderStatus {
  httpStatus?: 410;
}

/**
 * The status a page's loaders asked for (`{ httpStatus }` in a match's loader data), if any: the
 * server answers it instead of 200.
 */
export function loaderStatus(
  matches: ReadonlyArray<{ loaderData?: unknown }>,
): LoaderStatus["httpStatus"] {
  for (const match of matches) {
    const status = (match.loaderData as LoaderStatus | undefined)?.httpStatus;
    if (status) return status;
  }
  return undefined;
}
