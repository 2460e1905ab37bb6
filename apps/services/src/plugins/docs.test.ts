import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { SERVICES, listOperations, loadContracts } from "@portal/openapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import type { Database } from "../db/database.js";
import { loadEnv } from "../lib/env.js";
import {
  buildTestApp,
  closeTestDatabase,
  openTestDatabase,
  type TestContext,
} from "../test/helper.js";

const PUBLIC_URL = "https://api.suria.example:8443";

let db: Database;
let ctx: TestContext;
beforeAll(async () => {
  db = await openTestDatabase();
  ctx = await buildTestApp(db, { env: { publicUrl: PUBLIC_URL } });
});
afterAll(async () => {
  await ctx?.close();
  await closeTestDatabase(db);
});

const get = (url: string) => ctx.app.inject({ method: "GET", url });

/** Full paths of the routes `printRoutes` draws as a tree (one segment per line, indented). */
function routePaths(tree: string): string[] {
  const stack: string[] = [];
  const paths: string[] = [];
  for (const line of tree.split("\n")) {
    const match = /^(.*?)[└├]── (\S+)( \(.*\))?$/.exec(line);
    if (!match) continue;
    const depth = [...(match[1] ?? "")].length / 4;
    stack.length = depth;
    stack.push(match[2] ?? "");
    if (match[3]?.includes("GET")) paths.push(stack.join(""));
  }
  return paths;
}

describe("API reference (/docs)", () => {
  it("/docs/json holds every operation of every service, served from PUBLIC_URL", async () => {
    const res = await get("/docs/json");
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.servers).toEqual([{ url: PUBLIC_URL }]);
    const contracts = await loadContracts();
    const expected = [...contracts].flatMap(([name, contract]) =>
      listOperations(contract).map((o) => `${o.method} /${name}${o.path === "/" ? "" : o.path}`),
    );
    const served = listOperations(doc).map((o) => `${o.method} ${o.path}`);
    expect(served.sort()).toEqual(expected.sort());
    expect(expected.length).toBeGreaterThanOrEqual(47);
  });

  it("/docs/yaml is the same document in YAML", async () => {
    const res = await get("/docs/yaml");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/x-yaml/);
    expect(parse(res.body)).toEqual((await get("/docs/json")).json());
  });

  it.each(SERVICES.map((s) => [s.name, s.basePath] as const))(
    "%s: its own document in JSON and YAML, server PUBLIC_URL%s",
    async (name, basePath) => {
      const json = await get(`/docs/openapi/${name}.json`);
      expect(json.statusCode).toBe(200);
      const doc = json.json();
      expect(doc.servers).toEqual([expect.objectContaining({ url: `${PUBLIC_URL}${basePath}` })]);
      expect(doc.servers).toHaveLength(1);
      expect(JSON.stringify(doc)).not.toContain('"$ref"');
      const yaml = await get(`/docs/openapi/${name}.yaml`);
      expect(yaml.statusCode).toBe(200);
      expect(yaml.headers["content-type"]).toMatch(/^application\/yaml/);
      expect(parse(yaml.body)).toEqual(doc);
    },
  );

  it("the UI offers the whole document and each service, from local files only", async () => {
    const page = await get("/docs/");
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("swagger-ui-bundle.js");
    expect(page.body).not.toMatch(/https?:\/\/(?!localhost)/);
    const init = await get("/docs/static/swagger-initializer.js");
    expect(init.body).toContain('"/docs/json"');
    for (const s of SERVICES) expect(init.body).toContain(`"/docs/openapi/${s.name}.json"`);
  });

  it("no path under /docs answers 5xx: every route, every static file, unknown names", async () => {
    const routes = routePaths(ctx.app.printRoutes({ commonPrefix: false })).filter((p) =>
      p.startsWith("/docs"),
    );
    // The whole document, each service in two formats, the UI, its initializer.
    expect(routes.length).toBeGreaterThanOrEqual(2 + SERVICES.length * 2 + 3);
    const staticDir = join(
      dirname(createRequire(import.meta.url).resolve("@fastify/swagger-ui")),
      "static",
    );
    const urls = new Set<string>(["/docs", "/docs/", "/docs/nope", "/docs/openapi/nope.json"]);
    // printRoutes draws @fastify/static's wildcard under /docs without its prefix: ask the router.
    expect(routes.filter((r) => r.includes("*"))).toHaveLength(1);
    expect(ctx.app.hasRoute({ method: "GET", url: "/docs/static/*" })).toBe(true);
    for (const route of routes.filter((r) => !r.includes("*")))
      urls.add(route.replace(/:[^/.]+/g, "nope"));
    for (const file of readdirSync(staticDir)) urls.add(`/docs/static/${file}`);
    urls.add("/docs/static/nope.js");
    urls.add("/docs/static/../../package.json");
    urls.add("/docs/static/%2e%2e/%2e%2e/package.json");
    const answers = await Promise.all(
      [...urls].map(async (url) => [url, (await get(url)).statusCode] as const),
    );
    expect(answers.filter(([, status]) => status >= 500)).toEqual([]);
    // What the UI serves is there.
    const missing = answers.filter(
      ([url, status]) =>
        status === 404 && !/nope|\.\.|%2e/.test(url) && !url.endsWith("/docs/static/index.html"),
    );
    expect(missing).toEqual([]);
  });
});

describe("PUBLIC_URL follows the port", () => {
  it("defaults to http://localhost:<PORT> (also when empty) and drops a trailing slash", () => {
    expect(loadEnv({ PORT: "4141" }).publicUrl).toBe("http://localhost:4141");
    expect(loadEnv({ PORT: "4141", PUBLIC_URL: "" }).publicUrl).toBe("http://localhost:4141");
    expect(loadEnv({ PORT: "4141", PUBLIC_URL: "https://x.example/" }).publicUrl).toBe(
      "https://x.example",
    );
  });
});
