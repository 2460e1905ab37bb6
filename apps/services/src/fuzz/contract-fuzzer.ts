// The contract fuzzer's checks (issue 21), the three Schemathesis runs of the product owner
// rebuilt on fast-check and our own schema arbitraries:
//
//  (a) positive data acceptance: a request the contract calls valid (every part validates
//      against the contract's schemas and the credential is a real one) answers 2xx (or 304),
//      or a 4xx whose cause the contract states: 429 where documented (rate limits), or a status
//      and code listed in the operation's `x-portal-state-errors` (e.g. 404
//      `order.package.notFound`: the request is well formed, the state says no);
//  (b) response schema conformance: every answer is a documented status with its required
//      headers, content type and body schema (ResponseChecker), never a 5xx;
//  (c) negative data rejection: a request the contract calls invalid answers 4xx.
//
// A case is classified by the contract, not by how it was generated: a mutation that happens to
// stay valid (a "wrong type" query value that is still a string) is a positive case.
import fc from "fast-check";
import type { FastifyInstance, InjectOptions } from "fastify";
import type { ValidateFunction } from "ajv";
import type { JsonSchema, Operation, ParameterObject } from "@portal/openapi";
import { arbitraryOf, invalidObjectOf, wrongTypeOf } from "./schema-arbitrary.js";
import { createAjv } from "../openapi/ajv.js";
import { ResponseChecker } from "../openapi/register.js";

export interface Credentials {
  lead: string;
  product: string;
  b40: string;
  apiKey: string;
}

export interface FuzzOperation extends Operation {
  service: string;
  basePath: string;
}

export type CheckName =
  "positive_data_acceptance" | "response_schema_conformance" | "negative_data_rejection";

/** One failure of a check, grouped by operation, status and code. */
export interface Failure {
  check: CheckName;
  operationId: string;
  status: number;
  code: string;
  count: number;
  example: string;
}

export interface FuzzCounts {
  requests: number;
  positive: number;
  negative: number;
  positiveAccepted: number;
  byStatus: Map<number, number>;
}

export const newCounts = (): FuzzCounts => ({
  requests: 0,
  positive: 0,
  negative: 0,
  positiveAccepted: 0,
  byStatus: new Map(),
});

const JSON_TYPE = "application/json";

