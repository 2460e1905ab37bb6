/// <reference types="node" />
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createSupportIndex, type SupportCategory } from "../index";

// The judged query set of the support centre (apps/services/judged/support.json) over the
// seeded support data: precision@1 and MRR@5, printed and held at 0.9 or more.

type Judged = { lang: "bm" | "en"; query: string; expect: string[]; tags: string[] };

const services = (path: string) =>
  fileURLToPath(new URL(`../../../../apps/services/${path}`, import.meta.url));
const read = <T>(path: string): T => JSON.parse(readFileSync(services(path), "utf8")) as T;

const judged = read<{ queries: Judged[] }>("judged/support.json").queries;
const indexes = {
  bm: createSupportIndex(read<SupportCategory[]>("seed/support/bm.json")),
  en: createSupportIndex(read<SupportCategory[]>("seed/support/en.json")),
};

function measure(queries: Judged[]) {
  let hits = 0;
  let reciprocal = 0;
  const misses: string[] = [];
  for (const { lang, query, expect: wanted } of queries) {
    const found = indexes[lang].search(query, { limit: 5 }).map((hit) => hit.question.slug);
    const rank = found.findIndex((slug) => wanted.includes(slug));
    if (rank === 0) hits += 1;
    else misses.push(`[${lang}] "${query}": ${wanted[0]} at ${rank < 0 ? "-" : rank + 1}`);
    if (rank >= 0) reciprocal += 1 / (rank + 1);
  }
  return { p1: hits / queries.length, mrr: reciprocal / queries.length, misses };
}

describe("support search: judged queries", () => {
  it("holds at least 60 queries in both languages, with misspelt and Malay-affix ones", () => {
    expect(judged.length).toBeGreaterThanOrEqual(60);
    expect(judged.filter((q) => q.lang === "bm").length).toBeGreaterThanOrEqual(30);
    expect(judged.filter((q) => q.lang === "en").length).toBeGreaterThanOrEqual(30);
    expect(judged.filter((q) => q.tags.includes("typo")).length).toBeGreaterThanOrEqual(10);
    expect(judged.filter((q) => q.tags.includes("affix")).length).toBeGreaterThanOrEqual(10);
  });

  it("precision@1 >= 0.9 and MRR@5 >= 0.9", () => {
    const all = measure(judged);
    const lines = [
      `support search, ${judged.length} judged queries: precision@1 ${all.p1.toFixed(3)}, MRR@5 ${all.mrr.toFixed(3)}`,
    ];
    for (const tag of ["typo", "affix", "plural", "prefix", "mixed"]) {
      const part = measure(judged.filter((q) => q.tags.includes(tag)));
      lines.push(`  ${tag}: precision@1 ${part.p1.toFixed(3)}, MRR@5 ${part.mrr.toFixed(3)}`);
    }
    lines.push(...all.misses.map((miss) => `  miss ${miss}`));
    console.log(lines.join("\n"));
    expect(all.p1).toBeGreaterThanOrEqual(0.9);
    expect(all.mrr).toBeGreaterThanOrEqual(0.9);
  });
});
