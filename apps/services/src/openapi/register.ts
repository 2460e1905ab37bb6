import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from "fastify";
import type { ValidateFunction } from "ajv";
import { HttpError } from "../lib/errors.js";
import { createAjv } from "./ajv.js";
import {
  listOperations,
  loadDocument,
  type JsonSchema,
  type OpenApiDocument,
  type Operation,
  type ParameterObject,
  type ResponseObject,
} from "@portal/openapi";

/** A route handler plus Fastify route options (rate limit, body limit...) for one operation. */
export interface OperationSpec {
  handler: RouteHandlerMethod;
  options?: Omit<RouteShorthandOptions, "schema" | "handler">;
}

/** Handlers of a service keyed by operationId. */
export type OperationTable = Record<string, RouteHandlerMethod | OperationSpec>;

/**
 * Builds the handlers of (part of) a service. It receives the service's encapsulated scope, so
 * it may add content-type parsers or hooks that only that service sees.
 */
export type OperationsFactory = (
  scope: FastifyInstance,
) => OperationTable | Promise<OperationTable>;

/** One service: its contract file, base path and the handler tables that implement it. */
export interface ServiceDefinition {
  name: string;
  /** Absolute path of the OpenAPI file. */
  file: string;
  /** Base path, e.g. /shop. */
  prefix: string;
  /** Several tables may implement one contract (content: catalogue + account). */
  operations: OperationsFactory[];
}

/** Route config every contract route carries. */
export interface OperationConfig {
  service: string;
  operationId: string;
}

declare module "fastify" {
  interface FastifyContextConfig {
    operationId?: string;
    service?: string;
    /** The operation declares If-None-Match (its length is bounded by the etag plugin). */
    ifNoneMatch?: boolean;
  }
  interface FastifyInstance {
    /** Every operation of every registered contract, by service. */
    contractOperations: Map<string, Operation[]>;
    /** Every registered contract, dereferenced, by service. */
    contractDocuments: Map<string, OpenApiDocument>;
  }
}

const JSON_TYPES = ["application/json"];

/** Turns an OpenAPI path template into a Fastify route (`{id}` -> `:id`). */
export const toFastifyRoute = (path: string): string => path.replace(/\{([^}]+)\}/g, ":$1");

function objectSchema(params: ParameterObject[], lower = false): JsonSchema | undefined {
  if (params.length === 0) return undefined;
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const p of params) {
    const name = lower ? p.name.toLowerCase() : p.name;
    properties[name] = p.schema ?? {};
    if (p.required || p.in === "path") required.push(name);
  }
  return { type: "object", properties, required };
}

/**
 * A copy of a request schema without the `pattern` of the values that carry
 * `x-portal-validation`: the contract states the rule as a pattern (for clients and fuzzers), and
 * the services apply the named @portal/validation schema right after the structural check, so a
 * refused value answers 400 with that rule's own code (`validation.mobile.invalid`, not a generic
 * `validation.phoneNumber.invalid`). The pattern and the rule accept the same values
 * (src/fuzz/rule-patterns.test.ts).
 */
export function withoutRulePatterns<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map((s) => withoutRulePatterns(s) as unknown) as T;
  if (!schema || typeof schema !== "object") return schema;
  const source = schema as Record<string, unknown>;
  const rule = typeof source["x-portal-validation"] === "string";
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) {
    if (rule && key === "pattern") continue;
    copy[key] = withoutRulePatterns(value);
  }
  return copy as T;
}

function jsonSchemaOf(content: Record<string, { schema?: JsonSchema }> | undefined) {
  if (!content) return undefined;
  const key = Object.keys(content).find((k) => JSON_TYPES.includes(k) || k.endsWith("+json"));
  return key ? (content[key]?.schema ?? {}) : undefined;
}

/** The text of a body sent with a content coding (compressed content answers). */
function decoded(payload: Buffer, encoding: unknown): string {
  if (encoding === "br") return brotliDecompressSync(payload).toString("utf8");
  if (encoding === "gzip") return gunzipSync(payload).toString("utf8");
  return payload.toString("utf8");
}