function multipart(fields: Record<string, unknown>): { body: string; type: string } {
  const boundary = "fuzzBoundary7MA4YWxkTrZu0gW";
  const parts = Object.entries(fields).map(
    ([k, v]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${typeof v === "string" ? v : JSON.stringify(v)}\r\n`,
  );
  return {
    body: `${parts.join("")}--${boundary}--\r\n`,
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

/**
 * A parameter's schema with the parameter's own examples (OpenAPI Example Objects, e.g. the ids
 * of the seeded content an id parameter names) added to the schema's, so the generator draws
 * them two times in three.
 */
function parameterSchema(p: ParameterObject): JsonSchema {
  const schema = p.schema ?? { type: "string" };
  const own = Object.values(
    (p as { examples?: Record<string, { value?: unknown }> }).examples ?? {},
  )
    .map((e) => e.value)
    .filter((v) => v !== undefined);
  if (own.length === 0) return schema;
  return { ...schema, examples: [...own, ...((schema.examples as unknown[] | undefined) ?? [])] };
}

const objectSchema = (params: ParameterObject[], lower = false): JsonSchema => ({
  type: "object",
  properties: Object.fromEntries(
    params.map((p) => [lower ? p.name.toLowerCase() : p.name, parameterSchema(p)]),
  ),
  required: params
    .filter((p) => p.required || p.in === "path")
    .map((p) => (lower ? p.name.toLowerCase() : p.name)),
});

/** The parts of one request before it is written out. */
interface Parts {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, unknown>;
  body: unknown;
  auth: "valid" | "none" | "garbage";
  raw: string | undefined;
  contentType: string | undefined;
}

/** The `code` of an error answer: ErrorBody.code, EntitledError's errorCode, LeadUpdateError's key. */
export function errorCodeOf(text: string): string {
  try {
    const body = JSON.parse(text) as {
      code?: unknown;
      errors?: Array<{ errorCode?: unknown; context?: { key?: unknown } }>;
    };
    const first = body.errors?.[0];
    const code = body.code ?? first?.errorCode ?? first?.context?.key;
    return typeof code === "string" ? code : "-";
  } catch {
    return "-";
  }
}

/** The 4xx statuses and codes a valid request may get from the state (`x-portal-state-errors`). */
export function stateErrorsOf(op: Operation): Map<number, Set<string>> {
  const declared = (op.operation as Record<string, unknown>)["x-portal-state-errors"] as
    Record<string, string[]> | undefined;
  return new Map(
    Object.entries(declared ?? {}).map(([status, codes]) => [Number(status), new Set(codes)]),
  );
}

let ajvs: { strict: ReturnType<typeof createAjv>; coercing: ReturnType<typeof createAjv> };
/** One pair of Ajv instances for every fuzzer (each compiles a schema object once). */
function sharedAjv() {
  ajvs ??= {
    strict: createAjv({ useDefaults: false }),
    coercing: createAjv({ useDefaults: false, coerceTypes: "array" }),
  };
  return ajvs;
}

/**
 * Checks one operation: `runs` generated requests, each classified by the contract and
 * answered by `app`; returns the failures of the three checks, grouped.
 */
export class OperationFuzzer {
  readonly #op: FuzzOperation;
  readonly #checker: ResponseChecker;
  readonly #stateErrors: Map<number, Set<string>>;
  readonly #valid: {
    path: ValidateFunction;
    query: ValidateFunction;
    headers: ValidateFunction;
    body?: ValidateFunction;
  };
  readonly #bodyTypes: string[];
  readonly #bodyRequired: boolean;
  readonly #secured: boolean;

  constructor(op: FuzzOperation) {
    this.#op = op;
    const { strict, coercing } = sharedAjv();
    this.#checker = new ResponseChecker(op.operation.responses, strict);
    this.#stateErrors = stateErrorsOf(op);
    const content = op.operation.requestBody?.content ?? {};
    this.#bodyTypes = Object.keys(content);
    this.#bodyRequired = op.operation.requestBody?.required === true;
    const bodySchema = this.#bodyTypes[0] ? content[this.#bodyTypes[0]]?.schema : undefined;
    this.#valid = {
      path: coercing.compile(objectSchema(op.parameters.filter((p) => p.in === "path"))),
      // An operation with query parameters refuses unknown ones; one without ignores the query
      // string (common.yaml conventions).
      query: coercing.compile({
        ...objectSchema(op.parameters.filter((p) => p.in === "query")),
        additionalProperties: !op.parameters.some((p) => p.in === "query"),
      }),
      headers: coercing.compile(
        objectSchema(
          op.parameters.filter((p) => p.in === "header"),
          true,
        ),
      ),
      body: bodySchema ? strict.compile(bodySchema) : undefined,
    };
    this.#secured = op.security.some((r) => Object.keys(r).length > 0);
  }

  /** The arbitrary of the operation's requests: valid ones, credential variants, broken ones. */
  parts(): fc.Arbitrary<Parts> {
    const op = this.#op;
    const path = op.parameters.filter((p) => p.in === "path");
    const query = op.parameters.filter((p) => p.in === "query");
    const headers = op.parameters.filter((p) => p.in === "header");
    const content = op.operation.requestBody?.content ?? {};
    const bodyType = this.#bodyTypes[0];
    const bodySchema = bodyType ? (content[bodyType]?.schema ?? {}) : undefined;

    const validParts: fc.Arbitrary<Parts> = fc.record({
      path: arbitraryOf(objectSchema(path)) as fc.Arbitrary<Record<string, unknown>>,
      query: arbitraryOf(objectSchema(query)) as fc.Arbitrary<Record<string, unknown>>,
      headers: arbitraryOf(objectSchema(headers, true)) as fc.Arbitrary<Record<string, unknown>>,
      body: bodySchema
        ? this.#bodyRequired
          ? arbitraryOf(bodySchema)
          : fc.option(arbitraryOf(bodySchema), { freq: 8, nil: undefined })
        : fc.constant(undefined),
      auth: fc.constant<Parts["auth"]>("valid"),
      raw: fc.constant<string | undefined>(undefined),
      contentType: fc.constant(bodyType),
    });
    const credentialParts = validParts.chain((v) =>
      fc.constantFrom<Parts["auth"]>("none", "garbage").map((auth) => ({ ...v, auth })),
    );
    // Broken in one place.
    const invalidParts = validParts.chain((v) => {
      const options: fc.Arbitrary<Parts>[] = [
        fc
          .string({ maxLength: 30 })
          .map((s) => ({ ...v, query: { ...v.query, [`x${s.replace(/\W/g, "")}`]: s } })),
        fc.constant({ ...v, headers: { ...v.headers, "if-none-match": `"${"a".repeat(1100)}"` } }),
      ];
      if (path.length > 0)
        options.push(
          fc
            .tuple(
              fc.constantFrom(...path.map((p) => p.name)),
              fc.string({ minLength: 1, maxLength: 80, unit: "binary" }),
            )
            .map(([name, value]) => ({ ...v, path: { ...v.path, [name]: value } })),
        );
      if (query.length > 0)
        options.push(
          fc
            .constantFrom(...query)
            .chain((p) =>
              wrongTypeOf(p.schema).map((bad) => ({ ...v, query: { ...v.query, [p.name]: bad } })),
            ),
        );
      if (bodySchema) {
        options.push(
          (bodySchema.type === "object"
            ? invalidObjectOf(bodySchema)
            : wrongTypeOf(bodySchema)
          ).map((body) => ({ ...v, body })),
          fc
            .constantFrom('{"a":', "[1,2", "not json", '{"__proto__":{"x":1}}', "\u0000")
            .map((raw) => ({ ...v, raw })),
          fc.constant({ ...v, contentType: "text/plain" }),
        );
      }
      return fc.oneof(...options);
    });
    return fc.oneof(
      { weight: 5, arbitrary: validParts },
      { weight: 1, arbitrary: credentialParts },
      { weight: 4, arbitrary: invalidParts },
    );
  }

  /** Whether the contract calls these parts valid (the reason when it does not). */
  invalidity(p: Parts): string | undefined {
    const op = this.#op;
    if (this.#secured && p.auth !== "valid") return `credential ${p.auth}`;
    const stringly = (o: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(o).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]),
      );
    if (!this.#valid.path(stringly(p.path))) return "path";
    if (!this.#valid.query(stringly(p.query))) return "query";
    const declaredHeaders = new Set(
      op.parameters.filter((x) => x.in === "header").map((x) => x.name.toLowerCase()),
    );
    const headers = stringly(
      Object.fromEntries(Object.entries(p.headers).filter(([k]) => declaredHeaders.has(k))),
    );
    if (!this.#valid.headers(headers)) return "headers";
    if (p.raw !== undefined) return "raw body";
    if (p.body === undefined) return this.#bodyRequired ? "no body" : undefined;
    if (p.contentType && !this.#bodyTypes.includes(p.contentType)) return "content type";
    if (this.#valid.body && !this.#valid.body(p.body)) return "body";
    // No string of a request body holds U+0000 (common.yaml conventions: PostgreSQL text cannot).
    if (JSON.stringify(p.body).includes("\\u0000")) return "NUL in the body";
    return undefined;
  }

  request(p: Parts, creds: Credentials): InjectOptions {
    const op = this.#op;
    let url =
      op.basePath +
      op.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
        encodeURIComponent(String(p.path[name] ?? "")),
      );
    const search = new URLSearchParams();
    for (const [k, value] of Object.entries(p.query))
      search.set(k, typeof value === "string" ? value : JSON.stringify(value));
    if ([...search].length > 0) url += `?${search}`;
    const requestHeaders: Record<string, string> = {};
    for (const [k, value] of Object.entries(p.headers)) requestHeaders[k] = String(value);
    if (p.auth !== "none") {
      for (const scheme of op.security.flatMap((r) => Object.keys(r))) {
        if (scheme === "marketingApiKey")
          requestHeaders["x-api-key"] = p.auth === "valid" ? creds.apiKey : "wrong-key";
        else {
          const token =
            scheme === "leadToken"
              ? creds.lead
              : scheme === "productToken"
                ? creds.product
                : creds.b40;
          requestHeaders.authorization =
            p.auth === "valid" ? `Bearer ${token}` : "Bearer eyJhbGciOiJIUzI1NiJ9.e30.AAAA";
        }
      }
    }
    let payload: string | undefined;
    if (p.raw !== undefined) {
      payload = p.raw;
      requestHeaders["content-type"] = JSON_TYPE;
    } else if (p.body !== undefined && p.contentType) {
      if (
        p.contentType.startsWith("multipart/") &&
        p.body &&
        typeof p.body === "object" &&
        !Array.isArray(p.body)
      ) {
        const form = multipart(p.body as Record<string, unknown>);
        payload = form.body;
        requestHeaders["content-type"] = form.type;
      } else {
        payload =
          typeof p.body === "string" && !p.contentType.includes("json")
            ? p.body
            : JSON.stringify(p.body);
        requestHeaders["content-type"] = p.contentType.includes("/*") ? "image/png" : p.contentType;
      }
    }
    return { method: op.method.toUpperCase() as "GET", url, headers: requestHeaders, payload };
  }

  /** A documented response header present with a value its schema refuses (e.g. Retry-After: 0). */
  #headerProblem(status: number, headers: Record<string, unknown>): string | undefined {
    const responses = this.#op.operation.responses ?? {};
    const def = responses[String(status)] ?? responses[`${String(status)[0]}XX`];
    for (const [name, header] of Object.entries(def?.headers ?? {})) {
      const value = headers[name.toLowerCase()];
      const schema = (header as { schema?: JsonSchema }).schema;
      if (value === undefined || !schema) continue;
      let validate = this.#headerValidators.get(schema);
      if (!validate) {
        validate = sharedAjv().coercing.compile(schema);
        this.#headerValidators.set(schema, validate);
      }
      const text = Array.isArray(value) ? value.join(", ") : String(value);
      if (!validate(text)) return `header ${name}: ${JSON.stringify(text)} breaks its schema`;
    }
    return undefined;
  }
  readonly #headerValidators = new Map<JsonSchema, ValidateFunction>();

  /** What check (if any) an answer fails, and why. */
  judge(
    valid: boolean,
    method: string,
    status: number,
    headers: Record<string, unknown>,
    payload: Buffer,
  ): { check: CheckName; code: string; problem: string } | undefined {
    const text = payload.toString("utf8");
    const code = status >= 400 ? errorCodeOf(text) : "-";
    if (status >= 500)
      return {
        check: "response_schema_conformance",
        code,
        problem: `answered ${status}: ${text.slice(0, 300)}`,
      };
    const problem =
      this.#checker.check(status, headers, payload, method) ?? this.#headerProblem(status, headers);
    if (problem) return { check: "response_schema_conformance", code, problem };
    if (valid) {
      if (status < 400) return undefined;
      if (status === 429) return undefined; // documented (the checker said so): rate limits
      if (this.#stateErrors.get(status)?.has(code)) return undefined;
      return {
        check: "positive_data_acceptance",
        code,
        problem: `a valid request answered ${status} ${code}: ${text.slice(0, 300)}`,
      };
    }
    if (status >= 400 && status < 500) return undefined;
    return {
      check: "negative_data_rejection",
      code,
      problem: `an invalid request answered ${status}: ${text.slice(0, 200)}`,
    };
  }

  /** Runs `runs` cases against the app; failures are grouped by check, status and code. */
  async run(
    app: FastifyInstance,
    creds: Credentials,
    options: { runs: number; seed: number; counts?: FuzzCounts },
  ): Promise<Failure[]> {
    const failures = new Map<string, Failure>();
    const counts = options.counts ?? newCounts();
    const op = this.#op;
    await fc.assert(
      fc.asyncProperty(this.parts(), async (p) => {
        const reason = this.invalidity(p);
        const valid = reason === undefined;
        const request = this.request(p, creds);
        const res = await app.inject(request);
        counts.requests += 1;
        counts[valid ? "positive" : "negative"] += 1;
        if (valid && res.statusCode < 300) counts.positiveAccepted += 1;
        counts.byStatus.set(res.statusCode, (counts.byStatus.get(res.statusCode) ?? 0) + 1);
        const verdict = this.judge(
          valid,
          request.method ?? "GET",
          res.statusCode,
          res.headers,
          res.rawPayload,
        );
        if (!verdict) return;
        const key = `${verdict.check} ${res.statusCode} ${verdict.code}`;
        const known = failures.get(key);
        if (known) known.count += 1;
        else
          failures.set(key, {
            check: verdict.check,
            operationId: op.operationId,
            status: res.statusCode,
            code: verdict.code,
            count: 1,
            example: `${request.method} ${request.url} ${typeof request.payload === "string" ? request.payload.slice(0, 300) : ""}${valid ? "" : ` (invalid: ${reason})`} -> ${verdict.problem}`,
          });
      }),
      { numRuns: options.runs, seed: options.seed },
    );
    return [...failures.values()];
  }
}
