import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import {
  authoredSchema,
  loadDocument,
  openapiDir as defaultOpenapiDir,
  type OpenApiDocument,
} from "@portal/openapi";
import { isSlug } from "@portal/validation";
import type { ValidateFunction } from "ajv";
import type { Database, Queryable } from "../db/database.js";
import { seedDir as defaultSeedDir } from "../lib/paths.js";
import { createAjv } from "../openapi/ajv.js";
import { notifyContentImported } from "./events.js";
import { replicateContent } from "./replicate.js";
import { SANITISER_VERSION, sanitiseHtmlFields } from "./sanitise.js";

/** What kind of document a content row holds (one per manifest schema). */
export type ContentKind =
  | "channel"
  | "movie"
  | "package"
  | "combo"
  | "bundle"
  | "campaign"
  | "article"
  | "product"
  | "highlight"
  | "terms"
  | "home"
  | "support"
  | "dealer";

const KIND_OF_SCHEMA: Record<string, ContentKind> = {
  Channel: "channel",
  Movie: "movie",
  Package: "package",
  Combo: "combo",
  Bundle: "bundle",
  Campaign: "campaign",
  StoreArticle: "article",
  ProductContent: "product",
  Highlight: "highlight",
  Terms: "terms",
  Home: "home",
  SupportCategory: "support",
  Dealer: "dealer",
};

interface ManifestFile {
  path: string;
  perLang: boolean;
  schemaFile: string;
  schema: string;
  array: boolean;
  key?: string;
}

interface Manifest {
  languages: string[];
  files: ManifestFile[];
}

/** A row of content_documents. */
export interface DocumentRow {
  kind: ContentKind;
  lang: string;
  id: string;
  position: number;
  doc: unknown;
}

/** The seed folder read, validated and turned into rows. */
export interface ContentSeed {
  documents: DocumentRow[];
  /** sha256 of the manifest and every file it lists. */
  checksum: string;
  /** Documents per kind. */
  counts: Record<string, number>;
}

/** The outcome of an import. */
export interface ContentImportResult {
  /** False when the seed equals the last import (nothing was written). */
  changed: boolean;
  /** Content version after the import (0 when nothing was ever imported). */
  version: number;
  checksum: string;
  counts: Record<string, number>;
}

/** Seed content that breaks its schema or the import rules; nothing is written. */
export class ContentImportError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(
      `content import refused, ${problems.length} problem(s):\n${problems.slice(0, 20).join("\n")}`,
    );
    this.name = "ContentImportError";
    this.problems = problems;
  }
}

const LANGS = ["bm", "en"];

type Doc = Record<string, unknown>;
const str = (v: unknown): string => (typeof v === "string" ? v : "");

/**
 * The schemas of the manifest, compiled from the openapi/ files as the contract loader reads them,
 * without their readOnly properties (`authoredSchema`).
 */
async function compileSchemas(
  manifest: Manifest,
  openapiDir: string,
): Promise<{
  schemaOf: (file: ManifestFile) => ValidateFunction;
  sanitise: (file: ManifestFile, doc: unknown) => unknown;
}> {
  const ajv = createAjv({ useDefaults: false, allErrors: true });
  const documents = new Map<string, OpenApiDocument>();
  for (const file of new Set(manifest.files.map((f) => f.schemaFile))) {
    if (!file.endsWith(".yaml") || !isSlug(file.slice(0, -".yaml".length)))
      throw new ContentImportError([`manifest.json: schemaFile ${file} is not an openapi/ file`]);
    documents.set(file, await loadDocument(file, openapiDir));
  }
  const compiled = new Map<string, ValidateFunction>();
  const schemaOf = (f: ManifestFile) => {
    const key = `${f.schemaFile}#${f.schema}`;
    let validate = compiled.get(key);
    if (!validate) {
      const schema = documents.get(f.schemaFile)?.components?.schemas?.[f.schema];
      try {
        if (!schema) throw new Error(`not in ${f.schemaFile}`);
        // What authors write: the values the service computes when answering (readOnly) are
        // not content, so a document that carries one is refused.
        validate = ajv.compile(authoredSchema(schema));
      } catch (error) {
        throw new ContentImportError([
          `${f.path}: schema ${f.schema}: ${(error as Error).message}`,
        ]);
      }
      compiled.set(key, validate);
    }
    return validate;
  };
  // CMS HTML is sanitised here, once per import (src/content/sanitise.ts): every string the
  // file's schema types as content.yaml `Html` (the same object wherever it is referenced).
  const sanitise = (f: ManifestFile, doc: unknown) => {
    const components = documents.get(f.schemaFile)?.components?.schemas;
    const html = components?.Html as Record<string, unknown> | undefined;
    return html ? sanitiseHtmlFields(components?.[f.schema], doc, html) : doc;
  };
  return { schemaOf, sanitise };
}

