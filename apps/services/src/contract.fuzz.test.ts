// Contract fuzzing (issue 12): every operation of every contract gets generated requests, valid
// and invalid (parameters, headers, bodies, credentials), from fast-check arbitraries built from
// the contract's own schemas (loaded with @portal/openapi's one loader). Every answer must be a
// documented status with its documented headers and body schema, and none may be a 5xx; in
// development (the app checks its answers too) and in production mode (no checking in the app).
// `pnpm test:fuzz` (scripts/test.sh in CI); FUZZ_RUNS cases per operation and mode (default 100),
// FUZZ_SEED to replay a run.
import fc from "fast-check";
import type { InjectOptions } from "fastify";
import {
  listOperations,
  loadContracts,
  SERVICES,
  type JsonSchema,
  type Operation,
  type ParameterObject,
} from "@portal/openapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "./db/database.js";
import { arbitraryOf, invalidObjectOf, wrongTypeOf } from "./fuzz/schema-arbitrary.js";
import { createAjv } from "./openapi/ajv.js";
import { ResponseChecker } from "./openapi/register.js";
import {
  buildTestApp,
  closeTestDatabase,
  createLead,
  openTestDatabase,
  type TestContext,
} from "./test/helper.js";

const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647);
const MODES = ["development", "production"] as const;
type Mode = (typeof MODES)[number];

interface Credentials {
  lead: string;
  product: string;
  b40: string;
  apiKey: string;
}

interface FuzzOperation extends Operation {
  service: string;
  basePath: string;
  checker: ResponseChecker;
}

let db: Database;
const apps = {} as Record<Mode, TestContext>;
const credentials = {} as Record<Mode, Credentials>;
let operations: FuzzOperation[] = [];
const counts = { requests: 0, valid: 0, invalid: 0, byStatus: new Map<number, number>() };

beforeAll(async () => {
  db = await openTestDatabase();
  const prodSecrets = {
    tokenSecret: "p".repeat(40),
    uploadSecret: "u".repeat(40),
    otpSecret: "o".repeat(40),
    altchaHmacKey: "a".repeat(40),
    marketingApiKey: "m".repeat(40),
  };
  for (const mode of MODES) {
    const ctx = await buildTestApp(db, {
      validateResponses: mode === "development",
      env: mode === "production" ? { portalEnv: "production", ...prodSecrets } : {},
    });
    apps[mode] = ctx;
    const { token } = await createLead(ctx.app);
    const product = await ctx.app.inject({
      method: "POST",
      url: "/content/api/v1/authenticate",
      payload: { product: "fibre", accountNumber: "1000234567", identityCard: "850315145678" },
    });
    const b40 = await ctx.app.inject({ method: "POST", url: "/content/api/v1/b40/auth" });
    credentials[mode] = {
      lead: token,
      product: product.json().response.token,
      b40: b40.json().response.token,
      apiKey: ctx.app.env.marketingApiKey,
    };
  }
  const ajv = createAjv({ useDefaults: false });
  const docs = await loadContracts();
  operations = SERVICES.flatMap((service) =>
    listOperations(docs.get(service.name)!).map((op) => ({
      ...op,
      service: service.name,
      basePath: service.basePath,
      checker: new ResponseChecker(op.operation.responses, ajv),
    })),
  );
}, 180_000);

afterAll(async () => {
  for (const ctx of Object.values(apps)) await ctx?.close();
  await closeTestDatabase(db);
  const statuses = [...counts.byStatus.entries()].sort(([a], [b]) => a - b);
  console.log(
    `contract fuzzing: ${operations.length} operations x ${MODES.length} modes x ${RUNS} cases = ${counts.requests} requests (${counts.valid} valid by structure, ${counts.invalid} invalid), seed ${SEED}; statuses ${statuses.map(([s, n]) => `${s}: ${n}`).join(", ")}; 5xx: ${statuses.filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0)}, undocumented: 0`,
  );
});

