import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import {
  type Located,
  type Operation,
  type Service,
  OPENAPI_DIR,
  SERVICE_FILES,
  child,
  deref,
  eachRef,
  isNode,
  loadFile,
  operations,
} from "./load";
import {
  DECIDED_CALLS,
  DECISION_OPERATIONS,
  SECTION_3_SCHEMAS,
  SPEC_CALLS,
  type SpecCall,
} from "./spec-calls";

const SERVICES = Object.keys(SERVICE_FILES) as Service[];
const ALL_FILES = [...Object.values(SERVICE_FILES), "common.yaml", "paths/content-account.yaml"];
const ops = (): Operation[] => SERVICES.flatMap((s) => operations(s));
const label = (o: Operation) => `${o.service} ${o.method.toUpperCase()} ${o.path}`;

const ENUMS: Record<string, string[]> = { lang: ["bm", "en"], product: ["fibre", "tv"] };

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function enumOf(param: Located): string[] | undefined {
  const schema = child(param, "schema");
  const values = schema?.node.enum;
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
      const param = found.parameters.find((p) => p.node.in === "path" && p.node.name === captured);
      if (!param || !enumOf(param)?.includes(literal))
        problems.push(`${found.path}: {${captured}} does not list "${literal}" in its enum`);
    }
    for (const name of Object.keys(ENUMS)) {
      if (!found.path.includes(`{${name}}`)) continue;
      const param = found.parameters.find((p) => p.node.in === "path" && p.node.name === name);
      if (!param) problems.push(`${found.path}: path parameter ${name} not declared`);
      else if (JSON.stringify(enumOf(param)) !== JSON.stringify(ENUMS[name]))
        problems.push(`${found.path}: {${name}} enum is not ${String(ENUMS[name])}`);
    }
    for (const pair of query ? query.split("&") : []) {
      const [name = "", value = ""] = pair.split("=");
      const param = found.parameters.find((p) => p.node.in === "query" && p.node.name === name);
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
    const byId = new Map(ops().map((o) => [o.op.node.operationId, o]));
    const missing = DECISION_OPERATIONS.filter((id) => {
      const found = byId.get(id);
      return !found || !String(found.op.node.description ?? "").includes("Our decision");
    });
    expect(missing).toEqual([]);
  });
});

