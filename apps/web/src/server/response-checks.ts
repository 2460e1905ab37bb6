import { listOperations, loadContract, type OpenApiDocument, SERVICES } from "@portal/openapi";
import type { ValidateFunction } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsImport from "ajv-formats";

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats = ((addFormatsImport as unknown as { default?: unknown }).default ??
  addFormatsImport) as (ajv: Ajv2020) => Ajv2020;

/** One operation the server may call: how its URL looks and what its 2xx answer must be. */
interface CheckedOperation {
  operationId: string;
  method: string;
  pattern: RegExp;
  /** Validates the envelope's `response` (the `data` the client answers). */
  validate: ValidateFunction;
}

/**
 * Checks the services' answers before a page is rendered from them: a 2xx answer of an
 * operation the contracts (openapi/, the one source of truth, read by @portal/openapi) describe
 * must be JSON whose `response` matches the documented schema (the same Ajv 2020 setup the
 * services check their own answers with). Anything else (a page from a proxy, a wrong shape) is
 * turned into an answer the API client reports as `invalid-response`, so the page shows the
 * error (503, never cached) instead of rendering "Loading…" and keeping it.
 */
export async function createResponseChecks(
  services: ReadonlyArray<"content" | "config"> = ["content", "config"],
): Promise<{ check: typeof fetch; operations: number }> {
  const ajv = new Ajv2020({ strict: false, allErrors: false, useDefaults: false });
  addFormats(ajv);
  for (const name of ["binary", "byte", "int32", "int64", "float", "double", "password"])
    ajv.addFormat(name, true);
  for (const keyword of ["example", "xml", "externalDocs", "discriminator"])
    if (!ajv.getKeyword(keyword)) ajv.addKeyword(keyword);

  const operations: CheckedOperation[] = [];
  for (const service of services) {
    const basePath = SERVICES.find((item) => item.name === service)!.basePath;
    const doc: OpenApiDocument = await loadContract(service);
    for (const op of listOperations(doc)) {
      const ok = op.operation.responses?.["200"] as
        { content?: Record<string, { schema?: Record<string, unknown> }> } | undefined;
      const schema = ok?.content?.["application/json"]?.schema;
      if (!schema) continue;
      const properties = schema.properties as Record<string, Record<string, unknown>> | undefined;
      const responseSchema = properties?.response ?? schema;
      const path = `${basePath}${op.path}`
        .replace(/[.*+?^$()|[\]\\]/g, "\\$&")
        .replace(/\{[^}]+\}/g, "[^/]+");
      operations.push({
        operationId: op.operationId,
        method: op.method.toUpperCase(),
        pattern: new RegExp(`^${path}/?$`),
        validate: ajv.compile(responseSchema),
      });
    }
  }
  // The most specific path first (a literal segment beats a parameter).
  operations.sort((a, b) => b.pattern.source.length - a.pattern.source.length);

  const check: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    if (!response.ok || response.status === 204) return response;
    const request = input instanceof Request ? input : undefined;
    const url = new URL(request?.url ?? String(input));
    const method = (init?.method ?? request?.method ?? "GET").toUpperCase();
    const op = operations.find((item) => item.method === method && item.pattern.test(url.pathname));
    if (!op) return response;
    const text = await response.text();
    const problem = contractProblem(op, response.headers.get("content-type"), text);
    if (problem === undefined)
      return new Response(text, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    // Not JSON on purpose: the API client reports it as `invalid-response` with this text.
    return new Response(`${op.operationId}: ${problem}`, {
      status: response.status,
      headers: { "content-type": "application/json" },
    });
  };
  return { check, operations: operations.length };
}

/** What breaks the contract in an answer, or undefined. */
function contractProblem(
  op: CheckedOperation,
  contentType: string | null,
  text: string,
): string | undefined {
  if (!/json/i.test(contentType ?? "")) return `answered ${contentType ?? "no content type"}`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return "answered invalid JSON";
  }
  if (body === null || typeof body !== "object" || !("response" in body))
    return "answered JSON without `response`";
  if (op.validate((body as { response: unknown }).response)) return undefined;
  const first = op.validate.errors?.[0];
  return `answered a wrong shape (${first?.instancePath || "/"} ${first?.message ?? ""})`.trim();
}
