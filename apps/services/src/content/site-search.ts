import {
  createSearchIndex,
  createSearchIndexAsync,
  excerpt,
  htmlToText,
  type SearchField,
  type SearchIndex,
} from "@portal/support-search";
import type { Queryable } from "../db/database.js";

/** What a site search hit is (content.yaml SearchKind). */
export type SearchKind =
  "combo" | "bundle" | "package" | "channel" | "movie" | "campaign" | "article" | "support";

/** One search hit (content.yaml SearchHit). */
export interface SearchHit {
  kind: SearchKind;
  id: string;
  title: string;
  snippet: string;
  image?: string;
  score: number;
  terms: string[];
  product?: string;
  category?: string;
}

/** A search answer (content.yaml SearchResult). */
export interface SearchResult {
  keyword: string;
  lang: string;
  total: number;
  hits: SearchHit[];
}

type Lang = "bm" | "en";
const LANGS: readonly Lang[] = ["bm", "en"];
type Doc = Record<string, unknown>;

/**
 * The fields of the site index. The visitor's language counts fully; the same document in the
 * other language is indexed too, weaker, so "Suria TV Keluarga" finds "Suria TV Family" on the
 * English site and "free installation" the Malay campaign.
 */
export const SITE_FIELDS: readonly SearchField[] = [
  { name: "title", boost: 3 },
  { name: "keywords", boost: 1.5 },
  { name: "text", boost: 1 },
  { name: "otherTitle", boost: 1.5 },
  { name: "otherText", boost: 0.5 },
];

/**
 * How much each kind's score counts: what a buyer looks for first (plans and TV packages, then
 * bundles, packs and offers) before stories about it, all else being equal.
 */
export const KIND_WEIGHT: Record<SearchKind, number> = {
  combo: 1.25,
  bundle: 1.1,
  package: 1.1,
  campaign: 1.05,
  channel: 1,
  movie: 1,
  support: 1,
  article: 0.9,
};

const str = (v: unknown): string => (typeof v === "string" ? v : "");
const strs = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
const join = (...parts: (string | string[])[]) => parts.flat().filter(Boolean).join(" ");

/** One searchable entity in one language. */
export interface Entry {
  kind: SearchKind;
  id: string;
  title: string;
  /** What the title field indexes, when more than the title (a channel's number). */
  indexTitle?: string;
  keywords: string;
  text: string;
  image?: string;
  product?: string;
  category?: string;
}

/** Names of the packs plans and bundles hold. */
type Names = { pack: Map<string, string> };

function entriesOf(kind: string, doc: Doc, names: Names): Entry[] {
  const id = str(doc.id);
  const image = (value: unknown) => (typeof value === "string" ? { image: value } : {});
  const packs = strs(doc.packageIds).map((pack) => names.pack.get(pack) ?? "");
  switch (kind) {
    case "combo":
      return [
        {
          kind: "combo",
          id,
          title: str(doc.name),
          keywords: join(packs),
          text: join(str(doc.tagline), strs(doc.highlights)),
          product: str(doc.product),
          ...image(doc.image),
        },
      ];
    case "bundle":
      return [
        {
          kind: "bundle",
          id,
          title: str(doc.name),
          // The packs it holds, not its plan's name: "fibre 300" is the plan, not every bundle on it.
          keywords: join(packs),
          text: join(str(doc.description), strs(doc.highlights)),
          ...image(doc.image),
        },
      ];
    case "package":
      return [
        {
          kind: "package",
          id,
          title: str(doc.name),
          keywords: "",
          text: join(str(doc.description), strs(doc.highlights)),
          ...image(doc.image),
        },
      ];
    case "channel":
      return [
        {
          kind: "channel",
          id,
          title: str(doc.name),
          // A channel is known by its number as much as by its name ("channel 811").
          indexTitle: join(String(doc.number ?? ""), str(doc.name)),
          keywords: str(doc.genreName),
          text: str(doc.description),
          ...image(doc.logo),
        },
      ];
    case "movie":
      return [
        {
          kind: "movie",
          id,
          title: str(doc.title),
          keywords: join(
            strs(doc.genres),
            str(doc.director),
            strs(doc.cast),
            String(doc.year ?? ""),
          ),
          text: str(doc.synopsis),
          ...image(doc.poster),
        },
      ];
    case "campaign":
      return [
        {
          kind: "campaign",
          id,
          title: str(doc.title),
          keywords: "",
          text: join(str(doc.summary), htmlToText(str(doc.body))),
          ...image(doc.image),
        },
      ];
    case "article":
      return [
        {
          kind: "article",
          id,
          title: str(doc.title),
          keywords: join(strs(doc.tags), str(doc.author)),
          text: join(str(doc.summary), htmlToText(str(doc.body))),
          ...image(doc.image),
        },
      ];
    case "support": {
      const questions = Array.isArray(doc.questions) ? (doc.questions as Doc[]) : [];
      return questions.map((question) => ({
        kind: "support" as const,
        id: str(question.slug),
        title: str(question.name),
        keywords: join(str(doc.name), strs(question.tags)),
        text: join(str(question.description), htmlToText(str(question.content))),
        category: str(doc.slug),
      }));
    }
    default:
      return [];
  }
}

