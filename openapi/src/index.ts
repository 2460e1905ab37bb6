// The one way to read the contracts: the list of services and one loader (json-schema-ref-parser),
// used by the API client generator, the services and the contract tests alike.
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { $RefParser } from "@apidevtools/json-schema-ref-parser";

/** One service: its name (the API client's namespace), contract file and base path. */
export interface ServiceInfo {
  readonly name: string;
  /** Contract file, relative to the openapi/ folder. */
  readonly file: string;
  /** Base path the services mount it under, e.g. `/shop`. */
  readonly basePath: string;
}

/** Every service with a contract, in the order the API reference lists them. */
export const SERVICES = [
  { name: "address", file: "address.yaml", basePath: "/address" },
  { name: "shop", file: "shop.yaml", basePath: "/shop" },
  { name: "content", file: "content.yaml", basePath: "/content" },
  { name: "config", file: "config.yaml", basePath: "/config" },
  { name: "marketing", file: "marketing.yaml", basePath: "/marketing" },
  { name: "uploads", file: "uploads.yaml", basePath: "/uploads" },
] as const satisfies readonly ServiceInfo[];

/** Name of a service (`address`, `shop`, `content`, `config`, `marketing`, `uploads`). */
export type ServiceName = (typeof SERVICES)[number]["name"];

/** The service names, in order. */
export const SERVICE_NAMES: readonly ServiceName[] = SERVICES.map((s) => s.name);

/** Files that hold shared components only (no service of their own). */
export const SHARED_FILES = ["common.yaml", "paths/content-account.yaml"] as const;

/** A JSON Schema object (OpenAPI 3.1 schemas are JSON Schema 2020-12). */
export type JsonSchema = Record<string, unknown>;

/** An OpenAPI parameter. */
export interface ParameterObject {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
  [key: string]: unknown;
}

/** A media type entry of a body or a response. */
export interface MediaTypeObject {
  schema?: JsonSchema;
  [key: string]: unknown;
}

/** An OpenAPI response. */
export interface ResponseObject {
  description?: string;
  headers?: Record<string, { required?: boolean; schema?: JsonSchema; [key: string]: unknown }>;
  content?: Record<string, MediaTypeObject>;
  [key: string]: unknown;
}

/** A security requirement: scheme name -> scopes. */
export type SecurityRequirement = Record<string, string[]>;

/** An OpenAPI operation. */
export interface OperationObject {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: ParameterObject[];
  requestBody?: {
    required?: boolean;
    description?: string;
    content?: Record<string, MediaTypeObject>;
  };
  responses?: Record<string, ResponseObject>;
  security?: SecurityRequirement[];
  [key: string]: unknown;
}

/** A dereferenced OpenAPI 3.1 document: no `$ref` is left in it. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string; [key: string]: unknown };
  servers?: { url: string; description?: string }[];
  tags?: { name: string; description?: string }[];
  security?: SecurityRequirement[];
  paths?: Record<string, Record<string, unknown>>;
  components?: {
    schemas?: Record<string, JsonSchema>;
    securitySchemes?: Record<string, Record<string, unknown>>;
    [key: string]: unknown;
  };
  [key: string]: unknown;
}

/** The HTTP methods a path item can hold, lower case as OpenAPI writes them. */
export const HTTP_METHODS = [
  "get",
  "put",
  "post",
  "delete",
  "options",
  "head",
  "patch",
  "trace",
] as const;

/** An HTTP method of a path item. */
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** One operation of a contract, with what a router, a client or a test needs. */
export interface Operation {
  operationId: string;
  /** Lower case, as in the contract. */
  method: HttpMethod;
  /** OpenAPI path, e.g. `/api/v3/document/{documentId}.{extension}`. */
  path: string;
  /** Path-item and operation parameters together (the operation's win). */
  parameters: ParameterObject[];
  /** Security that applies: the operation's own, else the document's (empty = public). */
  security: SecurityRequirement[];
  operation: OperationObject;
}

/** Thrown when a contract cannot be found, read or resolved; the message names the file. */
export class ContractError extends Error {
  override readonly name = "ContractError";
}

/**
 * The openapi/ folder: `OPENAPI_DIR` when set, else found from this module (in openapi/src/ when
 * run from source, or from a bundle inside the repository, by walking up to `openapi/common.yaml`).
 */
