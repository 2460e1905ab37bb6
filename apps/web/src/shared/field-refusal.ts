import { isApiError } from "@portal/api-client";
import { isMessageKey, type MessageKey } from "@portal/validation";

/** A service's refusal of one field: its name and the message key to show on it. */
export interface FieldRefusal {
  field: string;
  code: MessageKey;
}

/**
 * The field a service's 400 answer names (`{ field, code }`, the services' validation error),
 * with its message key: a key of @portal/validation as it is, any other `*.required` as
 * `validation.required`, anything else `validation.invalid`. Undefined for any other failure.
 */
export function fieldRefusal(error: unknown): FieldRefusal | undefined {
  if (!isApiError(error, "http") || error.statusCode !== 400) return undefined;
  const body = (typeof error.error === "object" && error.error !== null ? error.error : {}) as {
    field?: unknown;
    code?: unknown;
  };
  if (typeof body.field !== "string" || body.field === "body") return undefined;
  const code = typeof body.code === "string" ? body.code : "";
  return {
    field: body.field,
    code: isMessageKey(code)
      ? code
      : code.endsWith(".required")
        ? "validation.required"
        : "validation.invalid",
  };
}
