import { readFileSync, readdirSync } from "node:fs";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import {
  type JsonSchema,
  type OpenApiDocument,
  type Operation,
  type ParameterObject,
  type ServiceName,
  SERVICES,
  SERVICE_NAMES,
  SHARED_FILES,
  combineContracts,
  isPublic,
  listOperations,
  loadContracts,
  loadDocument,
  openapiDir,
} from "../src/index";
import {
  DECIDED_CALLS,
  DECISION_OPERATIONS,
  SECTION_3_SCHEMAS,
  SPEC_CALLS,
  type SpecCall,
} from "./spec-calls";

const contracts = await loadContracts();
const contract = (service: ServiceName): OpenApiDocument => contracts.get(service)!;
/** Operations by service, read once. */
const OPERATIONS = new Map(SERVICE_NAMES.map((s) => [s, listOperations(contract(s))]));
const operations = (service: ServiceName): Operation[] => OPERATIONS.get(service) ?? [];
const ops = (): (Operation & { service: ServiceName })[] =>
  SERVICE_NAMES.flatMap((service) => operations(service).map((o) => ({ ...o, service })));
const label = (o: Operation & { service: ServiceName }) =>
  `${o.service} ${o.method.toUpperCase()} ${o.path}`;

const isNode = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The schema a SECTION_3_SCHEMAS reference (`file#/components/schemas/Name`) points at. */
async function schemaAt(ref: string): Promise<JsonSchema | undefined> {
  const [file = "", pointer = ""] = ref.split("#");
  const doc = await loadDocument(file);
  let node: unknown = doc;
  for (const key of pointer.split("/").slice(1)) node = isNode(node) ? node[key] : undefined;
  return isNode(node) ? node : undefined;
}

const ENUMS: Record<string, string[]> = { lang: ["bm", "en"], product: ["fibre", "tv"] };

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function enumOf(param: ParameterObject): string[] | undefined {
  const values = param.schema?.enum;
  return Array.isArray(values) ? values.map(String).sort() : undefined;
}
/** Expands `{a|b}` alternatives: one concrete SPEC path per alternative. */
function expand(path: string): { path: string; literal?: string }[] {
  const alt = /\{([^}]*\|[^}]*)\}/.exec(path);
  if (!alt) return [{ path }];
  return (alt[1] ?? "").split("|").map((literal) => ({
    path: path.replace(alt[0], `§${literal}§`),
    literal,
  }));
}

/** Problems in matching one SPEC call against its service's contract; empty when it is there. */
function check(call: SpecCall): string[] {
  const [rawPath = "", query] = call.path.split("?");
  const candidates = operations(call.service).filter((o) => o.method === call.method.toLowerCase());
  const problems: string[] = [];
  for (const { path, literal } of expand(rawPath)) {
    let source = "^";
    for (const part of path.split(/(\{[^}]*\}|§[^§]*§)/)) {
      if (part === "") continue;
      if (part.startsWith("§")) source += `(?:${escape(part.slice(1, -1))}|\\{([^}]+)\\})`;
      else if (part === "{lang}" || part === "{product}") source += escape(part);
      else if (part.startsWith("{")) source += "\\{[^}]+\\}";
      else source += escape(part);
    }
    const re = new RegExp(`${source}$`);
    const found = candidates.find((o) => re.test(o.path));
    if (!found) {
      problems.push(`${call.method} ${path.replaceAll("§", "")} missing in ${call.service}`);
      continue;
    }
    const captured = re.exec(found.path)?.[1];
    if (literal && captured) {
      const param = found.parameters.find((p) => p.in === "path" && p.name === captured);
      if (!param || !enumOf(param)?.includes(literal))
        problems.push(`${found.path}: {${captured}} does not list "${literal}" in its enum`);
    }
    for (const name of Object.keys(ENUMS)) {
      if (!found.path.includes(`{${name}}`)) continue;
      const param = found.parameters.find((p) => p.in === "path" && p.name === name);
      if (!param) problems.push(`${found.path}: path parameter ${name} not declared`);
      else if (JSON.stringify(enumOf(param)) !== JSON.stringify(ENUMS[name]))
        problems.push(`${found.path}: {${name}} enum is not ${String(ENUMS[name])}`);
    }
    for (const pair of query ? query.split("&") : []) {
      const [name = "", value = ""] = pair.split("=");
      const param = found.parameters.find((p) => p.in === "query" && p.name === name);
      if (!param) {
        problems.push(`${found.path}: query parameter ${name} not declared`);
        continue;
      }
      const kind = value === "" ? name : value.replace(/[{}]/g, "");
      const expected = ENUMS[kind];
      if (expected && JSON.stringify(enumOf(param)) !== JSON.stringify(expected))
        problems.push(`${found.path}: query ${name} enum is not ${String(expected)}`);
    }
  }
  return problems;
}

