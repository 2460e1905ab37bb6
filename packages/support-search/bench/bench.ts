// Benchmark: @portal/support-search vs lunr 2.3.9 vs minisearch, in one run, on the seeded support
// data (when present) and on a generated corpus of 10,000 questions. Not part of `test`:
//   pnpm --filter @portal/support-search bench          (add -- --verbose for every miss)
//   pnpm --filter @portal/support-search bench:seeded   (the seeded data only, a few seconds:
//                                                         what `npm test` runs and prints)
//
// Relevance: the judged queries of apps/services/judged/support.json on the seeded data (one index
// per language), and known-item queries on the generated corpus (two rare words of a question's
// name, one of them misspelt in every other query): precision@1 and MRR@5 for each engine.
//
// For a like-for-like comparison every engine indexes the same folded tokens (our `tokenize`:
// lower case, no accents, no stop words), the same two fields with the same boost (name 2,
// searchText 1), gets the same query terms and the same typo allowance (1 edit from 4 letters, 2
// from 8):
//   - lunr: English stemmer, stop-word filter and trimmer removed from both pipelines (they would
//     mangle Malay); each query term becomes `term*` and `*term` (boost 1 each) and, from 4
//     letters, `term~1` or `term~2` (boost 1); terms shorter than 3 letters one exact clause.
//   - minisearch: BM25 with k 1.2, b 0.75, d 0 (plain BM25), prefix matching from 3 letters
//     with weight WILDCARD_WEIGHT, fuzzy matching with our typo budget, OR. No suffix search.
// Neither has a Malay stemmer: the word families are this package's own rule.
import { existsSync, readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { dirname, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import lunr from "lunr";
import MiniSearch from "minisearch";
import {
  FIELD_BOOST,
  MIN_WILDCARD_LENGTH,
  WILDCARD_WEIGHT,
  createSupportIndex,
  normalizeQuery,
  typoBudget,
  toQuestionSlug,
  toSearchText,
  tokenize,
} from "../src/index";
import type { SupportCategory } from "../src/index";
import { QUERIES, generateCorpus, knownItemQueries, type Judged } from "./corpus";

const TOP = 5;
const BUILD_RUNS = 3;
const QUERY_ROUNDS = 10;
const GENERATED_SIZE = 10_000;
const VERBOSE = process.argv.includes("--verbose");
const SEEDED_ONLY = process.argv.includes("--seeded-only");

type Search = (query: string) => string[];
type Engine = { name: string; build: (categories: SupportCategory[]) => Search };
type Doc = { slug: string; name: string; searchText: string };

const collect = (globalThis as { gc?: () => void }).gc;

function gc(): void {
  collect?.();
  collect?.();
}

function flatten(categories: SupportCategory[]): Doc[] {
  return categories.flatMap((category) =>
    category.questions.map((question) => ({
      slug: toQuestionSlug(category.slug, question.slug),
      // Pre-tokenised the way our index tokenises, so all three engines see the same terms.
      name: tokenize(question.name).join(" "),
      searchText: tokenize(toSearchText(question.description, question.content)).join(" "),
    })),
  );
}

function queryTerms(query: string): string[] {
  return Array.from(new Set(tokenize(normalizeQuery(query))));
}

const portal: Engine = {
  name: "support-search",
  build(categories) {
    const index = createSupportIndex(categories);
    return (query) => index.search(query, { limit: TOP }).map((hit) => hit.question.slug);
  },
};

const lunrEngine: Engine = {
  name: "lunr 2.3.9",
  build(categories) {
    const docs = flatten(categories);
    const index = lunr(function () {
      // No English stemmer, stop words or trimmer: they would mangle Malay (documented above).
      this.pipeline.reset();
      this.searchPipeline.reset();
      this.ref("slug");
      this.field("name", { boost: FIELD_BOOST.name });
      this.field("searchText", { boost: FIELD_BOOST.searchText });
      for (const doc of docs) this.add(doc);
    });
    return (query) => {
      const terms = queryTerms(query);
      if (!terms.length) return [];
      return index
        .query((builder) => {
          for (const term of terms) {
            if (term.length >= MIN_WILDCARD_LENGTH) {
              builder.term(term, { wildcard: lunr.Query.wildcard.TRAILING });
              builder.term(term, { wildcard: lunr.Query.wildcard.LEADING });
              const typos = typoBudget(term);
              if (typos > 0) builder.term(term, { editDistance: typos });
            } else {
              builder.term(term, { boost: 2 });
            }
          }
        })
        .slice(0, TOP)
        .map((result) => result.ref);
    };
  },
};

const miniEngine: Engine = {
  name: "minisearch 7.2.0",
  build(categories) {
    const index = new MiniSearch<Doc>({
      idField: "slug",
      fields: ["name", "searchText"],
      storeFields: [],
      tokenize: (text) => (text ? text.split(" ") : []),
      processTerm: (term) => term,
      searchOptions: {
        boost: { name: FIELD_BOOST.name },
        prefix: (term) => term.length >= MIN_WILDCARD_LENGTH,
        fuzzy: (term) => typoBudget(term) || false,
        maxFuzzy: 2,
        combineWith: "OR",
        weights: { prefix: WILDCARD_WEIGHT, fuzzy: 0.45 },
        bm25: { k: 1.2, b: 0.75, d: 0 },
      },
    });
    index.addAll(flatten(categories));
    return (query) => {
      const terms = queryTerms(query);
      if (!terms.length) return [];
      return index
        .search(terms.join(" "))
        .slice(0, TOP)
        .map((result) => String(result.id));
    };
  },
};

const ENGINES = [portal, lunrEngine, miniEngine];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] as number;
}

