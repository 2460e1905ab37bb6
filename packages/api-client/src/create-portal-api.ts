import { ApiError } from "./errors.js";
import {
  createMemoryCache,
  createStorageCache,
  type EtagCache,
  type StorageLike,
} from "./etag-cache.js";
import { operationSpecs, type OperationTypes } from "./generated/operations.js";
import type { OperationFunction } from "./operation-types.js";
import {
  createTransport,
  DEFAULT_TIMEOUT,
  type ApiSuccess,
  type OperationSpec,
  type SendInput,
  type Transport,
} from "./transport.js";
import { uploadToSignedUrl, type UploadOptions } from "./upload.js";

type Specs = typeof operationSpecs;

/** A service with a contract in openapi/ (address, shop, content, config, marketing, uploads). */
export type ServiceName = keyof Specs & keyof OperationTypes;

/** The typed functions of one service, one per operationId. */
export type ServiceApi<S extends ServiceName> = {
  [Id in keyof Specs[S] & keyof OperationTypes[S]]: OperationFunction<
    OperationTypes[S][Id],
    Specs[S][Id]
  >;
};

/** Where the entity-tag cache lives. */
export type CacheOption =
  /** In memory, per client (the default). */
  | "memory"
  /** In globalThis.localStorage under keys prefixed 'aec-'. */
  | "local-storage"
  /** In the given Storage-like object under keys prefixed 'aec-'. */
  | { storage: StorageLike }
  /** A cache object of your own (e.g. one shared by several clients). */
  | EtagCache
  /** No caching. */
  | false;

/** Options of createPortalApi. */
export interface PortalApiOptions<S extends ServiceName> {
  /** Base URL per service, e.g. `{ content: "http://localhost:4000/content" }`. */
  baseUrls: { [K in S]: string };
  /** Request timeout in ms (default 60000). */
  timeout?: number | undefined;
  /** Entity-tag cache for GETs (default "memory"). */
  cache?: CacheOption | undefined;
  /** fetch implementation (default: globalThis.fetch). */
  fetch?: typeof globalThis.fetch | undefined;
}

/** The client: one object of typed functions per configured service, plus cache control. */
export type PortalApi<S extends ServiceName = ServiceName> = { [K in S]: ServiceApi<K> } & {
  /** The entity-tag cache in use (undefined when caching is off). */
  readonly cache: EtagCache | undefined;
  /** Clears the entity-tag cache (for storage: only the 'aec-' keys). */
  reset(): void;
  /** PUTs a file to a signed upload URL with its own content type, using this client's timeout. */
  uploadToSignedUrl(
    url: string,
    file: Blob | ArrayBuffer | ArrayBufferView,
    options?: Omit<UploadOptions, "fetch">,
  ): Promise<ApiSuccess<unknown>>;
};

/** Names of every service known to this build of the client. */
export const serviceNames = Object.keys(operationSpecs) as ServiceName[];

/**
 * Creates the portal client: `api.content.getChannel({ lang, id })`,
 * `api.shop.generateSbbLead(body)`, ... One openapi-fetch client per service, with the common
 * behaviour of SPEC section 7. Only the services given in `baseUrls` are available.
 */
