import createClient from "openapi-fetch";
import { ApiError } from "./errors.js";
import { etagMiddleware, type EtagCache } from "./etag-cache.js";

/** HTTP methods the services use (SPEC section 7). */
export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

/** What the runtime needs to know about one OpenAPI operation; generated from openapi/. */
export interface OperationSpec {
  readonly operationId: string;
  readonly method: HttpMethod;
  readonly path: string;
  /** Security alternatives of which one is required; empty when the operation is public. */
  readonly security: readonly SecurityAlternative[];
  /** Path and query parameter names (header parameters such as If-None-Match are not inputs). */
  readonly params: { readonly path: readonly string[]; readonly query: readonly string[] };
  /** Request body media type and whether a body is required; absent when there is no body. */
  readonly body?: { readonly contentType: string; readonly required: boolean };
}

/** One security alternative: which call option carries the credential, in which header. */
export interface SecurityAlternative {
  readonly scheme: string;
  readonly credential: "token" | "apiKey";
  readonly header: string;
}

/** A bearer token, or a token with its own type (the B40 auth answer `{ tokenType, token }`). */
export type Token = string | { readonly tokenType: string; readonly token: string };

/** Per-call options common to every operation. */
export interface CallOptions {
  /** Sent as `Authorization: Bearer <token>` (or `<tokenType> <token>`); nothing is sent without it. */
  token?: Token | undefined;
  /** API key, sent in the header the operation's apiKey security scheme names (e.g. x-api-key). */
  apiKey?: string | undefined;
  /** Cancels the call; it then rejects with 'Request aborted'. */
  signal?: AbortSignal | undefined;
  /** Overrides the client's timeout (ms) for this call. */
  timeout?: number | undefined;
  /** Overrides the request body media type (JSON unless the spec says otherwise). */
  contentType?: string | undefined;
  /** Extra request headers. */
  headers?: Record<string, string> | undefined;
  /**
   * Sent as `Idempotency-Key` (the writes that accept it: `generateSbbLead`, `purchaseLead`).
   * One new key per logical attempt ({@link newIdempotencyKey}); its retries send the same key,
   * so the services answer the first result instead of writing twice.
   */
  idempotencyKey?: string | undefined;
  /**
   * With `idempotencyKey`: how many times the call is sent again after a network error, a
   * timeout, a 503, or a 409 `idempotency.inFlight` (default 0), waiting 300 ms, then twice as
   * long each time (at most 5 s). Without a key nothing is retried: a write could happen twice.
   */
  retries?: number | undefined;
}

/** A new Idempotency-Key (a UUID v4) for one logical attempt of a write. */
export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}

/** True when sending the same request again (with the same key) may succeed. */
function retryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.code === "network" || error.code === "timeout") return true;
  if (error.code !== "http") return false;
  const code = (error.error as { code?: unknown } | null)?.code;
  return error.statusCode === 503 || (error.statusCode === 409 && code === "idempotency.inFlight");
}

/** Waits `ms`, or rejects at once when `signal` aborts. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new ApiError("aborted", "Request aborted"));
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new ApiError("aborted", "Request aborted"));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** Everything one call sends: flat path + query parameters, a body, and call options. */
export interface SendInput extends CallOptions {
  params?: Record<string, unknown> | undefined;
  body?: unknown;
}

/** The success result of every call (SPEC section 7): `data` is the body's `response` field. */
export interface ApiSuccess<T> {
  success: true;
  statusCode: number;
  data: T;
}

/** Settings of one service transport. */
export interface TransportOptions {
  /** Service base URL, e.g. http://localhost:4000/content. */
  baseUrl: string;
  /** Default timeout in ms. */
  timeout: number;
  /** Entity-tag cache for GETs; `false` turns it off. */
  cache: EtagCache | false;
  /** fetch implementation (default: globalThis.fetch, looked up at call time). */
  fetch?: typeof globalThis.fetch | undefined;
  /** Headers sent on every call (e.g. an API key). */
  headers?: Record<string, string> | undefined;
}

