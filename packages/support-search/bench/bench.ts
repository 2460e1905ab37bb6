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
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { FIELD_BOOST, createSupportIndex, toQuestionSlug, toSearchText } from "../src/index";
import type { SupportCategory } from "../src/index";
import { QUERIES, generateCorpus, knownItemQueries, type Judged } from "./corpus";
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
} from "./harness";

const GENERATED_SIZE = 10_000;
const SEEDED_ONLY = process.argv.includes("--seeded-only");
const BOOSTS = [FIELD_BOOST.name, FIELD_BOOST.searchText];

function flatten(categories: SupportCategory[]): BenchDoc[] {
  return categories.flatMap((category) =>
    category.questions.map((question) => ({
      id: toQuestionSlug(category.slug, question.slug),
      fields: [folded(question.name), folded(toSearchText(question.description, question.content))],
    })),
  );
}

const ENGINES: Engine<SupportCategory[]>[] = [
  {
    name: "support-search",
    build(categories) {
      const index = createSupportIndex(categories);
      return (query) => index.search(query, { limit: TOP }).map((hit) => hit.question.slug);
    },
  },
  { name: "lunr 2.3.9", build: (categories) => lunrSearch(flatten(categories), BOOSTS) },
  { name: "minisearch 7.2.0", build: (categories) => miniSearch(flatten(categories), BOOSTS) },
];

const size = (categories: SupportCategory[]) =>
  `${categories.reduce((sum, c) => sum + c.questions.length, 0)} questions, ${categories.length} categories`;

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

heading("@portal/support-search benchmark");

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
      ENGINES,
      run(ENGINES, {
        label: "Seeded support data (apps/services/seed/support/{bm,en}.json)",
        size: size(both),
        data: both,
        timing: judged.map((j) => j.query),
        judged: [
          { data: bm, queries: judged.filter((j) => j.lang === "bm") },
          { data: en, queries: judged.filter((j) => j.lang === "en") },
        ],
      }),
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
      "generated corpus (10,000 questions)",
      ENGINES,
      run(ENGINES, {
        label: "Generated corpus",
        size: size(generated),
        data: generated,
        timing: [...QUERIES.map((q) => q.query), ...known.map((q) => q.query)],
        judged: [{ data: generated, queries: known }],
      }),
      1000,
    ) && ok;
}
if (!ok) process.exitCode = 1;