/**
 * Reads the seed folder through its manifest.json, checks every document against its openapi/
 * schema, unique kebab-case keys and the same keys in bm and en, and returns the rows to write.
 * Throws ContentImportError listing every problem.
 */
export async function readContentSeed(
  seedDir = defaultSeedDir(),
  openapiDir = defaultOpenapiDir(),
): Promise<ContentSeed> {
  const manifestPath = join(seedDir, "manifest.json");
  if (!existsSync(manifestPath))
    throw new ContentImportError([`${manifestPath}: no manifest.json in the seed folder`]);
  const manifestText = await readFile(manifestPath, "utf8");
  const manifest = JSON.parse(manifestText) as Manifest;
  // The sanitiser's version is part of the checksum: content imported under other rules is
  // written again (sanitised by these) even when the seed files are unchanged.
  const hash = createHash("sha256").update(SANITISER_VERSION).update(manifestText);
  const { schemaOf, sanitise } = await compileSchemas(manifest, openapiDir);
  const problems: string[] = [];
  const documents: DocumentRow[] = [];
  const counts: Record<string, number> = {};
  const keysByFile = new Map<string, Map<string, string>>();

  for (const f of manifest.files) {
    const kind = KIND_OF_SCHEMA[f.schema];
    if (!kind) {
      problems.push(`${f.path}: schema ${f.schema} is not content this service answers`);
      continue;
    }
    const langs = f.perLang ? LANGS : [""];
    for (const lang of langs) {
      const path = f.path.replace("{lang}", lang);
      const full = join(seedDir, path);
      if (!existsSync(full)) {
        problems.push(`${path}: file missing`);
        continue;
      }
      const text = await readFile(full, "utf8");
      hash.update(`\0${path}\0`).update(text);
      let data: unknown;
      try {
        data = JSON.parse(text);
      } catch (error) {
        problems.push(`${path}: not JSON (${(error as Error).message})`);
        continue;
      }
      const items = f.array ? data : [data];
      if (!Array.isArray(items)) {
        problems.push(`${path}: expected an array`);
        continue;
      }
      const validate = schemaOf(f);
      const keys: string[] = [];
      items.forEach((item: unknown, index) => {
        const where = f.array ? `${path}[${index}]` : path;
        if (!validate(item)) {
          for (const e of (validate.errors ?? []).slice(0, 5))
            problems.push(`${where}${e.instancePath}: ${e.message ?? "invalid"}`);
          return;
        }
        const d = item as Doc;
        const id = f.key ? str(d[f.key]) : kind;
        // Kebab-case ids: @portal/validation slugSchema (content.yaml ContentId).
        if (!isSlug(id)) {
          problems.push(`${where}: ${f.key} "${id}" is not a kebab-case id`);
          return;
        }
        if (keys.includes(id)) {
          problems.push(`${where}: duplicate ${f.key} "${id}"`);
          return;
        }
        keys.push(id);
        documents.push({ kind, lang, id, position: index, doc: sanitise(f, item) });
        counts[kind] = (counts[kind] ?? 0) + 1;
      });
      if (f.perLang) {
        const byLang = keysByFile.get(f.path) ?? new Map<string, string>();
        byLang.set(lang, [...keys].sort().join(","));
        keysByFile.set(f.path, byLang);
      }
    }
  }
  for (const [path, byLang] of keysByFile) {
    if (new Set(byLang.values()).size > 1) problems.push(`${path}: ids differ between bm and en`);
  }
  // Every image the content refers to must be served (schemas already allow only local paths).
  const images = new Set<string>();
  for (const row of documents)
    for (const m of JSON.stringify(row.doc).matchAll(
      /\/content\/images\/([a-z0-9][a-z0-9-]*\.(?:svg|png))/g,
    ))
      images.add(m[1] as string);
  for (const name of [...images].sort())
    if (!existsSync(join(seedDir, "images", name))) problems.push(`images/${name}: file missing`);
  if (problems.length > 0) throw new ContentImportError(problems);
  return { documents, checksum: hash.digest("hex"), counts };
}

