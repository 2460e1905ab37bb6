import { Ajv2020 } from "ajv/dist/2020.js";
import type { ErrorObject, Options, ValidateFunction } from "ajv";
import addFormatsImport from "ajv-formats";
import type { FastifySchemaCompiler } from "fastify";

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats = ((addFormatsImport as unknown as { default?: unknown }).default ??
  addFormatsImport) as (ajv: Ajv2020) => Ajv2020;

const OPENAPI_FORMATS = ["binary", "byte", "int32", "int64", "float", "double", "password"];

/** An Ajv for JSON Schema 2020-12 (OpenAPI 3.1) that knows the OpenAPI formats. */
export function createAjv(options: Options = {}): Ajv2020 {
  const ajv = new Ajv2020({
    strict: false,
    allErrors: false,
    useDefaults: true,
    removeAdditional: false,
    ...options,
  });
  addFormats(ajv);
  for (const name of OPENAPI_FORMATS) ajv.addFormat(name, true);
  // OpenAPI annotation keywords that are not JSON Schema.
  for (const keyword of ["example", "xml", "externalDocs", "discriminator"]) {
    if (!ajv.getKeyword(keyword)) ajv.addKeyword(keyword);
  }
  return ajv;
}

/**
 * Fastify's validator compiler: request bodies are validated as sent (no coercion, nothing
 * removed); path, query and header values are strings and are coerced to their schema types.
 */
export function createValidatorCompiler(): FastifySchemaCompiler<unknown> {
  const strictAjv = createAjv();
  const coercingAjv = createAjv({ coerceTypes: "array" });
  const cache = new WeakMap<object, ValidateFunction>();
  return ({ schema, httpPart }) => {
    const ajv = httpPart === "body" ? strictAjv : coercingAjv;
    const key = schema as object;
    let validate = httpPart === "body" ? cache.get(key) : undefined;
    if (!validate) {
      validate = ajv.compile(schema as object);
      if (httpPart === "body") cache.set(key, validate);
    }
    const fn = validate;
    const optional =
      httpPart === "body" && (schema as Record<string, unknown>)["x-optional-body"] === true;
    return (data: unknown) =>
      optional && (data === undefined || data === null)
        ? { value: data }
        : fn(data)
          ? { value: data }
          : { error: Object.assign(new Error("validation failed"), { validation: fn.errors }) };
  };
}

/** camelCases a field name so it can be a segment of a stable code key. */
const codeSegment = (name: string): string =>
  name
    .replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ""))
    .replace(/^[^A-Za-z]+/, "")
    .replace(/^./, (c) => c.toLowerCase()) || "body";

const KIND: Record<string, string> = {
  required: "required",
  maxLength: "tooLong",
  maxItems: "tooLong",
  maxProperties: "tooLong",
  minLength: "tooShort",
  minItems: "tooShort",
  type: "type",
  additionalProperties: "unknown",
  const: "invalid",
  enum: "invalid",
  pattern: "invalid",
  format: "invalid",
};

/** The field (dotted path) and stable code of the first ajv error. */
export function describeAjvError(
  error: ErrorObject | undefined,
  context: string,
): { field: string; code: string; message: string } {
  if (!error) return { field: "body", code: "validation.body.invalid", message: "body is invalid" };
  const segments = error.instancePath.split("/").filter(Boolean);
  const params = error.params as Record<string, unknown>;
  if (error.keyword === "required" && typeof params.missingProperty === "string") {
    segments.push(params.missingProperty);
  } else if (
    error.keyword === "additionalProperties" &&
    typeof params.additionalProperty === "string"
  ) {
    segments.push(params.additionalProperty);
  }
  const field = segments.join(".") || (context === "body" ? "body" : context);
  const last = [...segments].reverse().find((s) => !/^\d+$/.test(s)) ?? field;
  const kind = KIND[error.keyword] ?? "invalid";
  const message =
    error.keyword === "required"
      ? `${field} is required`
      : error.keyword === "additionalProperties"
        ? `${field} is not allowed`
        : `${field} ${error.message ?? "is invalid"}`;
  return { field, code: `validation.${codeSegment(last)}.${kind}`, message };
}