/** One generated request: what was sent, and whether it was meant to be valid. */
interface Case {
  valid: boolean;
  request: InjectOptions;
}

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

const objectSchema = (params: ParameterObject[]): JsonSchema => ({
  type: "object",
  properties: Object.fromEntries(params.map((p) => [p.name, p.schema ?? { type: "string" }])),
  required: params.filter((p) => p.required || p.in === "path").map((p) => p.name),
});

/** The arbitrary of one operation's requests: half meant valid by structure, half not. */
function casesOf(op: FuzzOperation, mode: Mode): fc.Arbitrary<Case> {
  const creds = credentials[mode];
  const path = op.parameters.filter((p) => p.in === "path");
  const query = op.parameters.filter((p) => p.in === "query");
  const headers = op.parameters.filter((p) => p.in === "header");
  const content = op.operation.requestBody?.content ?? {};
  const bodyType = Object.keys(content)[0];
  const bodySchema = bodyType ? (content[bodyType]?.schema ?? {}) : undefined;
  const schemes = op.security.flatMap((r) => Object.keys(r));

  const validParts = fc.record({
    path: arbitraryOf(objectSchema(path)) as fc.Arbitrary<Record<string, unknown>>,
    query: arbitraryOf(objectSchema(query)) as fc.Arbitrary<Record<string, unknown>>,
    headers: arbitraryOf(objectSchema(headers)) as fc.Arbitrary<Record<string, unknown>>,
    body: bodySchema
      ? fc.option(arbitraryOf(bodySchema), { freq: 8, nil: undefined })
      : fc.constant(undefined),
    auth: fc.constantFrom("valid", "valid", "valid", "none", "garbage"),
    raw: fc.constant<string | undefined>(undefined),
    contentType: fc.constant(bodyType),
  });
  // Invalid: one part broken at a time.
  const invalidParts = validParts.chain((v) => {
    const options: fc.Arbitrary<typeof v>[] = [
      fc.constant({ ...v, auth: "garbage" }),
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
        (bodySchema.type === "object" ? invalidObjectOf(bodySchema) : wrongTypeOf(bodySchema)).map(
          (body) => ({ ...v, body }),
        ),
        fc
          .constantFrom('{"a":', "[1,2", "not json", '{"__proto__":{"x":1}}', "\u0000")
          .map((raw) => ({ ...v, raw })),
        fc.constant({ ...v, contentType: "text/plain" }),
      );
    }
    return fc.oneof(...options);
  });

  return fc
    .oneof(
      validParts.map((p) => ({ valid: true, p })),
      invalidParts.map((p) => ({ valid: false, p })),
    )
    .map(({ valid, p }) => {
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
        for (const scheme of schemes) {
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
          requestHeaders["content-type"] = p.contentType.includes("/*")
            ? "image/png"
            : p.contentType;
        }
      }
      return {
        valid,
        request: {
          method: op.method.toUpperCase() as "GET",
          url,
          headers: requestHeaders,
          payload,
        },
      };
    });
}

describe.each(MODES)("contract fuzzing (%s)", (mode) => {
  it(`answers every generated request with a documented status, headers and body, never 5xx`, async () => {
    expect(operations.length).toBeGreaterThan(40);
    for (const op of operations) {
      await fc.assert(
        fc.asyncProperty(casesOf(op, mode), async ({ valid, request }) => {
          const res = await apps[mode].app.inject(request);
          counts.requests += 1;
          counts[valid ? "valid" : "invalid"] += 1;
          counts.byStatus.set(res.statusCode, (counts.byStatus.get(res.statusCode) ?? 0) + 1);
          const problem =
            res.statusCode >= 500
              ? `answered ${res.statusCode}: ${res.body.slice(0, 300)}`
              : op.checker.check(res.statusCode, res.headers, res.rawPayload, request.method);
          if (problem)
            throw new Error(`${op.operationId} ${request.method} ${request.url}: ${problem}`);
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    }
  }, 900_000);
});
