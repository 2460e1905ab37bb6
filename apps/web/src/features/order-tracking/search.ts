/**
 * The tracking page's own search parameters (issue 24): the outcome of a form the web server
 * handled for a visitor without scripts (src/server/tracking-forms.ts), and the cancel question.
 * Anything else is dropped.
 */
export const TRACKING_DONE = ["rescheduled", "cancelled"] as const;
export const TRACKING_ERRORS = [
  "tooLate",
  "limit",
  "taken",
  "notAllowed",
  "invalid",
  "pick",
  "cancelTooLate",
  "cancelFailed",
  "failed",
] as const;

export type TrackingDone = (typeof TRACKING_DONE)[number];
export type TrackingError = (typeof TRACKING_ERRORS)[number];

export interface TrackingSearch {
  done?: TrackingDone;
  error?: TrackingError;
  step?: "cancel";
}

const oneOf = <T extends string>(list: readonly T[], value: unknown): T | undefined =>
  list.includes(value as T) ? (value as T) : undefined;

/** The route's `validateSearch`: known values only. */
export function trackingSearch(search: Record<string, unknown>): TrackingSearch {
  const done = oneOf(TRACKING_DONE, search.done);
  const error = oneOf(TRACKING_ERRORS, search.error);
  const step = search.step === "cancel" ? ("cancel" as const) : undefined;
  return { ...(done ? { done } : {}), ...(error ? { error } : {}), ...(step ? { step } : {}) };
}

/**
 * What the page says of a refused change or cancellation: the service's status and body
 * (`{ code, field }`), or nothing (a network error, a 5xx): "failed".
 */
export function trackingErrorOf(
  action: "reschedule" | "cancel",
  statusCode: number | undefined,
  body: unknown,
): TrackingError {
  const code = (body as { code?: unknown } | undefined)?.code;
  if (action === "cancel")
    return statusCode === 409 && code === "order.notCancellable" ? "cancelTooLate" : "cancelFailed";
  if (statusCode === 400) return "invalid";
  if (statusCode !== 409) return "failed";
  switch (code) {
    case "order.reschedule.tooLate":
      return "tooLate";
    case "order.reschedule.limit":
      return "limit";
    case "order.slot.taken":
      return "taken";
    case "order.notReschedulable":
      return "notAllowed";
    default:
      return "failed";
  }
}