type Figures = {
  buildMs: number;
  buildCpuMs: number;
  memoryBytes: number;
  queryMedianMs: number;
  queryP95Ms: number;
  precisionAt1: number;
  mrrAt5: number;
  judged: number;
};

/** A corpus to measure: built and timed whole, judged per language. */
type Corpus = {
  label: string;
  categories: SupportCategory[];
  timing: string[];
  judged: { categories: SupportCategory[]; queries: Judged[] }[];
};

function relevance(search: Search, queries: Judged[], name: string) {
  let hits = 0;
  let reciprocal = 0;
  for (const { query, expect } of queries) {
    const found = search(query);
    const rank = found.findIndex((slug) => expect.includes(slug));
    if (rank === 0) hits += 1;
    if (rank >= 0) reciprocal += 1 / (rank + 1);
    if (VERBOSE && rank !== 0) {
      console.log(`  ${name} "${query}": expected ${expect[0]} at ${rank < 0 ? "-" : rank + 1}`);
      console.log(`    got ${found.join(" ")}`);
    }
  }
  return { hits, reciprocal };
}

function measureBuild(engine: Engine, categories: SupportCategory[]) {
  // Memory: heap retained by one built index, measured between two full collections.
  gc();
  const before = process.memoryUsage().heapUsed;
  let search = engine.build(categories);
  gc();
  const memoryBytes = process.memoryUsage().heapUsed - before;
  const times: number[] = [];
  const cpuTimes: number[] = [];
  for (let i = 0; i < BUILD_RUNS; i++) {
    const cpu = process.cpuUsage();
    const start = performance.now();
    search = engine.build(categories);
    times.push(performance.now() - start);
    const used = process.cpuUsage(cpu);
    cpuTimes.push((used.user + used.system) / 1000);
  }
  // Best of the runs: the one least disturbed by other processes on a shared machine.
  return { search, memoryBytes, buildMs: Math.min(...times), buildCpuMs: median(cpuTimes) };
}