/** Sends operations of one service through openapi-fetch with the SPEC section 7 behaviour. */
export interface Transport {
  send(operation: OperationSpec, input?: SendInput): Promise<ApiSuccess<unknown>>;
}

/** Default request timeout (SPEC section 9). */
export const DEFAULT_TIMEOUT = 60_000;

/** Creates the transport of one service (one openapi-fetch client with its own base URL). */
export function createTransport(options: TransportOptions): Transport {
  const { baseUrl, timeout: defaultTimeout, cache, headers: defaultHeaders } = options;
  assertTimeout(defaultTimeout, "timeout");
  const client = createClient<Record<string, never>>({
    baseUrl,
    credentials: "omit",
    // Looked up per call so a fetch patched after creation (tests, polyfills) is honoured.
    // Called detached: a browser's window.fetch throws "Illegal invocation" with another `this`.
    fetch: (request: Request) => {
      const send = options.fetch ?? globalThis.fetch;
      return send(request);
    },
  });
  if (cache) client.use(etagMiddleware(cache));

  return {
    async send(operation, input = {}) {
      const retries = input.idempotencyKey ? Math.max(0, Math.floor(input.retries ?? 0)) : 0;
      for (let attempt = 0; ; attempt++) {
        try {
          return await sendOnce(operation, input);
        } catch (error) {
          if (attempt >= retries || !retryable(error) || input.signal?.aborted) throw error;
          await pause(Math.min(5000, 300 * 2 ** attempt), input.signal);
        }
      }
    },
  };

  async function sendOnce(
    operation: OperationSpec,
    input: SendInput,
  ): Promise<ApiSuccess<unknown>> {
    {
      const name = operation.operationId;
      const authorization = authorizationHeader(input.token);
      const apiKey = input.apiKey || undefined;
      const apiKeyHeader = operation.security.find((s) => s.credential === "apiKey")?.header;
      const satisfied = operation.security.some((s) =>
        s.credential === "token" ? authorization !== undefined : apiKey !== undefined,
      );
      if (operation.security.length > 0 && !satisfied) {
        const option = [...new Set(operation.security.map((s) => `"${s.credential}"`))].join(
          " or ",
        );
        const schemes = operation.security.map((s) => s.scheme).join(" or ");
        throw new ApiError(
          "missing-token",
          `${name} needs the ${option} option (security: ${schemes}): Token is unavailable`,
          { error: "Token is unavailable" },
        );
      }
      const timeout = input.timeout ?? defaultTimeout;
      assertTimeout(timeout, "timeout");

      const { path, query } = splitParams(operation, input.params);
      const headers: Record<string, string> = { ...defaultHeaders, ...input.headers };
      if (input.idempotencyKey !== undefined) headers["Idempotency-Key"] = input.idempotencyKey;
      if (authorization !== undefined) headers.Authorization = authorization;
      if (apiKey !== undefined && apiKeyHeader !== undefined) headers[apiKeyHeader] = apiKey;
      const contentType =
        input.contentType ??
        // A file body keeps its own type where the spec accepts raw media (the signed upload).
        (input.body instanceof Blob && input.body.type && isRawMedia(operation.body?.contentType)
          ? input.body.type
          : (operation.body?.contentType ?? "application/json"));
      const body = input.body === undefined ? undefined : serializeBody(input.body, contentType);
      // FormData sets its own multipart boundary; every other body states its type.
      if (body !== undefined && !(body instanceof FormData)) headers["Content-Type"] = contentType;

      const controller = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, timeout);
      const onAbort = () => controller.abort();
      input.signal?.addEventListener("abort", onAbort, { once: true });
      try {
        if (input.signal?.aborted) controller.abort();
        const result = await client.request(
          operation.method,
          operation.path as never,
          {
            params: { path, query },
            body: body as never,
            bodySerializer: (value: unknown) => value,
            headers,
            signal: controller.signal,
            parseAs: "text",
          } as never,
        );
        const response = result.response;
        if (!response.ok) {
          throw new ApiError("http", `${name} failed with status ${response.status}`, {
            statusCode: response.status,
            error: result.error,
          });
        }
        return {
          success: true,
          statusCode: response.status,
          data: readEnvelope(name, response, result.data as string | undefined),
        };
      } catch (cause) {
        if (cause instanceof ApiError) throw cause;
        if (timedOut) {
          throw new ApiError("timeout", `timeout of ${timeout}ms exceeded`, { cause });
        }
        if (controller.signal.aborted) {
          throw new ApiError("aborted", "Request aborted", { cause });
        }
        throw new ApiError("network", "Network Error", { cause });
      } finally {
        clearTimeout(timer);
        input.signal?.removeEventListener("abort", onAbort);
      }
    }
  }
}