/** The current content version (0 before the first import). */
export async function contentVersion(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ v: number }>(
    "select coalesce(max(version), 0)::int as v from content_imports",
  );
  return Number(rows[0]?.v ?? 0);
}

/** Options of {@link importContent}. */
export interface ImportContentOptions {
  seedDir?: string;
  openapiDir?: string;
  /** Write even when the seed equals the last import. */
  force?: boolean;
  /** Import only when no content was ever imported (the start-up import). */
  onlyIfEmpty?: boolean;
  /** Import the replicated kinds this many times (`seed --scale N`, content/replicate.ts). */
  scale?: number;
}

/**
 * Loads the seed folder into the content tables: validates everything first, then replaces all
 * content rows in one transaction (readers see the old or the new content, never a mix) under an
 * advisory lock. Idempotent: a seed equal to the last import writes nothing.
 */
export async function importContent(
  db: Database,
  options: ImportContentOptions = {},
): Promise<ContentImportResult> {
  if (options.onlyIfEmpty) {
    const version = await contentVersion(db);
    if (version > 0) return { changed: false, version, checksum: "", counts: {} };
  }
  const seed = replicateContent(
    await readContentSeed(options.seedDir, options.openapiDir),
    options.scale ?? 1,
  );
  const result = await db.transaction(async (tx) => {
    // A large import (and waiting for another one) may outlast a request's statement timeout.
    await tx.query("set local statement_timeout = 0");
    await tx.query("select pg_advisory_xact_lock(4100)");
    const { rows } = await tx.query<{ version: number; checksum: string }>(
      "select version, checksum from content_imports order by version desc limit 1",
    );
    const last = rows[0];
    if (last && options.onlyIfEmpty)
      return { changed: false, version: Number(last.version), checksum: last.checksum, counts: {} };
    if (last && last.checksum === seed.checksum && !options.force)
      return {
        changed: false,
        version: Number(last.version),
        checksum: seed.checksum,
        counts: seed.counts,
      };
    await tx.query("delete from content_documents");
    // In batches: `seed --scale 100` writes tens of megabytes.
    for (let at = 0; at < seed.documents.length; at += 2000)
      await tx.query(
        `insert into content_documents (kind, lang, id, position, doc)
         select kind, lang, id, position, doc
         from jsonb_to_recordset($1::jsonb) as x(kind text, lang text, id text, position int, doc jsonb)`,
        [JSON.stringify(seed.documents.slice(at, at + 2000))],
      );
    const version = Number(last?.version ?? 0) + 1;
    await tx.query("insert into content_imports (version, checksum, counts) values ($1, $2, $3)", [
      version,
      seed.checksum,
      JSON.stringify(seed.counts),
    ]);
    return { changed: true, version, checksum: seed.checksum, counts: seed.counts };
  });
  if (result.changed) {
    // Fresh statistics, so the planner uses the primary key for a lookup by id instead of
    // scanning (4.7 ms instead of 0.05 ms at 100x the seed before this).
    await db.exec("analyze content_documents");
    notifyContentImported(db, result.version);
  }
  return result;
}
