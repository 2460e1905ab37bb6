/** Why a call failed; callers branch on this, never on the message text. */
export type ApiErrorCode =
  /** The server answered with a non-2xx status. */
  | "http"
  /** No answer within the configured timeout. */
  | "timeout"
  /** The caller's AbortSignal fired. */
  | "aborted"
  /** The request never got an answer (DNS, refused connection, CORS, offline). */
  | "network"
  /** A 2xx answer whose JSON body could not be parsed. */
  | "invalid-response"
  /** A token-gated operation was called without a token. */
  | "missing-token"
  /** The client was created or called with a bad option. */
  | "invalid-option";

/** The plain shape of a failure (SPEC section 8): what `ApiError#toJSON()` returns. */
export interface ApiFailure<E = unknown> {
  success: false;
  statusCode: number;
  error: E;
}

/** Text used as `error` when the failure has no response body (SPEC section 8). */
export const DEFAULT_ERROR_TEXT = "Internal Server Error";

/** Status used as `statusCode` when the failure has no response status (SPEC section 8). */
export const DEFAULT_ERROR_STATUS = 400;

/** The one error class of @portal/api-client: a thrown `{ success: false, statusCode, error }`. */
export class ApiError<E = unknown> extends Error implements ApiFailure<E | string> {
  override readonly name = "ApiError";
  /** Always false, so a caught error has the same discriminant as a result. */
  readonly success = false as const;
  /** Machine-readable reason. */
  readonly code: ApiErrorCode;
  /** The response status, or 400 when there was no response. */
  readonly statusCode: number;
  /** The response body (parsed JSON, else text), or 'Internal Server Error' when absent. */
  readonly error: E | string;

  constructor(
    code: ApiErrorCode,
    message: string,
    init: { statusCode?: number; error?: E | string; cause?: unknown } = {},
  ) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = code;
    this.statusCode = init.statusCode || DEFAULT_ERROR_STATUS;
    this.error = isAbsent(init.error) ? DEFAULT_ERROR_TEXT : init.error;
  }

  /** The SPEC section 8 failure object, plus `code` and `message`. */
  toJSON(): ApiFailure<E | string> & { code: ApiErrorCode; message: string } {
    return {
      success: false,
      statusCode: this.statusCode,
      error: this.error,
      code: this.code,
      message: this.message,
    };
  }
}

/** Type guard for errors thrown by this package, optionally of one code. */
export function isApiError(value: unknown, code?: ApiErrorCode): value is ApiError {
  return value instanceof ApiError && (code === undefined || value.code === code);
}

function isAbsent(value: unknown): value is undefined | null | "" {
  return value === undefined || value === null || value === "";
}
