import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { $RefParser } from "@apidevtools/json-schema-ref-parser";

/** A JSON Schema object (OpenAPI 3.1 schemas are JSON Schema 2020-12). */
export type JsonSchema = Record<string, unknown>;

/** The parts of an OpenAPI 3.1 operation the services read. */
export interface OperationObject {
  operationId?: string;
  parameters?: ParameterObject[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, ResponseObject>;
  security?: Record<string, string[]>[];
}
/** An OpenAPI parameter. */
export interface ParameterObject {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema?: JsonSchema;
}
/** An OpenAPI response. */
export interface ResponseObject {
  headers?: Record<string, { required?: boolean; schema?: JsonSchema }>;
  content?: Record<string, { schema?: JsonSchema }>;
}
/** A dereferenced OpenAPI document. */
export interface OpenApiDocument {
  openapi: string;
  servers?: { url: string }[];
  paths?: Record<string, Record<string, unknown>>;
  components?: Record<string, unknown>;
}

/** One operation of a service contract, with the route it becomes. */
export interface Operation {
  operationId: string;
  method: string;
  /** OpenAPI path, e.g. /api/v3/document/{documentId}.{extension} */
  path: string;
  /** Fastify route, e.g. /api/v3/document/:documentId.:extension */
  route: string;
  parameters: ParameterObject[];
  operation: OperationObject;
}

export const HTTP_METHODS = ["get", "put", "post", "delete", "patch", "head", "options"] as const;

/** Finds the repository's openapi/ folder walking up from this module (or OPENAPI_DIR). */
export function findOpenApiDir(start = dirname(fileURLToPath(import.meta.url))): string {
  if (process.env.OPENAPI_DIR) return resolve(process.env.OPENAPI_DIR);
  let dir = start;
  for (;;) {
    const candidate = join(dir, "openapi");
    if (existsSync(join(candidate, "common.yaml"))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new Error("openapi/ folder not found; set OPENAPI_DIR");
    dir = parent;
  }
}

/** Loads one service contract with every $ref (across files) resolved in place. */
export async function loadSpec(file: string): Promise<OpenApiDocument> {
  const parser = new $RefParser();
  return (await parser.dereference(file, {
    dereference: { circular: "ignore" },
  })) as unknown as OpenApiDocument;
}

/** Turns an OpenAPI path template into a Fastify route. */
export const toFastifyRoute = (path: string): string => path.replace(/\{([^}]+)\}/g, ":$1");

/** Lists the operations of a dereferenced document. */
export function listOperations(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    const shared = (item.parameters as ParameterObject[] | undefined) ?? [];
    for (const method of HTTP_METHODS) {
      const operation = item[method] as OperationObject | undefined;
      if (!operation) continue;
      if (!operation.operationId)
        throw new Error(`${method.toUpperCase()} ${path} has no operationId`);
      const own = operation.parameters ?? [];
      const parameters = [
        ...shared.filter((p) => !own.some((o) => o.name === p.name && o.in === p.in)),
        ...own,
      ];
      operations.push({
        operationId: operation.operationId,
        method: method.toUpperCase(),
        path,
        route: toFastifyRoute(path),
        parameters,
        operation,
      });
    }
  }
  return operations;
}