/** Validates the answers of one operation against its documented responses. */
export class ResponseChecker {
  readonly #byStatus = new Map<string, { def: ResponseObject; validate?: ValidateFunction }>();
  constructor(responses: Record<string, ResponseObject> = {}, ajv: ReturnType<typeof createAjv>) {
    for (const [status, def] of Object.entries(responses)) {
      const schema = jsonSchemaOf(def.content);
      this.#byStatus.set(status.toUpperCase(), {
        def,
        validate: schema ? ajv.compile(schema) : undefined,
      });
    }
  }
  /** Returns a description of what breaks the contract, or undefined. */
  check(
    status: number,
    headers: Record<string, unknown>,
    payload: unknown,
    method = "GET",
  ): string | undefined {
    // Every GET honours If-None-Match (issue rule), documented or not: 304, ETag, no body.
    if (status === 304 && (method === "GET" || method === "HEAD") && !this.#byStatus.has("304")) {
      const empty =
        payload === undefined ||
        payload === null ||
        payload === "" ||
        (Buffer.isBuffer(payload) && payload.length === 0);
      return headers.etag && empty ? undefined : "304 needs an ETag and no body";
    }
    const entry =
      this.#byStatus.get(String(status)) ??
      this.#byStatus.get(`${String(status)[0]}XX`) ??
      this.#byStatus.get("DEFAULT");
    if (!entry) return `status ${status} is not documented`;
    for (const [name, header] of Object.entries(entry.def.headers ?? {})) {
      if (header.required && headers[name.toLowerCase()] === undefined)
        return `header ${name} is missing`;
    }
    const text =
      payload === undefined || payload === null
        ? ""
        : typeof payload === "string"
          ? payload
          : Buffer.isBuffer(payload)
            ? decoded(payload, headers["content-encoding"])
            : undefined;
    if (text === undefined) return undefined; // streams are not checked
    if (!entry.def.content)
      return text.length === 0 ? undefined : `status ${status} documents no body`;
    const contentType =
      String(headers["content-type"] ?? "")
        .split(";")[0]
        ?.trim() ?? "";
    if (
      !Object.keys(entry.def.content).some(
        (k) =>
          k === contentType ||
          k === "*/*" ||
          (k.endsWith("/*") && contentType.startsWith(k.slice(0, -1))),
      )
    ) {
      return `content type ${contentType || "(none)"} is not documented for status ${status}`;
    }
    if (!entry.validate) return undefined;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return "body is not JSON";
    }
    if (entry.validate(body)) return undefined;
    return (entry.validate.errors ?? [])
      .map((e) => `${e.instancePath || "/"} ${e.message ?? ""} ${JSON.stringify(e.params)}`)
      .join("; ");
  }
}

const notImplemented =
  (operationId: string): RouteHandlerMethod =>
  async () => {
    throw new HttpError(501, `Operation ${operationId} is not implemented`, {
      code: "notImplemented",
    });
  };

/**
 * Registers every operation of a contract as a route of `scope` (already prefixed), with the
 * request schemas taken from the contract. With `validateResponses`, every answer is checked
 * against the contract and a breach becomes a 500 (so a test fails instead of data vanishing).
 */
export async function registerContract(
  scope: FastifyInstance,
  service: ServiceDefinition,
  validateResponses: boolean,
): Promise<void> {
  const doc = await loadDocument(service.file);
  const operations = listOperations(doc);
  scope.contractOperations.set(service.name, operations);
  scope.contractDocuments.set(service.name, doc);
  const table: OperationTable = {};
  for (const factory of service.operations) Object.assign(table, await factory(scope));

  const ajv = createAjv({ useDefaults: false });
  const checkers = new Map<string, ResponseChecker>();
  const implemented = new Set<string>();

  for (const op of operations) {
    const entry = table[op.operationId];
    const spec: OperationSpec | undefined =
      typeof entry === "function" ? { handler: entry } : entry;
    if (spec) implemented.add(op.operationId);
    const schema: Record<string, JsonSchema> = {};
    const params = objectSchema(op.parameters.filter((p) => p.in === "path"));
    const query = objectSchema(op.parameters.filter((p) => p.in === "query"));
    // If-None-Match is bounded by the etag plugin (IF_NONE_MATCH_MAX_LENGTH, same 400): a header
    // schema makes Fastify copy and validate every request's headers, the most expensive step
    // of a 304.
    const headers = objectSchema(
      op.parameters.filter((p) => p.in === "header" && p.name.toLowerCase() !== "if-none-match"),
      true,
    );
    const content = op.operation.requestBody?.content;
    // JSON bodies, and multipart forms parsed to key/values (@fastify/multipart attachFieldsToBody).
    const body = jsonSchemaOf(content) ?? content?.["multipart/form-data"]?.schema;
    if (params) schema.params = withoutRulePatterns(params);
    if (query) schema.querystring = withoutRulePatterns({ ...query, additionalProperties: false });
    if (headers) schema.headers = headers;
    // An optional body may be absent (POST with no body or an empty one).
    if (body)
      schema.body = withoutRulePatterns(
        op.operation.requestBody?.required ? body : { ...body, "x-optional-body": true },
      );
    checkers.set(op.operationId, new ResponseChecker(op.operation.responses, ajv));
    scope.route({
      ...spec?.options,
      method: op.method.toUpperCase() as "GET",
      url: toFastifyRoute(op.path),
      schema,
      config: {
        ...(spec?.options?.config ?? {}),
        service: service.name,
        operationId: op.operationId,
        ifNoneMatch: op.parameters.some(
          (p) => p.in === "header" && p.name.toLowerCase() === "if-none-match",
        ),
      },
      handler: spec?.handler ?? notImplemented(op.operationId),
    });
  }
  const missing = operations
    .filter((o) => !implemented.has(o.operationId))
    .map((o) => o.operationId);
  if (missing.length > 0)
    scope.log.warn({ service: service.name, missing }, "operations without a handler answer 501");

  if (validateResponses) {
    scope.addHook(
      "onSend",
      async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
        const operationId = request.routeOptions.config.operationId;
        if (!operationId || !implemented.has(operationId)) return payload;
        const problem = checkers
          .get(operationId)
          ?.check(reply.statusCode, reply.getHeaders(), payload, request.method);
        if (!problem) return payload;
        request.log.error(
          { operationId, status: reply.statusCode, problem },
          "response breaks the contract",
        );
        reply
          .code(500)
          .header("content-type", "application/json; charset=utf-8")
          .removeHeader("etag");
        return JSON.stringify({
          statusCode: 500,
          error: "Internal Server Error",
          message: `Response of ${operationId} breaks the contract: ${problem}`,
          code: "response.invalid",
        });
      },
    );
  }
}
