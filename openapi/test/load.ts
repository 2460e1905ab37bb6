// Loads the contracts and resolves `$ref`s across files, for the contract tests.
import { readFileSync, existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";

/** A parsed YAML mapping. */
export type Node = Record<string, unknown>;

/** A node together with the file it was read from (refs inside it are relative to that file). */
export interface Located {
  node: Node;
  file: string;
}

/** Absolute path of the openapi/ folder. */
export const OPENAPI_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** The service contracts, one per service, with the base path each is served under. */
export const SERVICE_FILES = {
  address: "address.yaml",
  shop: "shop.yaml",
  content: "content.yaml",
  config: "config.yaml",
  marketing: "marketing.yaml",
  uploads: "uploads.yaml",
} as const;

/** Name of a service. */
export type Service = keyof typeof SERVICE_FILES;

/** The HTTP methods an OpenAPI path item can hold. */
export const METHODS = [
  "get",
  "put",
  "post",
  "delete",
  "options",
  "head",
  "patch",
  "trace",
] as const;

const cache = new Map<string, Node>();

/** True when the value is a YAML mapping. */
export function isNode(value: unknown): value is Node {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Parses a YAML file of openapi/ (absolute, or relative to openapi/), cached. */
export function loadFile(file: string): Node {
  const path = resolve(OPENAPI_DIR, file);
  let doc = cache.get(path);
  if (!doc) {
    if (!existsSync(path)) throw new Error(`${path} does not exist`);
    const parsed: unknown = parse(readFileSync(path, "utf8"));
    if (!isNode(parsed)) throw new Error(`${path} is not a YAML mapping`);
    doc = parsed;
    cache.set(path, doc);
  }
  return doc;
}

/** Reads a JSON pointer (`/a/b~1c`) inside a document. */
function pointer(doc: Node, ptr: string, where: string): Node {
  let cur: unknown = doc;
  for (const raw of ptr.split("/").slice(1)) {
    const key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    if (Array.isArray(cur)) cur = cur[Number(key)];
    else if (isNode(cur)) cur = cur[key];
    else cur = undefined;
    if (cur === undefined) throw new Error(`unresolved $ref ${where}`);
  }
  if (!isNode(cur)) throw new Error(`$ref ${where} is not a mapping`);
  return cur;
}

/** Follows `$ref`s (possibly chained, possibly to other files) until a node without one. */
export function deref(node: Node, file: string): Located {
  let cur: Located = { node, file };
  for (let hops = 0; typeof cur.node.$ref === "string"; hops++) {
    if (hops > 20) throw new Error(`$ref loop at ${file}`);
    const ref = cur.node.$ref as string;
    const [target = "", ptr = ""] = ref.split("#");
    const targetFile = target === "" ? cur.file : resolve(dirname(cur.file), target);
    cur = {
      node: pointer(loadFile(targetFile), ptr, `${ref} (from ${cur.file})`),
      file: targetFile,
    };
  }
  return cur;
}

/** Child `key` of a located node, dereferenced; undefined when absent. */
export function child(at: Located, key: string): Located | undefined {
  const value = at.node[key];
  return isNode(value) ? deref(value, at.file) : undefined;
}

/** One operation of a service contract. */
export interface Operation {
  service: Service;
  path: string;
  method: (typeof METHODS)[number];
  op: Located;
  /** Path-item and operation parameters, dereferenced (operation ones win). */
  parameters: Located[];
}

/** Every operation of a service contract, following path-item `$ref`s. */
export function operations(service: Service): Operation[] {
  const file = resolve(OPENAPI_DIR, SERVICE_FILES[service]);
  const doc = loadFile(file);
  const paths = isNode(doc.paths) ? doc.paths : {};
  const result: Operation[] = [];
  for (const [path, raw] of Object.entries(paths)) {
    if (!isNode(raw)) continue;
    const item = deref(raw, file);
    const itemParams = listParams(item);
    for (const method of METHODS) {
      const op = child(item, method);
      if (!op) continue;
      const own = listParams(op);
      const key = (p: Located) => `${String(p.node.in)}:${String(p.node.name)}`;
      const ownKeys = new Set(own.map(key));
      const parameters = [...itemParams.filter((p) => !ownKeys.has(key(p))), ...own];
      result.push({ service, path, method, op, parameters });
    }
  }
  return result;
}

function listParams(at: Located): Located[] {
  const list = at.node.parameters;
  if (!Array.isArray(list)) return [];
  return list.filter(isNode).map((p) => deref(p, at.file));
}

/** Calls `visit` on every mapping of a file that holds a `$ref` (for the resolution check). */
export function eachRef(file: string, visit: (node: Node, file: string) => void): void {
  const path = resolve(OPENAPI_DIR, file);
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (isNode(value)) {
      if (typeof value.$ref === "string") visit(value, path);
      Object.values(value).forEach(walk);
    }
  };
  walk(loadFile(path));
}

/** A copy of a schema with every `$ref` replaced by its target (for compiling with Ajv). */
export function inline(node: unknown, file: string, depth = 0): unknown {
  if (depth > 50) throw new Error(`schema nesting too deep (recursive $ref?) in ${file}`);
  if (Array.isArray(node)) return node.map((v) => inline(v, file, depth + 1));
  if (!isNode(node)) return node;
  if (typeof node.$ref === "string") {
    const { node: target, file: targetFile } = deref(node, file);
    const { $ref: _ref, ...siblings } = node;
    return { ...(inline(target, targetFile, depth + 1) as Node), ...siblings };
  }
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, inline(v, file, depth + 1)]));
}