function run(corpus: Corpus): Map<string, Figures> {
  const questions = corpus.categories.reduce((sum, c) => sum + c.questions.length, 0);
  const judgedCount = corpus.judged.reduce((sum, part) => sum + part.queries.length, 0);
  console.log(
    `\n## ${corpus.label}: ${questions} questions, ${corpus.categories.length} categories, ` +
      `${corpus.timing.length} timed queries, ${judgedCount} judged queries`,
  );
  const searches = new Map<string, Search>();
  const figures = new Map<string, Figures>();
  for (const engine of ENGINES) {
    const { search, ...build } = measureBuild(engine, corpus.categories);
    searches.set(engine.name, search);
    figures.set(engine.name, {
      ...build,
      queryMedianMs: 0,
      queryP95Ms: 0,
      precisionAt1: 0,
      mrrAt5: 0,
      judged: judgedCount,
    });
  }

  // Query times: engines interleaved round by round so background load hits them alike.
  const samples = new Map<string, number[]>(ENGINES.map((engine) => [engine.name, []]));
  for (let round = -2; round < QUERY_ROUNDS; round++) {
    for (const engine of ENGINES) {
      const search = searches.get(engine.name) as Search;
      for (const query of corpus.timing) {
        const start = performance.now();
        search(query);
        const elapsed = performance.now() - start;
        if (round >= 0) samples.get(engine.name)?.push(elapsed);
      }
    }
  }

  for (const engine of ENGINES) {
    const result = figures.get(engine.name) as Figures;
    const times = samples.get(engine.name) as number[];
    result.queryMedianMs = median(times);
    result.queryP95Ms = percentile(times, 0.95);
    let hits = 0;
    let reciprocal = 0;
    for (const part of corpus.judged) {
      // The seeded data is judged per language: the portal searches one language at a time.
      const search =
        part.categories === corpus.categories
          ? (searches.get(engine.name) as Search)
          : engine.build(part.categories);
      const found = relevance(search, part.queries, engine.name);
      hits += found.hits;
      reciprocal += found.reciprocal;
    }
    result.precisionAt1 = judgedCount ? hits / judgedCount : 0;
    result.mrrAt5 = judgedCount ? reciprocal / judgedCount : 0;
  }
  printTable(figures);
  return figures;
}

function printTable(figures: Map<string, Figures>): void {
  const ours = figures.get(portal.name) as Figures;
  const rows: [string, (f: Figures) => number, (n: number) => string, boolean][] = [
    ["build wall (ms, best of 3)", (f) => f.buildMs, (n) => n.toFixed(1), true],
    ["build CPU (ms, median of 3)", (f) => f.buildCpuMs, (n) => n.toFixed(1), true],
    ["query median (ms)", (f) => f.queryMedianMs, (n) => n.toFixed(3), true],
    ["query p95 (ms)", (f) => f.queryP95Ms, (n) => n.toFixed(3), true],
    ["memory (MB retained)", (f) => f.memoryBytes / 1e6, (n) => n.toFixed(1), true],
    ["precision@1", (f) => f.precisionAt1, (n) => n.toFixed(3), false],
    ["MRR@5", (f) => f.mrrAt5, (n) => n.toFixed(3), false],
  ];
  const header = ["metric", ...ENGINES.map((e) => e.name), "lunr / ours", "minisearch / ours"];
  const lines = [header];
  for (const [metric, value, format, ratio] of rows) {
    const values = ENGINES.map((engine) => value(figures.get(engine.name) as Figures));
    const base = value(ours);
    const ratios = ratio
      ? values.slice(1).map((v) => (base > 0 ? `${(v / base).toFixed(1)}x` : "-"))
      : ["", ""];
    lines.push([metric, ...values.map(format), ...ratios]);
  }
  const widths = header.map((_, column) =>
    Math.max(...lines.map((line) => (line[column] ?? "").length)),
  );
  for (const [i, line] of lines.entries()) {
    console.log(`| ${line.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(" | ")} |`);
    if (i === 0) console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  }
}

