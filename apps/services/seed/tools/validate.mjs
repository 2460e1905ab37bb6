#!/usr/bin/env node
// Checks the committed seed content against openapi/content.yaml (and common.yaml) with Ajv
// (JSON Schema 2020-12, as OpenAPI 3.1 uses), then checks what a schema cannot: the same ids in
// bm and en, references between entities, image files, no external URLs, well-formed HTML, the
// counts the issue asks for and the banner colour forms. Exits 1 and lists problems on failure.
//
// Usage (from the repo root, after `pnpm install`): node apps/services/seed/tools/validate.mjs

import { existsSync, readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { parse } from "yaml";

const seedDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const openapiDir = join(seedDir, "..", "..", "..", "openapi");
const base = "https://portal.invalid/openapi/";
const problems = [];
const fail = (msg) => problems.push(msg);

// Content documents hold what authors write: the properties the service computes when answering
// (`readOnly`: prices, a campaign's status) are left out, so a document that carries one fails
// (the importer does the same with @portal/openapi's authoredSchema on the dereferenced schemas).
function authored(value) {
  if (Array.isArray(value)) return value.map(authored);
  if (!value || typeof value !== "object") return value;
  const out = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, authored(v)]));
  if (value.properties && typeof value.properties === "object") {
    const dropped = Object.keys(value.properties).filter((k) => value.properties[k]?.readOnly);
    for (const k of dropped) delete out.properties[k];
    if (Array.isArray(out.required))
      out.required = out.required.filter((k) => !dropped.includes(k));
  }
  return out;
}
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
for (const file of ["content.yaml", "common.yaml"]) {
  const doc = parse(readFileSync(join(openapiDir, file), "utf8"));
  ajv.addSchema({ $id: base + file, ...authored(doc) });
}
const schemaRef = (file, name) => `${base}${file}#/components/schemas/${name}`;
const arrayOf = (file, name) => ({ type: "array", items: { $ref: schemaRef(file, name) } });

const read = (path) => JSON.parse(readFileSync(join(seedDir, path), "utf8"));

function check(path, schema) {
  const data = read(path);
  const validate = ajv.compile(schema);
  if (!validate(data)) {
    for (const e of validate.errors.slice(0, 20)) {
      fail(`${path}${e.instancePath}: ${e.message} ${JSON.stringify(e.params)}`);
    }
  }
  return data;
}

// Which schema each file must match comes from seed/manifest.json (the importer reads it too).
const manifest = read("manifest.json");
const schemaFor = (f) =>
  f.array ? arrayOf(f.schemaFile, f.schema) : { $ref: schemaRef(f.schemaFile, f.schema) };
const nameOf = (f) => f.path.split("/").at(-1).replace(".json", "").replace("{lang}", "support");

const data = { bm: {}, en: {} };
let dealers = [];
for (const f of manifest.files) {
  if (!f.perLang) {
    dealers = check(f.path, schemaFor(f));
    continue;
  }
  for (const lang of manifest.languages) {
    data[lang][nameOf(f)] = check(f.path.replace("{lang}", lang), schemaFor(f));
  }
}
const expected = ["channels", "movies", "packages", "combos", "bundles", "campaigns", "articles"];
for (const name of [...expected, "products", "highlights", "terms", "home", "support"]) {
  if (!data.en[name]) fail(`${name}: not in manifest.json`);
}
if (problems.length) {
  console.error(`seed: ${problems.join("\n")}`);
  process.exit(1);
}
const listFiles = manifest.files.filter((f) => f.perLang && f.array).map(nameOf);

// --- the same ids, in the same order, in both languages
const keyOf = (x) => x.id ?? x.type ?? x.product ?? x.slug;
for (const name of listFiles) {
  const ids = (lang) => data[lang][name].map(keyOf).join(",");
  if (ids("bm") !== ids("en")) fail(`${name}: ids differ between bm and en`);
}
const questionIds = (lang) =>
  data[lang].support
    .flatMap((c) => c.questions.map((q) => `${c.slug}/${q.slug}/${q.ref_id}`))
    .join();
if (questionIds("bm") !== questionIds("en"))
  fail("support: question slugs or ref_ids differ between bm and en");

