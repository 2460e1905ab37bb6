// Benchmark of the site search (GET /content/api/v1/search, issue 15): the portal's index
// against lunr 2.3.9 and minisearch 7.2.0 on the same documents of the seeded content, in one run.
//   pnpm --filter @portal/services bench:search          (add -- --verbose for every miss)
// `npm test` runs it and prints the table and the goals.
//
// The documents are what the service indexes (siteDocuments over the seed's JSON files): plans
// and TV packages, bundles, packs, channels, movies, campaigns, articles and support answers,
// each with its five fields (title, keywords, text, and the other language's title and text) and
// its kind's weight. lunr and minisearch index the same folded tokens of the same fields with the
// same boosts and get the same query terms, typo allowance and document weights (applied to
// their scores); see packages/support-search/bench/harness.ts. Judged on judged/site.json (one
// index per language, as the service searches); timed on its queries over both languages.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { normalizeQuery } from "@portal/support-search";
import {
  TOP,
  folded,
  goals,
  heading,
  lunrSearch,
  miniSearch,
  run,
  type BenchDoc,
  type Engine,
} from "../../../packages/support-search/bench/harness";
import {
  CANDIDATES_PER_QUERY,
  CANDIDATES_PER_TERM,
  SITE_FIELDS,
  SITE_KINDS,
  buildSiteIndex,
  siteDocuments,
  type ContentRow,
  type SiteDocument,
} from "../src/content/site-search";

const services = join(dirname(fileURLToPath(import.meta.url)), "..");
const json = <T>(path: string): T => JSON.parse(readFileSync(join(services, path), "utf8")) as T;

/** The file each kind's documents are in (support: one per language). */
const FILES: Record<string, string> = {
  combo: "combos",
  bundle: "bundles",
  package: "packages",
  channel: "channels",
  movie: "movies",
  campaign: "campaigns",
  article: "articles",
};

const rows: ContentRow[] = [];
for (const kind of SITE_KINDS) {
  for (const lang of ["bm", "en"] as const) {
    const path =
      kind === "support" ? `seed/support/${lang}.json` : `seed/content/${lang}/${FILES[kind]}.json`;
    for (const doc of json<Record<string, unknown>[]>(path)) rows.push({ kind, lang, doc });
  }
}
const documents = siteDocuments(rows);

/** How judged/site.json names a hit. */
const keyOf = (d: SiteDocument) =>
  d.entry.kind === "support"
    ? `support:${d.entry.category}/${d.entry.id}`
    : `${d.entry.kind}:${d.entry.id}`;

const BOOSTS = SITE_FIELDS.map((field) => field.boost);
/** The peers' documents; in the timing corpus of both languages the second of a pair is `#2`. */
function benchDocs(docs: SiteDocument[]): BenchDoc[] {
  const seen = new Set<string>();
  return docs.map((d) => {
    const key = keyOf(d);
    const id = seen.has(key) ? `${key}#2` : key;
    seen.add(key);
    return { id, fields: d.texts.map(folded), weight: d.weight };
  });
}

const ENGINES: Engine<SiteDocument[]>[] = [
  {
    name: "site search",
    build(docs) {
      const site = buildSiteIndex(docs);
      return (query) =>
        site.index
          // As the service searches (searchSite): the same bounds on the documents ranked.
          .search(normalizeQuery(query), {
            limit: TOP,
            candidatesPerTerm: CANDIDATES_PER_TERM,
            candidates: CANDIDATES_PER_QUERY,
          })
          .map((hit) => keyOf(docs[hit.position] as SiteDocument));
    },
  },
  { name: "lunr 2.3.9", build: (docs) => lunrSearch(benchDocs(docs), BOOSTS) },
  { name: "minisearch 7.2.0", build: (docs) => miniSearch(benchDocs(docs), BOOSTS) },
];

type Judged = { lang: "bm" | "en"; query: string; expect: string[] };
const judged = json<{ queries: Judged[] }>("judged/site.json").queries;

heading("site search benchmark");
const both = [...documents.bm, ...documents.en];
const figures = run(ENGINES, {
  label: "Seeded content (apps/services/seed), both languages",
  size: `${documents.bm.length} documents in bm, ${documents.en.length} in en`,
  data: both,
  timing: judged.map((j) => j.query),
  judged: (["bm", "en"] as const).map((lang) => ({
    data: documents[lang],
    queries: judged.filter((j) => j.lang === lang),
  })),
});
if (!goals("site search", ENGINES, figures)) process.exitCode = 1;