/** Builds the Authorization header value, or undefined when no usable token is given. */
export function authorizationHeader(token: Token | undefined): string | undefined {
  if (typeof token === "string") return token === "" ? undefined : `Bearer ${token}`;
  if (token && typeof token === "object" && token.token) {
    return `${token.tokenType || "Bearer"} ${token.token}`;
  }
  return undefined;
}

function assertTimeout(value: unknown, option: string): void {
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) {
    throw new ApiError(
      "invalid-option",
      `"${option}" must be a positive number of ms, got ${String(value)}`,
    );
  }
}

function splitParams(operation: OperationSpec, params: Record<string, unknown> = {}) {
  const path: Record<string, unknown> = {};
  const query: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    if (operation.params.path.includes(key)) path[key] = value;
    else query[key] = value;
  }
  for (const key of operation.params.path) {
    if (path[key] === undefined || path[key] === null || path[key] === "") {
      throw new ApiError(
        "invalid-option",
        `${operation.operationId} needs the path parameter "${key}" (${operation.path})`,
      );
    }
  }
  return { path, query };
}

function serializeBody(body: unknown, contentType: string): BodyInit {
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  if (type === "multipart/form-data") return body instanceof FormData ? body : toFormData(body);
  if (type === "application/x-www-form-urlencoded") {
    if (body instanceof URLSearchParams) return body;
    return new URLSearchParams(
      Object.entries(body as Record<string, unknown>).flatMap(([k, v]) =>
        (Array.isArray(v) ? v : [v]).filter((x) => x != null).map((x) => [k, String(x)]),
      ),
    );
  }
  if (type === "application/json" || type.endsWith("+json")) return JSON.stringify(body);
  // Any other type (the signed upload's file type, text/plain): the body goes as given.
  return body as BodyInit;
}

function toFormData(body: unknown): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      if (item instanceof Blob) form.append(key, item);
      else if (typeof item === "object") form.append(key, JSON.stringify(item));
      else form.append(key, String(item));
    }
  }
  return form;
}

function isRawMedia(contentType: string | undefined): boolean {
  return (
    contentType !== undefined &&
    !/json/i.test(contentType) &&
    !/^(multipart\/form-data|application\/x-www-form-urlencoded)/i.test(contentType)
  );
}

/** The `response` field of a JSON body; a body of another type (e.g. text/html) as text. */
function readEnvelope(name: string, response: Response, text: string | undefined): unknown {
  if (text === undefined || text === "") return undefined;
  const type = response.headers.get("Content-Type") ?? "";
  if (type !== "" && !/json/i.test(type)) return text;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (cause) {
    throw new ApiError("invalid-response", `${name} answered invalid JSON`, {
      statusCode: response.status,
      error: text,
      cause,
    });
  }
  return parsed !== null && typeof parsed === "object" && "response" in parsed
    ? (parsed as { response: unknown }).response
    : undefined;
}