// --- uniqueness and references
const en = data.en;
function unique(label, values) {
  const seen = new Set();
  for (const v of values) {
    if (seen.has(v)) fail(`${label}: duplicate ${v}`);
    seen.add(v);
  }
  return seen;
}
const channelIds = unique(
  "channel id",
  en.channels.map((c) => c.id),
);
unique(
  "channel number",
  en.channels.map((c) => c.number),
);
unique(
  "movie id",
  en.movies.map((m) => m.id),
);
const packageIds = unique(
  "package id",
  en.packages.map((p) => p.id),
);
const comboIds = unique(
  "combo id",
  en.combos.map((c) => c.id),
);
unique(
  "bundle id",
  en.bundles.map((b) => b.id),
);
unique(
  "campaign id",
  en.campaigns.map((c) => c.id),
);
unique(
  "article id",
  en.articles.map((a) => a.id),
);
unique(
  "dealer id",
  dealers.map((d) => d.id),
);
unique(
  "support ref_id",
  en.support.flatMap((c) => c.questions.map((q) => q.ref_id)),
);
unique(
  "support category slug",
  en.support.map((c) => c.slug),
);
for (const c of en.support)
  unique(
    `support slug in ${c.slug}`,
    c.questions.map((q) => q.slug),
  );

const mustExist = (label, set, ids) => {
  for (const id of ids) if (!set.has(id)) fail(`${label} refers to unknown ${id}`);
};
for (const c of en.channels) mustExist(`channel ${c.id}`, packageIds, c.packageIds);
for (const p of en.packages) {
  mustExist(`package ${p.id}`, channelIds, p.channelIds);
  if (p.channelIds.length === 0) fail(`package ${p.id} has no channel`);
}
for (const c of en.combos) mustExist(`combo ${c.id}`, packageIds, c.packageIds);
for (const b of en.bundles) {
  mustExist(`bundle ${b.id}`, packageIds, b.packageIds);
  mustExist(`bundle ${b.id}`, comboIds, [b.comboId]);
}
for (const p of en.products) mustExist(`product ${p.product}`, comboIds, p.comboIds);
for (const c of en.combos) {
  if ((c.product === "fibre") !== (c.speedMbps !== undefined))
    fail(`combo ${c.id}: speedMbps is for fibre combos only`);
}
// Campaign price rules apply to plans (combos, bundles) or add-on packs, and a call to action that
// promises a coverage check preselects one of the rule's plans.
const pricedIds = new Set([...comboIds, ...en.bundles.map((b) => b.id), ...packageIds]);
for (const lang of ["bm", "en"]) {
  for (const c of data[lang].campaigns) {
    if (c.priceRule)
      mustExist(`campaign ${c.id} (${lang}) price rule`, pricedIds, c.priceRule.appliesTo);
    if (
      JSON.stringify(c.priceRule) !==
      JSON.stringify(en.campaigns.find((e) => e.id === c.id)?.priceRule)
    )
      fail(`campaign ${c.id}: the price rule differs between bm and en`);
    const cta = new URL(c.cta.url, "http://portal.invalid");
    if (cta.pathname === "/coverage") {
      const plan = cta.searchParams.get("package");
      if (!plan || !c.priceRule?.appliesTo.includes(plan))
        fail(`campaign ${c.id} (${lang}): a coverage link preselects a plan of its price rule`);
    }
  }
}

// --- counts the issue asks for
const atLeast = (label, n, min) => n >= min || fail(`${label}: ${n} < ${min}`);
atLeast("channels", en.channels.length, 60);
atLeast("movies", en.movies.length, 30);
atLeast("add-on packs", en.packages.length, 8);
atLeast("fibre combos", en.combos.filter((c) => c.product === "fibre").length, 4);
atLeast("bundles", en.bundles.length, 4);
atLeast("campaigns", en.campaigns.length, 6);
atLeast("store articles", en.articles.length, 10);
atLeast("support categories", en.support.length, 8);
atLeast(
  "support questions",
  en.support.reduce((n, c) => n + c.questions.length, 0),
  60,
);
const states = [
  "johor",
  "kedah",
  "kelantan",
  "melaka",
  "negeri-sembilan",
  "pahang",
  "perak",
  "perlis",
  "pulau-pinang",
  "sabah",
  "sarawak",
  "selangor",
  "terengganu",
  "kuala-lumpur",
  "labuan",
  "putrajaya",
];
for (const s of states) atLeast(`dealers in ${s}`, dealers.filter((d) => d.state === s).length, 2);
const termTypes = en.terms
  .map((t) => t.type)
  .sort()
  .join();
if (termTypes !== "privacy-notice,privacy-policy,terms-and-conditions,terms-of-use")
  fail(`terms: ${termTypes}`);