/** The kinds of content_documents the site search reads, in the order hits tie. */
export const SITE_KINDS = [
  "combo",
  "bundle",
  "package",
  "channel",
  "movie",
  "campaign",
  "article",
  "support",
];

/** The site search of one language: its entries and their index. */
export interface SiteIndex {
  entries: Entry[];
  index: SearchIndex;
}

/** One entry with the texts of its index fields (SITE_FIELDS order) and its kind's weight. */
export interface SiteDocument {
  entry: Entry;
  texts: string[];
  weight: number;
}

/** A content document as the content tables hold it (or a seed file lists it). */
export type ContentRow = { kind: string; lang: Lang; doc: Doc | string };

/**
 * The searchable documents of both languages: plans and TV packages (combos), bundles, add-on
 * packs, channels, movies, campaigns, store articles and support answers, from content rows in
 * SITE_KINDS order. Each entry has its text in its language and, weaker, in the other one.
 */
export function siteDocuments(rows: readonly ContentRow[]): Record<Lang, SiteDocument[]> {
  const steps = siteDocumentSteps(rows);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

// siteDocuments as steps that yield every 32 rows (buildSiteIndexesAsync).
function* siteDocumentSteps(
  rows: readonly ContentRow[],
): Generator<void, Record<Lang, SiteDocument[]>, void> {
  const entries: Record<Lang, Entry[]> = { bm: [], en: [] };
  for (const lang of LANGS) {
    const docs = rows
      .filter((row) => row.lang === lang)
      .map((row) => ({
        kind: row.kind,
        doc: (typeof row.doc === "string" ? JSON.parse(row.doc) : row.doc) as Doc,
      }));
    const names: Names = { pack: new Map() };
    for (const { kind, doc } of docs) {
      if (kind === "package") names.pack.set(str(doc.id), str(doc.name));
    }
    const list: Entry[] = [];
    for (const [i, { kind, doc }] of docs.entries()) {
      list.push(...entriesOf(kind, doc, names));
      if (i % 32 === 31) yield;
    }
    entries[lang] = list;
  }
  const key = (entry: Entry) => `${entry.kind}/${entry.category ?? ""}/${entry.id}`;
  const result = {} as Record<Lang, SiteDocument[]>;
  for (const lang of LANGS) {
    const other = new Map(entries[lang === "bm" ? "en" : "bm"].map((e) => [key(e), e]));
    result[lang] = entries[lang].map((entry) => {
      const twin = other.get(key(entry));
      return {
        entry,
        texts: [
          entry.indexTitle ?? entry.title,
          entry.keywords,
          entry.text,
          twin ? join(twin.title, twin.keywords) : "",
          twin?.text ?? "",
        ],
        weight: KIND_WEIGHT[entry.kind],
      };
    });
  }
  return result;
}

/** The index of one language's documents. */
export function buildSiteIndex(documents: readonly SiteDocument[]): SiteIndex {
  return {
    entries: documents.map((d) => d.entry),
    index: createSearchIndex(
      documents.map(({ texts, weight }) => ({ texts, weight })),
      SITE_FIELDS,
    ),
  };
}

/**
 * The content rows the site search indexes, read in pages of 1,000 so that no one answer holds
 * the event loop long (PGlite parses an answer in the process, in one go: at 100x the content a
 * single read of 35,000 documents did).
 */
async function siteRows(db: Queryable): Promise<ContentRow[]> {
  const all: ContentRow[] = [];
  for (;;) {
    const { rows } = await db.query<ContentRow>(
      `select kind, lang, doc from content_documents
       where kind = any($1) and lang in ('bm', 'en')
       order by array_position($1, kind), lang, position, id
       limit 1000 offset $2`,
      [SITE_KINDS, all.length],
    );
    all.push(...rows);
    if (rows.length < 1000) return all;
  }
}

/** Builds the site index of both languages from the content tables, in one go. */
export async function buildSiteIndexes(db: Queryable): Promise<Record<Lang, SiteIndex>> {
  const documents = siteDocuments(await siteRows(db));
  return { bm: buildSiteIndex(documents.bm), en: buildSiteIndex(documents.en) };
}

/**
 * The same indexes built in slices of about `sliceMs` with the event loop free between them, so
 * a running server keeps answering while it builds (issue 22: 4.9 s in one block at 100x).
 */
export async function buildSiteIndexesAsync(
  db: Queryable,
  sliceMs = 10,
): Promise<Record<Lang, SiteIndex>> {
  const rows = await siteRows(db);
  const steps = siteDocumentSteps(rows);
  let started = performance.now();
  let documents: Record<Lang, SiteDocument[]>;
  for (;;) {
    const step = steps.next();
    if (step.done) {
      documents = step.value;
      break;
    }
    if (performance.now() - started >= sliceMs) {
      await new Promise((resolve) => setImmediate(resolve));
      started = performance.now();
    }
  }
  const build = async (docs: readonly SiteDocument[]): Promise<SiteIndex> => ({
    entries: docs.map((d) => d.entry),
    index: await createSearchIndexAsync(
      docs.map(({ texts, weight }) => ({ texts, weight })),
      SITE_FIELDS,
      { sliceMs },
    ),
  });
  return { bm: await build(documents.bm), en: await build(documents.en) };
}

/**
 * Most documents taken as candidates per matched index term (a quarter for prefixes, suffixes and
 * typos), the highest-impact first (the term in a short title first).
 */
export const CANDIDATES_PER_TERM = 256;

/**
 * Most documents ranked per query (issue 22): each form's few highest-impact documents, then the
 * rarest words' documents (`candidates` in @portal/support-search), each scored on every form of
 * the query from its own statistics, so a document found by `r3` is ranked on `suria`, `sports`
 * and `1` too. A query then costs at most 96 documents times its forms at any size of the
 * content. On the seed (191 documents per language) 72 of the 76 judged queries match at most 96
 * documents and the other 4 (up to 151) answer the same first 20 as ranking every match
 * (site-index.test.ts).
 */
export const CANDIDATES_PER_QUERY = 96;

/** Longest snippet (content.yaml SearchHit.snippet). */
const SNIPPET_LENGTH = 300;
/** Most matched terms a hit carries for highlighting. */
const MAX_TERMS = 20;

/**
 * Ranks every entry of one language for a keyword (already normalised) and answers the best
 * `limit`, each with a snippet around its first matched word and the matched terms.
 */
export function searchSite(
  site: SiteIndex,
  input: { keyword: string; lang: string; limit: number },
): SearchResult {
  // Top-k: the index keeps the `limit` best in a bounded sorted list, ranks at most
  // CANDIDATES_PER_QUERY documents (taken per matched term by flexsearch's own `limit` over
  // impact-ordered postings, the rarest terms' first) and works out match details for the hits
  // alone. Ranking every match (`limit: Infinity`) cost 16.9 ms of CPU a query at 100x the content.
  const page = site.index.searchPage(input.keyword, {
    limit: input.limit,
    candidatesPerTerm: CANDIDATES_PER_TERM,
    candidates: CANDIDATES_PER_QUERY,
  });
  const ranked = page.hits;
  return {
    keyword: input.keyword,
    lang: input.lang,
    total: page.total,
    hits: ranked.map((hit) => {
      const entry = site.entries[hit.position] as Entry;
      const terms = hit.terms.slice(0, MAX_TERMS);
      return {
        kind: entry.kind,
        id: entry.id,
        title: entry.title,
        snippet: excerpt(entry.text, new Set(terms), SNIPPET_LENGTH - 4),
        ...(entry.image ? { image: entry.image } : {}),
        score: Math.round(hit.score * 1e6) / 1e6,
        terms,
        ...(entry.product ? { product: entry.product } : {}),
        ...(entry.category ? { category: entry.category } : {}),
      };
    }),
  };
}
