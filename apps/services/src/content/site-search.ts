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

/**
 * Most rows or entries one step of siteDocuments handles before buildSiteIndexesAsync may give
 * the event loop a turn: every pass over the rows or the entries is cut into steps of this many.
 */
export const SITE_ROWS_PER_STEP = 32;

// siteDocuments as steps (buildSiteIndexesAsync), each yielding how many rows or entries it
// handled, at most SITE_ROWS_PER_STEP: no pass over all rows or entries runs in one go (at 100x
// the content the parse of a language's rows and the pairing of each entry with its twin were
// one block of 100-200 ms).
function* siteDocumentSteps(
  rows: readonly ContentRow[],
): Generator<number, Record<Lang, SiteDocument[]>, void> {
  const parsed: Record<Lang, { kind: string; doc: Doc }[]> = { bm: [], en: [] };
  const names: Record<Lang, Names> = { bm: { pack: new Map() }, en: { pack: new Map() } };
  let done = 0;
  const step = () => {
    done++;
    if (done < SITE_ROWS_PER_STEP) return false;
    done = 0;
    return true;
  };
  for (const row of rows) {
    if (row.lang === "bm" || row.lang === "en") {
      const doc = (typeof row.doc === "string" ? JSON.parse(row.doc) : row.doc) as Doc;
      parsed[row.lang].push({ kind: row.kind, doc });
      if (row.kind === "package") names[row.lang].pack.set(str(doc.id), str(doc.name));
    }
    if (step()) yield SITE_ROWS_PER_STEP;
  }
  const entries: Record<Lang, Entry[]> = { bm: [], en: [] };
  for (const lang of LANGS) {
    for (const { kind, doc } of parsed[lang]) {
      entries[lang].push(...entriesOf(kind, doc, names[lang]));
      if (step()) yield SITE_ROWS_PER_STEP;
    }
    parsed[lang] = [];
  }
  const key = (entry: Entry) => `${entry.kind}/${entry.category ?? ""}/${entry.id}`;
  const byKey: Record<Lang, Map<string, Entry>> = { bm: new Map(), en: new Map() };
  for (const lang of LANGS) {
    for (const entry of entries[lang]) {
      byKey[lang].set(key(entry), entry);
      if (step()) yield SITE_ROWS_PER_STEP;
    }
  }
  const result: Record<Lang, SiteDocument[]> = { bm: [], en: [] };
  for (const lang of LANGS) {
    const other = byKey[lang === "bm" ? "en" : "bm"];
    for (const entry of entries[lang]) {
      const twin = other.get(key(entry));
      result[lang].push({
        entry,
        texts: [
          entry.indexTitle ?? entry.title,
          entry.keywords,
          entry.text,
          twin ? join(twin.title, twin.keywords) : "",
          twin?.text ?? "",
        ],
        weight: KIND_WEIGHT[entry.kind],
      });
      if (step()) yield SITE_ROWS_PER_STEP;
    }
  }
  if (done > 0) yield done;
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

/** Most content rows read per query by the site index's build (siteRows). */
export const SITE_ROWS_PER_PAGE = 200;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The content rows the site search indexes, in SITE_KINDS order, then language, then position:
 * per kind and language, pages of SITE_ROWS_PER_PAGE read after the last row of the previous
 * page over the (kind, lang, position) index, with a turn of the event loop between pages.
 * PGlite runs a query and parses its answer in the process, and its answer resolves without a
 * turn of the event loop: at 100x the content the 25 pages of 1,000 (each sorting every site row
 * again for its offset) were one block of 2 to 5 s, which bench:scale could not see.
 */
async function siteRows(
  db: Queryable,
  onStep?: (step: SiteBuildStep) => void,
): Promise<ContentRow[]> {
  const all: ContentRow[] = [];
  for (const kind of SITE_KINDS) {
    for (const lang of LANGS) {
      let after: { position: number; id: string } | undefined;
      for (;;) {
        await nextTurn();
        const { rows } = await db.query<ContentRow & { position: number; id: string }>(
          `select kind, lang, doc, position, id from content_documents
           where kind = $1 and lang = $2 and position >= $3
             and (position > $3 or id > $4)
           order by position, id
           limit $5`,
          [kind, lang, after?.position ?? -2147483648, after?.id ?? "", SITE_ROWS_PER_PAGE],
        );
        for (const row of rows) all.push({ kind: row.kind, lang: row.lang, doc: row.doc });
        onStep?.({ phase: "read", rows: rows.length });
        const last = rows.at(-1);
        if (!last || rows.length < SITE_ROWS_PER_PAGE) break;
        after = { position: last.position, id: last.id };
      }
    }
  }
  return all;
}

/** Builds the site index of both languages from the content tables, in one go. */
export async function buildSiteIndexes(db: Queryable): Promise<Record<Lang, SiteIndex>> {
  const documents = siteDocuments(await siteRows(db));
  return { bm: buildSiteIndex(documents.bm), en: buildSiteIndex(documents.en) };
}

/** What one step of {@link buildSiteIndexesAsync} handled (its tests bound these). */
export type SiteBuildStep = { phase: "read"; rows: number } | { phase: "documents"; rows: number };

/**
 * The same indexes built in slices of about `sliceMs` with the event loop free between them, so
 * a running server keeps answering while it builds (issue 22: 4.9 s in one block at 100x). The
 * rows are read in pages of at most SITE_ROWS_PER_PAGE, turned into documents in steps of at most
 * SITE_ROWS_PER_STEP, and indexed by createSearchIndexAsync; `onStep` is told of each page and
 * step (tests).
 */
export async function buildSiteIndexesAsync(
  db: Queryable,
  sliceMs = 10,
  onStep?: (step: SiteBuildStep) => void,
): Promise<Record<Lang, SiteIndex>> {
  const rows = await siteRows(db, onStep);
  const steps = siteDocumentSteps(rows);
  let started = performance.now();
  let documents: Record<Lang, SiteDocument[]>;
  for (;;) {
    const step = steps.next();
    if (step.done) {
      documents = step.value;
      break;
    }
    onStep?.({ phase: "documents", rows: step.value });
    if (performance.now() - started >= sliceMs) {
      await nextTurn();
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