export function createPortalApi<S extends ServiceName>(options: PortalApiOptions<S>): PortalApi<S> {
  if (!options || typeof options !== "object") {
    throw invalid(`createPortalApi needs an options object with "baseUrls"`);
  }
  const baseUrls = options.baseUrls as Record<string, unknown> | undefined;
  if (!baseUrls || typeof baseUrls !== "object") {
    throw invalid(`"baseUrls" is required: e.g. { content: "http://localhost:4000/content" }`);
  }
  const timeout = options.timeout ?? DEFAULT_TIMEOUT;
  if (typeof timeout !== "number" || !Number.isFinite(timeout) || timeout <= 0) {
    throw invalid(`"timeout" must be a positive number of ms, got ${String(options.timeout)}`);
  }
  if (options.fetch !== undefined && typeof options.fetch !== "function") {
    throw invalid(`"fetch" must be a function`);
  }
  const cache = resolveCache(options.cache);

  const api: Record<string, unknown> = {};
  for (const [service, baseUrl] of Object.entries(baseUrls)) {
    if (!(service in operationSpecs)) {
      throw invalid(
        `"baseUrls.${service}" is not a known service (known: ${serviceNames.join(", ")})`,
      );
    }
    checkBaseUrl(service, baseUrl);
  }
  for (const service of serviceNames) {
    const baseUrl = baseUrls[service];
    if (baseUrl === undefined) {
      Object.defineProperty(api, service, {
        enumerable: false,
        get() {
          throw invalid(
            `"baseUrls.${service}" is not set: pass createPortalApi({ baseUrls: { ${service}: "<url>" } }) to call the ${service} service`,
          );
        },
      });
      continue;
    }
    const transport = createTransport({
      baseUrl: baseUrl as string,
      timeout,
      cache: cache ?? false,
      fetch: options.fetch,
    });
    const functions: Record<string, unknown> = {};
    for (const spec of Object.values(operationSpecs[service]) as OperationSpec[]) {
      functions[spec.operationId] = bindOperation(service, spec, transport);
    }
    api[service] = Object.freeze(functions);
  }
  api.cache = cache;
  api.reset = () => cache?.reset();
  api.uploadToSignedUrl = (
    url: string,
    file: Blob | ArrayBuffer | ArrayBufferView,
    uploadOptions: Omit<UploadOptions, "fetch"> = {},
  ) => uploadToSignedUrl(url, file, { timeout, ...uploadOptions, fetch: options.fetch });
  return Object.freeze(api) as PortalApi<S>;
}

/** Turns one runtime operation entry into its `(input, options)` function. */
export function bindOperation(
  service: string,
  spec: OperationSpec,
  transport: Transport,
): (...args: unknown[]) => Promise<ApiSuccess<unknown>> {
  const hasBody = spec.body !== undefined;
  const hasInput = hasBody || spec.params.path.length + spec.params.query.length > 0;
  const name = `${service}.${spec.operationId}`;
  return async (...args) => {
    const input = hasInput ? args[0] : undefined;
    const options = (hasInput ? args[1] : args[0]) ?? {};
    if (typeof options !== "object") {
      throw invalid(`${name}: the options argument must be an object, got ${typeof options}`);
    }
    const { params, ...rest } = options as SendInput;
    if (hasBody) {
      if (input === undefined && spec.body?.required) {
        throw invalid(`${name} needs a request body as its first argument`);
      }
      return transport.send(spec, { ...rest, params, body: input });
    }
    if (input !== undefined && (input === null || typeof input !== "object")) {
      throw invalid(`${name}: the parameters argument must be an object, got ${typeof input}`);
    }
    return transport.send(spec, { ...rest, params: input as Record<string, unknown> | undefined });
  };
}

function resolveCache(option: CacheOption | undefined): EtagCache | undefined {
  if (option === undefined || option === "memory") return createMemoryCache();
  if (option === false) return undefined;
  if (option === "local-storage") {
    const storage = (globalThis as { localStorage?: StorageLike }).localStorage;
    if (!storage) {
      throw invalid(
        `"cache": "local-storage" needs globalThis.localStorage; pass { storage } instead`,
      );
    }
    return createStorageCache(storage);
  }
  if (typeof option === "object" && option !== null) {
    if ("storage" in option) {
      if (!option.storage || typeof option.storage.getItem !== "function") {
        throw invalid(`"cache.storage" must be a Storage-like object (getItem, setItem, ...)`);
      }
      return createStorageCache(option.storage);
    }
    if (typeof option.get === "function" && typeof option.reset === "function") return option;
  }
  throw invalid(
    `"cache" must be "memory", "local-storage", { storage }, an EtagCache or false, got ${String(option)}`,
  );
}

function checkBaseUrl(service: string, value: unknown): void {
  const base = (globalThis as { location?: { href?: string } }).location?.href;
  if (typeof value === "string" && value !== "") {
    try {
      new URL(value, base);
      return;
    } catch {
      // reported below
    }
  }
  throw invalid(
    `"baseUrls.${service}" must be ${base ? "a URL" : "an absolute URL"}, got ${JSON.stringify(value) ?? String(value)}`,
  );
}

function invalid(message: string): ApiError {
  return new ApiError("invalid-option", message, { error: message });
}