describe("SPEC.md section 7", () => {
  it.each(SPEC_CALLS.map((c) => [`${c.method} ${c.path}`, c] as const))(
    "%s is in the contract",
    (_name, call) => {
      expect(check(call)).toEqual([]);
    },
  );

  it.each(DECIDED_CALLS.map((c) => [`${c.method} ${c.path} (${c.note ?? ""})`, c] as const))(
    "our decision %s is in the contract",
    (_name, call) => {
      expect(check(call)).toEqual([]);
    },
  );

  it("the matcher itself rejects what is not there", () => {
    expect(check({ service: "shop", method: "GET", path: "/api/v3/generate-otp" })).not.toEqual([]);
    expect(check({ service: "shop", method: "POST", path: "/api/v3/generate-otp/x" })).not.toEqual(
      [],
    );
    expect(
      check({ service: "content", method: "GET", path: "/api/v1/terms/{privacy-notice|nope}" }),
    ).toHaveLength(1);
    expect(
      check({
        service: "address",
        method: "POST",
        path: "/cassandra/api/v1/address/greenfield-search?platform={product}",
      }),
    ).not.toEqual([]);
    expect(
      check({
        service: "content",
        method: "GET",
        path: "/api/v1/channel/{lang}/{id}?lang={product}",
      }),
    ).not.toEqual([]);
  });

  it("operations SPEC leaves 'not shown' say 'Our decision'", () => {
    const byId = new Map(ops().map((o) => [o.operationId, o]));
    const missing = DECISION_OPERATIONS.filter((id) => {
      const found = byId.get(id);
      return !found || !String(found.operation.description ?? "").includes("Our decision");
    });
    expect(missing).toEqual([]);
  });
});

describe("SPEC.md section 3", () => {
  it.each(Object.entries(SECTION_3_SCHEMAS))("%s has a schema (%s)", async (_entity, ref) => {
    const schema = await schemaAt(ref);
    expect(schema?.type ?? schema?.enum ?? schema?.oneOf).toBeTruthy();
  });

  it("contact-us form carries every SPEC field, the captcha payload and the API key", async () => {
    const schema = await schemaAt("marketing.yaml#/components/schemas/ContactUsForm");
    expect(Object.keys(schema?.properties as object).sort()).toEqual(
      [
        "formKey",
        "name",
        "first_contact_number",
        "email",
        "second_contact_number",
        "address",
        "box_selection",
        "dish_selection",
        "contact",
        "altcha",
      ].sort(),
    );
    expect(schema?.required).not.toContain("email");
    expect(contract("marketing").components?.securitySchemes?.marketingApiKey).toMatchObject({
      type: "apiKey",
      in: "header",
      name: "x-api-key",
    });
  });

  it("security schemes: lead and product tokens are bearer JWTs, the B40 token is a raw Authorization header", async () => {
    const common = await loadDocument("common.yaml");
    expect(common.components?.securitySchemes).toMatchObject({
      leadToken: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
      productToken: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
      b40Token: { type: "apiKey", in: "header", name: "Authorization" },
      marketingApiKey: { type: "apiKey", in: "header", name: "x-api-key" },
    });
  });
});