describe("SPEC.md section 3", () => {
  it.each(Object.entries(SECTION_3_SCHEMAS))("%s has a schema (%s)", (_entity, ref) => {
    const [file = "", ptr = ""] = ref.split("#");
    const schema = deref({ $ref: `#${ptr}` }, resolve(OPENAPI_DIR, file)).node;
    expect(schema.type ?? schema.enum ?? schema.oneOf).toBeDefined();
  });

  it("contact-us form carries every SPEC field, the captcha payload and the API key", () => {
    const form = loadFile("marketing.yaml");
    const schema = deref(
      { $ref: "#/components/schemas/ContactUsForm" },
      resolve(OPENAPI_DIR, "marketing.yaml"),
    );
    expect(Object.keys(schema.node.properties as object).sort()).toEqual(
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
    expect(schema.node.required).not.toContain("email");
    const schemes = (form.components as { securitySchemes: Record<string, unknown> })
      .securitySchemes;
    const key = deref(
      schemes.marketingApiKey as Record<string, unknown>,
      resolve(OPENAPI_DIR, "marketing.yaml"),
    );
    expect(key.node).toMatchObject({ type: "apiKey", in: "header", name: "x-api-key" });
  });

  it("security schemes: lead and product tokens are bearer JWTs, the B40 token is a raw Authorization header", () => {
    const schemes = (loadFile("common.yaml").components as { securitySchemes: unknown })
      .securitySchemes;
    expect(schemes).toMatchObject({
      leadToken: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
      productToken: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
      b40Token: { type: "apiKey", in: "header", name: "Authorization" },
      marketingApiKey: { type: "apiKey", in: "header", name: "x-api-key" },
    });
  });
});

describe("contract conventions", () => {
  it("every $ref resolves", () => {
    const broken: string[] = [];
    for (const file of ALL_FILES) {
      eachRef(file, (node, path) => {
        try {
          deref(node, path);
        } catch (error) {
          broken.push((error as Error).message);
        }
      });
    }
    expect(broken).toEqual([]);
  });

  it("each service file names its local server", () => {
    for (const service of SERVICES) {
      const servers = loadFile(SERVICE_FILES[service]).servers;
      expect(servers, service).toEqual([
        expect.objectContaining({ url: `http://localhost:4000/${service}` }),
      ]);
    }
  });

  it("every operation has a camelCase operationId and tags", () => {
    const bad = ops()
      .filter((o) => {
        const id = o.op.node.operationId;
        const tags = o.op.node.tags;
        return (
          typeof id !== "string" ||
          !/^[a-z][A-Za-z0-9]*$/.test(id) ||
          !Array.isArray(tags) ||
          tags.length === 0
        );
      })
      .map(label);
    expect(bad).toEqual([]);
  });

  it.each(SERVICES)("operationIds are unique in %s", (service) => {
    const ids = operations(service).map((o) => String(o.op.node.operationId));
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it("every 2xx JSON body is a closed object with a required `response`", () => {
    const bad: string[] = [];
    for (const o of ops()) {
      const responses = child(o.op, "responses");
      for (const [status, raw] of Object.entries(responses?.node ?? {})) {
        if (!/^2/.test(status) || !isNode(raw)) continue;
        const response = deref(raw, responses?.file ?? "");
        const content = child(response, "content");
        for (const [type, media] of Object.entries(content?.node ?? {})) {
          if (!type.includes("json") || !isNode(media)) continue;
          const schema = child(deref(media, content?.file ?? ""), "schema");
          const props = schema?.node.properties;
          const required = schema?.node.required;
          if (
            schema?.node.type !== "object" ||
            !isNode(props) ||
            !("response" in props) ||
            !Array.isArray(required) ||
            !required.includes("response") ||
            schema.node.additionalProperties !== false
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
      const statuses = Object.keys(child(o.op, "responses")?.node ?? {});
      const need = ["500"];
      if (o.op.node.requestBody) need.push("400", "413", "415");
      const security = o.op.node.security ?? loadFile(SERVICE_FILES[o.service]).security;
      if (Array.isArray(security) && security.some((s) => isNode(s) && Object.keys(s).length > 0))
        need.push("401");
      if (o.method !== "get" || o.parameters.some((p) => p.node.in !== "header")) need.push("400");
      for (const status of new Set(need))
        if (!statuses.includes(status)) bad.push(`${label(o)} lacks ${status}`);
    }
    // GETs of fixed paths (config, challenge) have no input to reject, hence no 400.
    expect(bad.filter((b) => !/GET \/(altcha\/challenge)? lacks 400/.test(b))).toEqual([]);
  });

  it("every 429 carries Retry-After, every 400 names the field", () => {
    const bad: string[] = [];
    for (const o of ops()) {
      const responses = child(o.op, "responses");
      const tooMany = responses && child(responses, "429");
      if (tooMany && !isNode(child(tooMany, "headers")?.node["Retry-After"]))
        bad.push(`${label(o)} 429 without Retry-After`);
      const badRequest = responses && child(responses, "400");
      const media = badRequest && child(badRequest, "content");
      const json = media && child(media, "application/json");
      const schema = json && child(json, "schema");
      if (badRequest && !schema) bad.push(`${label(o)} 400 without a JSON body`);
      if (schema) {
        const variants = [schema.node.oneOf, schema.node.anyOf]
          .filter(Array.isArray)
          .flat()
          .filter(isNode)
          .map((v) => deref(v, schema.file));
        const named = [schema, ...variants].some((s) => {
          const props = s.node.properties;
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
      const doc = loadFile(SERVICE_FILES[o.service]);
      const declared = isNode(doc.components) ? doc.components.securitySchemes : undefined;
      const security = o.op.node.security ?? doc.security ?? [];
      for (const requirement of Array.isArray(security) ? security.filter(isNode) : [])
        for (const name of Object.keys(requirement))
          if (!isNode(declared) || !(name in declared)) bad.push(`${label(o)}: ${name}`);
    }
    expect(bad).toEqual([]);
  });

  it("request bodies are closed and every string in them has a maxLength", () => {
    const bad: string[] = [];
    const walk = (at: Located, where: string, seen: Set<unknown>): void => {
      if (seen.has(at.node)) return;
      seen.add(at.node);
      const s = at.node;
      for (const key of ["oneOf", "anyOf", "allOf"]) {
        const list = s[key];
        if (Array.isArray(list))
          list
            .filter(isNode)
            .forEach((v, i) => walk(deref(v, at.file), `${where}/${key}/${i}`, seen));
      }
      if (s.type === "object" || isNode(s.properties)) {
        if (s.additionalProperties !== false) bad.push(`${where}: additionalProperties not false`);
        for (const [name, prop] of Object.entries(isNode(s.properties) ? s.properties : {}))
          if (isNode(prop)) walk(deref(prop, at.file), `${where}.${name}`, seen);
      }
      if (s.type === "array" && isNode(s.items)) walk(deref(s.items, at.file), `${where}[]`, seen);
      if (s.type === "string" && s.maxLength === undefined && !s.enum && s.const === undefined)
        bad.push(`${where}: string without maxLength`);
    };
    for (const o of ops()) {
      const body = child(o.op, "requestBody");
      const content = body && child(body, "content");
      for (const [type, media] of Object.entries(content?.node ?? {})) {
        if (!isNode(media) || !content) continue;
        const schema = child(deref(media, content.file), "schema");
        if (schema) walk(schema, `${label(o)} ${type}`, new Set());
      }
    }
    expect(bad).toEqual([]);
  });
});