export function openapiDir(start = dirname(fileURLToPath(import.meta.url))): string {
  if (process.env.OPENAPI_DIR) return resolve(process.env.OPENAPI_DIR);
  for (let dir = start; ;) {
    if (existsSync(join(dir, "common.yaml")) && existsSync(join(dir, "shop.yaml"))) return dir;
    const candidate = join(dir, "openapi");
    if (existsSync(join(candidate, "common.yaml"))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new ContractError("openapi/ folder not found; set OPENAPI_DIR");
    dir = parent;
  }
}

/** The service of that name; throws a ContractError naming the known ones otherwise. */
export function serviceInfo(name: string): (typeof SERVICES)[number] {
  const found = SERVICES.find((s) => s.name === name);
  if (!found)
    throw new ContractError(`unknown service "${name}" (known: ${SERVICE_NAMES.join(", ")})`);
  return found;
}

/** Absolute path of a service's contract file. */
export function contractPath(service: ServiceName, dir: string = openapiDir()): string {
  return join(dir, serviceInfo(service).file);
}

/**
 * Reads any file of openapi/ (a service contract, common.yaml, a path-item library) with every
 * `$ref`, across files, resolved in place. Each call answers a fresh object: mutate it freely.
 */
export async function loadDocument(
  file: string,
  dir: string = openapiDir(),
): Promise<OpenApiDocument> {
  const path = resolve(dir, file);
  if (!existsSync(path)) throw new ContractError(`${path} does not exist`);
  try {
    const doc = await new $RefParser().dereference(path, {
      dereference: { circular: false },
    });
    return doc as unknown as OpenApiDocument;
  } catch (error) {
    throw new ContractError(`${path}: ${(error as Error).message}`, { cause: error });
  }
}

/** One service's contract, dereferenced. */
export function loadContract(
  service: ServiceName,
  dir: string = openapiDir(),
): Promise<OpenApiDocument> {
  return loadDocument(serviceInfo(service).file, dir);
}

/** Every service's contract, dereferenced, by service name (in `SERVICES` order). */
export async function loadContracts(
  dir: string = openapiDir(),
): Promise<Map<ServiceName, OpenApiDocument>> {
  const docs = await Promise.all(SERVICES.map((s) => loadDocument(s.file, dir)));
  return new Map(SERVICES.map((s, i) => [s.name, docs[i]!]));
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The part of a (dereferenced) schema that content authors write: a copy without the properties
 * marked `readOnly` (values the service computes when answering, such as a plan's `price`),
 * removed from `properties` and `required` at every depth. With `additionalProperties: false`
 * the copy refuses a document that carries one. The services' content importer checks content
 * documents against it; answers are checked against the whole schema.
 */
export function authoredSchema(schema: JsonSchema): JsonSchema {
  const copies = new Map<unknown, unknown>();
  const copy = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(copy);
    if (!isObject(value)) return value;
    const done = copies.get(value);
    if (done) return done;
    const out: Record<string, unknown> = {};
    copies.set(value, out);
    for (const [key, child] of Object.entries(value)) out[key] = copy(child);
    const properties = value.properties;
    if (isObject(properties)) {
      const dropped = Object.keys(properties).filter((name) => {
        const property = properties[name];
        return isObject(property) && property.readOnly === true;
      });
      if (dropped.length > 0) {
        const kept = out.properties as Record<string, unknown>;
        for (const name of dropped) delete kept[name];
        if (Array.isArray(value.required))
          out.required = value.required.filter((name) => !dropped.includes(name as string));
      }
    }
    return out;
  };
  return copy(schema) as JsonSchema;
}

/** Every operation of a dereferenced document, in document order. */
export function listOperations(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    if (!isObject(item)) continue;
    const shared = (item.parameters as ParameterObject[] | undefined) ?? [];
    for (const method of HTTP_METHODS) {
      const operation = item[method] as OperationObject | undefined;
      if (!isObject(operation)) continue;
      if (typeof operation.operationId !== "string")
        throw new ContractError(`${method.toUpperCase()} ${path} has no operationId`);
      const own = operation.parameters ?? [];
      const parameters = [
        ...shared.filter((p) => !own.some((o) => o.name === p.name && o.in === p.in)),
        ...own,
      ];
      operations.push({
        operationId: operation.operationId,
        method,
        path,
        parameters,
        security: operation.security ?? doc.security ?? [],
        operation,
      });
    }
  }
  return operations;
}

/** True when an operation needs no credential (no requirement, or an empty one among them). */
export const isPublic = (op: Pick<Operation, "security">): boolean =>
  op.security.length === 0 || op.security.some((r) => Object.keys(r).length === 0);

/** A copy of a service contract whose only server is `baseUrl` + the service's base path. */
export function withServer(
  service: ServiceName,
  doc: OpenApiDocument,
  baseUrl: string,
): OpenApiDocument {
  const { basePath } = serviceInfo(service);
  const description = doc.servers?.[0]?.description;
  return {
    ...doc,
    servers: [
      { url: `${baseUrl.replace(/\/+$/, "")}${basePath}`, ...(description ? { description } : {}) },
    ],
  };
}

/**
 * One document for every service, served from `baseUrl`: paths carry their service's base path,
 * tags are prefixed with the service (`shop: otp`), and document-wide security moves onto each
 * operation. Operation ids are unique across the contracts (the contract tests check it).
 */
export function combineContracts(
  contracts: ReadonlyMap<ServiceName, OpenApiDocument>,
  baseUrl: string,
  info: OpenApiDocument["info"],
): OpenApiDocument {
  const paths: Record<string, Record<string, unknown>> = {};
  const tags: { name: string; description?: string }[] = [];
  const securitySchemes: Record<string, Record<string, unknown>> = {};
  for (const service of SERVICES) {
    const doc = contracts.get(service.name);
    if (!doc) continue;
    const tagName = (tag: string) => `${service.name}: ${tag}`;
    for (const tag of doc.tags ?? []) tags.push({ ...tag, name: tagName(tag.name) });
    Object.assign(securitySchemes, doc.components?.securitySchemes);
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      const copy: Record<string, unknown> = { ...item };
      for (const method of HTTP_METHODS) {
        const op = item[method] as OperationObject | undefined;
        if (!isObject(op)) continue;
        copy[method] = {
          ...op,
          tags: (op.tags ?? [service.name]).map(tagName),
          ...((op.security ?? doc.security) ? { security: op.security ?? doc.security } : {}),
        };
      }
      paths[`${service.basePath}${path === "/" ? "" : path}`] = copy;
    }
  }
  return {
    openapi: "3.1.0",
    info,
    servers: [{ url: baseUrl.replace(/\/+$/, "") }],
    tags,
    paths,
    components: { securitySchemes },
  };
}
