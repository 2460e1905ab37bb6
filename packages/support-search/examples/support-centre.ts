// The README's support-centre example, on the support data the content service serves
// (PORTAL_URL, default http://localhost:4000).
import assert from "node:assert/strict";

// #region support
import { createSupportIndex, type SupportCategory } from "@portal/support-search";

const base = process.env.PORTAL_URL ?? "http://localhost:4000";
// The support centre a page of categories at a time (at most 100 a page), every page.
const categories: SupportCategory[] = [];
for (let page = 1, total = 1; categories.length < total; page += 1) {
  const url = `${base}/content/api/v1/static/support/bm/all?limit=100&page=${page}`;
  const { response } = (await (await fetch(url)).json()) as {
    response: { items: SupportCategory[]; total: number };
  };
  categories.push(...response.items);
  total = response.total;
}

const support = createSupportIndex(categories); // [{ name, slug, questions: [...] }]

const results = support.search("  cara   bayar bil ", { limit: 10 });
// [{ question, category, score, exactTerms, terms: ["bayar", "bil", ...], matches }]
const question = support.get("billing/pay-bill-online"); // addressed "category-slug/question-slug"
const related = support.related("billing/pay-bill-online"); // up to 5 others sharing a tag
console.log(results[0]?.question.name, "|", question?.name, "|", related.length, "related");
// #endregion support

assert.ok(results.length > 0);
assert.equal(question?.slug, "billing/pay-bill-online");
assert.ok(related.length >= 1 && related.length <= 5);
assert.ok(!related.some((q) => q.slug === question.slug));