function goals(label: string, figures: Map<string, Figures>, checkBuild: boolean): boolean {
  const ours = figures.get(portal.name) as Figures;
  const lunrs = figures.get(lunrEngine.name) as Figures;
  const checks: [string, boolean][] = [
    [
      `query median <= 1/5 of lunr's (${(lunrs.queryMedianMs / ours.queryMedianMs).toFixed(1)}x faster)`,
      ours.queryMedianMs * 5 <= lunrs.queryMedianMs,
    ],
    [`precision@1 >= 0.9 (${ours.precisionAt1.toFixed(3)})`, ours.precisionAt1 >= 0.9],
    [`MRR@5 >= 0.9 (${ours.mrrAt5.toFixed(3)})`, ours.mrrAt5 >= 0.9],
  ];
  if (checkBuild) {
    // Wall time depends on what else the machine runs; CPU time is the figure an idle machine
    // would show as wall time, so both are printed; the goal is on CPU time.
    checks.push([
      `10,000 questions indexed in <= 1 s, CPU time (${ours.buildCpuMs.toFixed(0)} ms; wall ${ours.buildMs.toFixed(0)} ms at load ${loadavg()[0]?.toFixed(1)})`,
      ours.buildCpuMs <= 1000,
    ]);
  }
  console.log(`\nGoals, ${label}:`);
  for (const [text, ok] of checks) console.log(`  ${ok ? "PASS" : "FAIL"}  ${text}`);
  return checks.every(([, ok]) => ok);
}

const seedDir = resolve(dirname(fileURLToPath(import.meta.url)), "../../../apps/services");

function readLanguage(lang: string): SupportCategory[] | undefined {
  const file = resolve(seedDir, `seed/support/${lang}.json`);
  return existsSync(file)
    ? (JSON.parse(readFileSync(file, "utf8")) as SupportCategory[])
    : undefined;
}

function readJudged(): (Judged & { lang: string })[] {
  const file = resolve(seedDir, "judged/support.json");
  return existsSync(file)
    ? (JSON.parse(readFileSync(file, "utf8")) as { queries: (Judged & { lang: string })[] }).queries
    : [];
}

console.log(
  `# @portal/support-search benchmark (Node ${process.version}, ${cpus().length} CPUs, ` +
    `load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(" ")}, ${new Date().toISOString()})`,
);
if (!collect) console.log("(run with node --expose-gc for memory figures; `pnpm bench` does)");

let ok = true;
const bm = readLanguage("bm");
const en = readLanguage("en");
if (bm && en) {
  const judged = readJudged();
  // One corpus of both languages for build and query times; the language prefixes the category
  // slug so slugs stay unique.
  const both = [bm, en].flatMap((categories, i) =>
    categories.map((category) => ({ ...category, slug: `${i ? "en" : "bm"}-${category.slug}` })),
  );
  ok =
    goals(
      "seeded support data",
      run({
        label: "Seeded support data (apps/services/seed/support/{bm,en}.json)",
        categories: both,
        timing: judged.map((j) => j.query),
        judged: [
          { categories: bm, queries: judged.filter((j) => j.lang === "bm") },
          { categories: en, queries: judged.filter((j) => j.lang === "en") },
        ],
      }),
      false,
    ) && ok;
} else {
  console.log(
    "\nSeeded support data not found (apps/services/seed/support/{bm,en}.json): generated corpus only.",
  );
}
if (SEEDED_ONLY) {
  // The seeded data is the point of this run: without it there is nothing to measure.
  if (!bm || !en) ok = false;
  console.log(`\nGenerated corpus of ${GENERATED_SIZE} questions: left out (--seeded-only).`);
} else {
  const generated = generateCorpus(GENERATED_SIZE);
  const known = knownItemQueries(generated, 60);
  ok =
    goals(
      "generated corpus",
      run({
        label: "Generated corpus",
        categories: generated,
        timing: [...QUERIES.map((q) => q.query), ...known.map((q) => q.query)],
        judged: [{ categories: generated, queries: known }],
      }),
      true,
    ) && ok;
}
if (!ok) process.exitCode = 1;
