// The README's site-search example (no services needed).
import assert from "node:assert/strict";

// #region site-search
import { createSearchIndex } from "@portal/support-search";

const index = createSearchIndex(
  [
    { texts: ["Suria Fibre 500Mbps", "Our most popular choice"], weight: 1.2 },
    { texts: ["Router & Wi-Fi", "How do I change my Wi-Fi password?"] },
  ],
  [
    { name: "name", boost: 3 },
    { name: "text", boost: 1 },
  ],
);
const hits = index.search("fibre 500", { limit: 5 });
console.log(hits[0]); // { position: 0, score, matchedTerms: 2, exactTerms: 2, terms: ["fibre", "500", "500mbps"], matches }
// #endregion site-search

assert.equal(hits[0]?.position, 0);
assert.deepEqual(hits[0]?.terms, ["fibre", "500", "500mbps"]);
