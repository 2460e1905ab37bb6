import { isApiError } from "@portal/api-client";

/** The digest the server gives content it could not render in time (see entry-server.tsx). */
export const CONTENT_UNAVAILABLE_DIGEST = "portal:content-unavailable";

/** A failure the server reports for content that was late or failed (services slow or down). */
export function isContentFailure(error: unknown): boolean {
  return isApiError(error);
}

/** True for the server's content failures as they reach the browser (by digest). */
export function isExpectedServerError(error: unknown): boolean {
  const digest = (error as { digest?: unknown } | null)?.digest;
  const cause = (error as { cause?: { digest?: unknown } } | null)?.cause;
  return digest === CONTENT_UNAVAILABLE_DIGEST || cause?.digest === CONTENT_UNAVAILABLE_DIGEST;
}