// --- banner colours: rgb(), #rgb and #rrggbb; light and dark; an active one of each kind
function rgbOf(code) {
  const m = /^rgb\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*\)$/.exec(code);
  if (m) return m.slice(1).map(Number);
  const hex = code.length === 4 ? code.slice(1).replace(/./g, "$&$&") : code.slice(1);
  return [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
}
const codes = en.highlights.map((h) => h.colourCode);
if (!codes.some((c) => c.startsWith("rgb("))) fail("highlights: no rgb() colour");
if (!codes.some((c) => /^#[0-9a-f]{3}$/i.test(c))) fail("highlights: no #rgb colour");
if (!codes.some((c) => /^#[0-9a-f]{6}$/i.test(c))) fail("highlights: no #rrggbb colour");
const light = (c) => {
  const [r, g, b] = rgbOf(c);
  return 0.299 * r + 0.587 * g + 0.114 * b > 127.5;
};
if (!codes.some(light) || codes.every(light)) fail("highlights: need light and dark backgrounds");
const now = new Date();
for (const kind of ["announcement", "promotion"]) {
  const active = en.highlights.find(
    (h) =>
      h.kind === kind &&
      (!h.startsAt || new Date(h.startsAt) <= now) &&
      (!h.endsAt || now < new Date(h.endsAt)),
  );
  if (!active) fail(`highlights: no active ${kind} today`);
}

// --- support text: search words, lists, links, entities
const supportText = (lang) => JSON.stringify(data[lang].support).toLowerCase();
for (const w of ["langganan", "pemasangan", "bil", "penghala"]) {
  if (!supportText("bm").includes(w)) fail(`support bm lacks "${w}"`);
}
for (const w of ["subscription", "installation", "bill", "router"]) {
  if (!supportText("en").includes(w)) fail(`support en lacks "${w}"`);
}
for (const lang of ["bm", "en"]) {
  const t = supportText(lang);
  for (const needle of ["<ul>", "<ol>", "<a href=", "&amp;"]) {
    if (!t.includes(needle)) fail(`support ${lang} has no ${needle}`);
  }
}

// --- walk every string: images exist, no external URL, HTML well-formed and script-free
const imageDir = join(seedDir, "images");
const imageFiles = new Set(readdirSync(imageDir));
const voidTags = new Set(["br", "hr", "img"]);
function checkHtml(where, html) {
  if (/<script|\son\w+\s*=|javascript:/i.test(html)) fail(`${where}: script in HTML`);
  const stack = [];
  for (const m of html.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b[^>]*?(\/?)>/g)) {
    const [, close, tag, self] = m;
    const name = tag.toLowerCase();
    if (voidTags.has(name) || self) continue;
    if (!close) stack.push(name);
    else if (stack.pop() !== name) return fail(`${where}: unbalanced </${name}>`);
  }
  if (stack.length) fail(`${where}: unclosed <${stack.join(">, <")}>`);
  if (/&(?![a-zA-Z]+;|#\d+;|#x[0-9a-fA-F]+;)/.test(html)) fail(`${where}: bare & in HTML`);
}
function walk(where, value) {
  if (typeof value === "string") {
    if (/\b(?:https?:)?\/\/[a-z0-9]/i.test(value)) fail(`${where}: external URL`);
    if (value.startsWith("/content/images/") && !imageFiles.has(value.slice(16))) {
      fail(`${where}: missing image ${value}`);
    }
    if (/<[a-z][^>]*>/i.test(value)) checkHtml(where, value);
  } else if (Array.isArray(value)) value.forEach((v, i) => walk(`${where}/${i}`, v));
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) walk(`${where}/${k}`, v);
  }
}
for (const lang of ["bm", "en"])
  for (const [name, v] of Object.entries(data[lang])) walk(`${lang}/${name}`, v);
walk("dealers", dealers);

for (const file of imageFiles) {
  const text = readFileSync(join(imageDir, file), "utf8");
  if (!/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/.test(text))
    fail(`images/${file}: not an SVG`);
  const stripped = text.replace('xmlns="http://www.w3.org/2000/svg"', "");
  if (/https?:|href=|<script/i.test(stripped)) fail(`images/${file}: external reference or script`);
  if (text.length > 4096) fail(`images/${file}: larger than 4 KB`);
}
if (!existsSync(join(seedDir, "content", "dealers.json"))) fail("content/dealers.json missing");

if (problems.length) {
  console.error(`seed: ${problems.length} problem(s)\n- ${problems.join("\n- ")}`);
  process.exit(1);
}
console.log(
  `seed: OK (${en.channels.length} channels, ${en.movies.length} movies, ${en.packages.length} packs, ` +
    `${en.combos.length} combos, ${en.bundles.length} bundles, ${en.campaigns.length} campaigns, ` +
    `${en.articles.length} articles, ${dealers.length} dealers, ${en.support.length} support categories / ` +
    `${en.support.reduce((n, c) => n + c.questions.length, 0)} questions, ${imageFiles.size} images)`,
);
