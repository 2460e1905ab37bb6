import type { FieldError, Product } from "@portal/validation";
import { LeadFlowError, TOKEN_UNAVAILABLE } from "../errors.js";
import type { PutFile } from "../put-file.js";
import type { Operation } from "../state.js";
import type { Store } from "../store.js";
import type { LeadApi } from "../types.js";

/** What every operation module works with: the API, the store and the shared failure rules. */
export interface OperationContext {
  readonly api: LeadApi;
  readonly store: Store;
  readonly product: Product;
  /** The OTP mock flag (environment !== "production"). */
  readonly mock: boolean;
  readonly put: PutFile;
  /** Records the failure of an operation in the state and throws it. */
  fail(operation: Operation, error: LeadFlowError): never;
  /** Fails an operation with the field errors of its input (nothing was sent). */
  invalid(operation: Operation, errors: FieldError[]): never;
  /** The saved lead token, or the operation fails with 'Token is unavailable'. */
  requireToken(operation: Operation): string;
  /** A lead-token call: a 401 means the token is expired or invalid, so the session is over. */
  send<T>(operation: Operation, request: () => Promise<{ data: T }>): Promise<T>;
  /** Keeps a promise of work under way, so `settled()` waits for it. */
  track<T>(promise: Promise<T>): Promise<T>;
  /** The work under way. */
  readonly pending: ReadonlySet<Promise<unknown>>;
}

/** The HTTP status of a failure as @portal/api-client throws it. */
export const statusOf = (cause: unknown) => (cause as { statusCode?: unknown } | null)?.statusCode;

/** The body of a failure as @portal/api-client throws it. */
export const bodyOf = (cause: unknown) =>
  (cause as { error?: unknown } | null)?.error as
    { code?: unknown; field?: unknown } | null | undefined;

/** A failure of a call as a LeadFlowError (its status and the service's reason kept). */
export function toRequestError(cause: unknown): LeadFlowError {
  if (cause instanceof LeadFlowError) return cause;
  const statusCode = statusOf(cause);
  const reason = bodyOf(cause)?.code;
  return new LeadFlowError(
    "request-failed",
    cause instanceof Error ? cause.message : "Request failed",
    {
      ...(typeof statusCode === "number" ? { statusCode } : {}),
      ...(typeof reason === "string" ? { reason } : {}),
      cause,
    },
  );
}

/** Builds the context of the operation modules. */
export function createContext(options: {
  api: LeadApi;
  store: Store;
  mock: boolean;
  put: PutFile;
}): OperationContext {
  const { store } = options;
  const pending = new Set<Promise<unknown>>();

  const fail = (operation: Operation, error: LeadFlowError): never => {
    store.dispatch({ type: "failed", operation, error: error.toInfo() });
    throw error;
  };

  return {
    ...options,
    product: store.product,
    fail,
    invalid(operation, errors) {
      return fail(
        operation,
        new LeadFlowError(
          "invalid-input",
          `Invalid input: ${errors.map((e) => e.field || "(body)").join(", ")}`,
          { fieldErrors: errors },
        ),
      );
    },
    requireToken(operation) {
      const token = store.readToken();
      if (token) return token;
      if (store.getState().hasToken) store.dispatch({ type: "tokenLost" });
      return fail(operation, new LeadFlowError("missing-token", TOKEN_UNAVAILABLE));
    },
    async send(operation, request) {
      try {
        return (await request()).data;
      } catch (cause) {
        if (statusOf(cause) === 401 && store.getState().hasToken) {
          store.dropToken();
          store.dispatch({ type: "tokenLost" });
        }
        return fail(operation, toRequestError(cause));
      }
    },
    track(promise) {
      pending.add(promise);
      const drop = () => void pending.delete(promise);
      promise.then(drop, drop);
      return promise;
    },
    pending,
  };
}
