// The README's support-centre example, on the support data the content service serves
// (PORTAL_URL, default http://localhost:4000).
import assert from "node:assert/strict";

// #region support
import { createSupportIndex, type SupportCategory } from "@portal/support-search";

const base = process.env.PORTAL_URL ?? "http://localhost:4000";
const answer = await fetch(`${base}/content/api/v1/static/support/bm/all`);
const { response: categories } = (await answer.json()) as { response: SupportCategory[] };

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
