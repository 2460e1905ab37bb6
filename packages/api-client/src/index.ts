/**
 * @portal/api-client: typed clients for the portal's services, generated from openapi/, with the
 * common behaviour of SPEC sections 7 and 8 (envelope, timeout, ETag cache, error shape).
 */
export {
  createPortalApi,
  bindOperation,
  serviceNames,
  type CacheOption,
  type PortalApi,
  type PortalApiOptions,
  type ServiceApi,
  type ServiceName,
} from "./create-portal-api.js";
export {
  ApiError,
  isApiError,
  DEFAULT_ERROR_STATUS,
  DEFAULT_ERROR_TEXT,
  type ApiErrorCode,
  type ApiFailure,
} from "./errors.js";
export {
  CACHE_KEY_PREFIX,
  createMemoryCache,
  createStorageCache,
  etagMiddleware,
  type EtagCache,
  type EtagEntry,
  type StorageLike,
} from "./etag-cache.js";
export type {
  CredentialOptions,
  OperationArgs,
  OperationBody,
  OperationData,
  OperationFunction,
  OperationOptions,
  OperationParams,
  RawBody,
} from "./operation-types.js";
export {
  authorizationHeader,
  createTransport,
  newIdempotencyKey,
  DEFAULT_TIMEOUT,
  type ApiSuccess,
  type CallOptions,
  type HttpMethod,
  type OperationSpec,
  type SecurityAlternative,
  type SendInput,
  type Token,
  type Transport,
  type TransportOptions,
} from "./transport.js";
export { uploadToSignedUrl, type UploadOptions } from "./upload.js";
export { operationSpecs, type OperationTypes } from "./generated/operations.js";
export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, lastPage, listAllPages, type Page } from "./pages.js";
