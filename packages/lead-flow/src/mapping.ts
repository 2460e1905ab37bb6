import type { FieldError } from "@portal/validation";

/** The code every unusable entitled-fibre answer maps to (SPEC 8). */
export const ASTRO_FIBRE_INVALID_TOKEN = "ASTRO_FIBRE_INVALID_TOKEN";

// These first error codes mean the token cannot be used, whatever the backend said.
const INVALID_TOKEN_CODES: ReadonlySet<string> = new Set([
  "AWS_DYNAMODB_GET_FAILED",
  "SMC_MANDATORY",
]);

/** A failure as @portal/api-client throws it: `{ statusCode, error }` with error the body. */
interface FailureLike {
  statusCode?: unknown;
  error?: unknown;
}

const bodyOf = (failure: unknown): unknown =>
  failure !== null && typeof failure === "object" && "error" in failure
    ? (failure as FailureLike).error
    : failure;

const recordOf = (value: unknown): Record<string, unknown> | undefined =>
  value !== null && typeof value === "object" ? (value as Record<string, unknown>) : undefined;

/**
 * Maps an entitled-fibre failure (or its body) to an error code (SPEC 8): no error, no first
 * errorCode, AWS_DYNAMODB_GET_FAILED or SMC_MANDATORY give ASTRO_FIBRE_INVALID_TOKEN; anything else
 * gives the first error's errorCode.
 */
export function mapEntitledError(failure: unknown): string {
  const errors = recordOf(bodyOf(failure))?.errors;
  const first = Array.isArray(errors) ? recordOf(errors[0]) : undefined;
  const code = first?.errorCode;
  if (typeof code !== "string" || code === "" || INVALID_TOKEN_CODES.has(code)) {
    return ASTRO_FIBRE_INVALID_TOKEN;
  }
  return code;
}

/** Which part of a lead update was refused (SPEC 8). */
export interface LeadUpdateFlags {
  isPhoneNumberInValid: boolean;
  isAlternateNumberInValid: boolean;
  isEmailInValid: boolean;
  /** Any other key: the lead's address is not in coverage. */
  isErrorNotInCoverage: boolean;
}

/** All flags false. */
export const NO_LEAD_UPDATE_FLAGS: Readonly<LeadUpdateFlags> = Object.freeze({
  isPhoneNumberInValid: false,
  isAlternateNumberInValid: false,
  isEmailInValid: false,
  isErrorNotInCoverage: false,
});

/** Sets the flag of one error key: phoneNumber, alternatePhoneNumber, email, or anything else. */
function flagKey(flags: LeadUpdateFlags, key: unknown): void {
  if (key === "phoneNumber") flags.isPhoneNumberInValid = true;
  else if (key === "alternatePhoneNumber") flags.isAlternateNumberInValid = true;
  else if (key === "email") flags.isEmailInValid = true;
  else flags.isErrorNotInCoverage = true;
}

/**
 * Maps a lead-update failure to flags. Reads `errors[].context.key` of a LeadUpdateError body, or
 * the `field` of a 400 validation body; returns undefined when the failure has neither.
 */
export function mapLeadUpdateErrors(failure: unknown): LeadUpdateFlags | undefined {
  const body = recordOf(bodyOf(failure));
  if (!body) return undefined;
  const flags: LeadUpdateFlags = { ...NO_LEAD_UPDATE_FLAGS };
  if (Array.isArray(body.errors) && body.errors.length > 0) {
    for (const item of body.errors) flagKey(flags, recordOf(recordOf(item)?.context)?.key);
    return flags;
  }
  if (typeof body.field === "string" && body.field !== "") {
    flagKey(flags, body.field);
    return flags;
  }
  return undefined;
}

/** Maps client-side field errors of the lead contact details to the same flags. */
export function flagsFromFieldErrors(errors: readonly FieldError[]): LeadUpdateFlags {
  const flags: LeadUpdateFlags = { ...NO_LEAD_UPDATE_FLAGS };
  for (const { field } of errors) {
    if (field === "phoneNumber" || field === "alternatePhoneNumber" || field === "email") {
      flagKey(flags, field);
    }
  }
  return flags;
}

/** The OTP mock flag: true whenever the environment is not production (SPEC 7). */
export function isMockEnvironment(environment: string | undefined): boolean {
  return environment !== "production";
}