describe("the list of services and the loader", () => {
  it("every service file and shared file loads with every $ref resolved", async () => {
    for (const file of [...SERVICES.map((s) => s.file), ...SHARED_FILES]) {
      const text = JSON.stringify(await loadDocument(file));
      expect(text, file).not.toContain('"$ref"');
    }
  });

  it("an unresolvable $ref fails with the file named", async () => {
    const dir = await mkdtemp(join(tmpdir(), "openapi-"));
    await writeFile(
      join(dir, "broken.yaml"),
      "openapi: 3.1.0\ninfo: { title: t, version: '1' }\npaths: {}\ncomponents:\n  schemas:\n    A: { $ref: 'other.yaml#/components/schemas/Nope' }\n",
    );
    await expect(loadDocument("broken.yaml", dir)).rejects.toThrow(/broken\.yaml/);
  });

  it("every .yaml contract in openapi/ is a listed service or a shared file", () => {
    const yaml = readdirSync(openapiDir()).filter(
      (f) => f.endsWith(".yaml") && f !== "redocly.yaml",
    );
    expect(yaml.sort()).toEqual(
      [...SERVICES.map((s) => s.file), ...SHARED_FILES.filter((f) => !f.includes("/"))].sort(),
    );
  });

  it("redocly lints every service and shared file", () => {
    const config = parse(readFileSync(join(openapiDir(), "redocly.yaml"), "utf8")) as {
      apis: Record<string, { root: string }>;
    };
    const roots = Object.values(config.apis).map((a) => a.root.replace(/^\.\//, ""));
    expect(roots.sort()).toEqual([...SERVICES.map((s) => s.file), ...SHARED_FILES].sort());
  });

  it("operationIds are unique across the services (one document can hold them all)", () => {
    const ids = ops().map((o) => o.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it("the combined document carries every operation under its base path, with its security", () => {
    const whole = combineContracts(contracts, "https://api.example.my/", {
      title: "All",
      version: "1",
    });
    expect(whole.servers).toEqual([{ url: "https://api.example.my" }]);
    const combined = listOperations(whole);
    expect(combined).toHaveLength(ops().length);
    const otp = combined.find((o) => o.operationId === "generateOtp");
    expect(otp?.path).toBe("/shop/api/v3/generate-otp");
    expect(otp?.security).toEqual([{ leadToken: [] }]);
    expect(otp?.operation.tags).toEqual(["shop: otp"]);
    expect(combined.find((o) => o.operationId === "getConfig")?.path).toBe("/config");
    expect(combined.find((o) => o.operationId === "getConfig")?.security).toEqual([]);
  });
});

describe("contract conventions", () => {
  it("each service file names its local server", () => {
    for (const service of SERVICES) {
      expect(contract(service.name).servers, service.name).toEqual([
        expect.objectContaining({ url: `http://localhost:4000${service.basePath}` }),
      ]);
    }
  });

  it("every operation has a camelCase operationId and tags", () => {
    const bad = ops()
      .filter((o) => {
        const tags = o.operation.tags;
        return (
          !/^[a-z][A-Za-z0-9]*$/.test(o.operationId) || !Array.isArray(tags) || tags.length === 0
        );
      })
      .map(label);
    expect(bad).toEqual([]);
  });

  it("every 2xx JSON body is a closed object with a required `response`", () => {
    const bad: string[] = [];
    for (const o of ops()) {
      for (const [status, response] of Object.entries(o.operation.responses ?? {})) {
        if (!/^2/.test(status)) continue;
        for (const [type, media] of Object.entries(response.content ?? {})) {
          if (!type.includes("json")) continue;
          const schema = media.schema;
          const props = schema?.properties;
          const required = schema?.required;
          if (
            schema?.type !== "object" ||
            !isNode(props) ||
            !("response" in props) ||
            !Array.isArray(required) ||
            !required.includes("response") ||
            schema.additionalProperties !== false
          )
            bad.push(`${label(o)} ${status} ${type}`);
        }
      }
    }
    expect(bad).toEqual([]);
  });

  it("every operation documents its errors", () => {
    const bad: string[] = [];
    for (const o of ops()) {
      const statuses = Object.keys(o.operation.responses ?? {});
      // 503: the database is unreachable or the instance drains; 408: a body too slow to arrive.
      const need = ["500", "503"];
      if (o.operation.requestBody) need.push("400", "408", "413", "415");
      if (!isPublic(o)) need.push("401");
      if (o.method !== "get" || o.parameters.some((p) => p.in !== "header")) need.push("400");
      for (const status of new Set(need))
        if (!statuses.includes(status)) bad.push(`${label(o)} lacks ${status}`);
    }
    // GETs of fixed paths (config, challenge) have no input to reject, hence no 400.
    expect(bad.filter((b) => !/GET \/(altcha\/challenge)? lacks 400/.test(b))).toEqual([]);
  });

  it("every 429 and 503 carries Retry-After, every 400 names the field", () => {
    const bad: string[] = [];
    for (const o of ops()) {
      const responses = o.operation.responses ?? {};
      for (const status of ["429", "503"]) {
        const refusal = responses[status];
        if (refusal && !isNode(refusal.headers?.["Retry-After"]))
          bad.push(`${label(o)} ${status} without Retry-After`);
      }
      const badRequest = responses["400"];
      const schema = badRequest?.content?.["application/json"]?.schema;
      if (badRequest && !schema) bad.push(`${label(o)} 400 without a JSON body`);
      if (schema) {
        const variants = [schema.oneOf, schema.anyOf].filter(Array.isArray).flat().filter(isNode);
        const named = [schema, ...variants].some((s) => {
          const props = s.properties;
          return isNode(props) && ("field" in props || "errors" in props);
        });
        if (!named) bad.push(`${label(o)} 400 body names no field`);
      }
    }
    expect(bad).toEqual([]);
  });

  it("security requirements name schemes declared in the same file", () => {
    const bad: string[] = [];
    for (const o of ops()) {
      const declared = contract(o.service).components?.securitySchemes ?? {};
      for (const requirement of o.security)
        for (const name of Object.keys(requirement))
          if (!(name in declared)) bad.push(`${label(o)}: ${name}`);
    }
    expect(bad).toEqual([]);
  });

  it("request bodies are closed and every string in them has a maxLength", () => {
    const bad: string[] = [];
    const walk = (s: JsonSchema, where: string, seen: Set<unknown>): void => {
      if (seen.has(s)) return;
      seen.add(s);
      for (const key of ["oneOf", "anyOf", "allOf"]) {
        const list = s[key];
        if (Array.isArray(list))
          list.filter(isNode).forEach((v, i) => walk(v, `${where}/${key}/${i}`, seen));
      }
      // A document the services keep and hand back verbatim, never read (the saved journey of a
      // handoff): marked `x-portal-opaque`, bounded by the body limit, its reason in the text.
      if (s["x-portal-opaque"] === true) {
        if (typeof s.description !== "string" || !/opaque/i.test(s.description))
          bad.push(`${where}: x-portal-opaque without the reason in its description`);
        return;
      }
      if (s.type === "object" || isNode(s.properties)) {
        if (s.additionalProperties !== false) bad.push(`${where}: additionalProperties not false`);
        for (const [name, prop] of Object.entries(isNode(s.properties) ? s.properties : {}))
          if (isNode(prop)) walk(prop, `${where}.${name}`, seen);
      }
      if (s.type === "array" && isNode(s.items)) walk(s.items, `${where}[]`, seen);
      if (s.type === "string" && s.maxLength === undefined && !s.enum && s.const === undefined)
        bad.push(`${where}: string without maxLength`);
    };
    for (const o of ops())
      for (const [type, media] of Object.entries(o.operation.requestBody?.content ?? {}))
        if (media.schema) walk(media.schema, `${label(o)} ${type}`, new Set());
    expect(bad).toEqual([]);
  });
});
