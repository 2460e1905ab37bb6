import { performance } from "node:perf_hooks";
import { Index } from "flexsearch";
import { createSupportIndex, toSearchText, tokenize } from "../src/index";
import { generateCorpus } from "./corpus";
const cats = generateCorpus(10000);
const qs = cats.flatMap((c) => c.questions);
for (let r = 0; r < 4; r++) {
  let t = performance.now();
  const texts = qs.map((q) => toSearchText(q.description, q.content));
  const a = performance.now() - t;
  t = performance.now();
  const toks = texts.map((s) => tokenize(s));
  const b = performance.now() - t;
  t = performance.now();
  const maps = toks.map((ts) => {
    const m = new Map<string, number>();
    for (const x of ts) m.set(x, (m.get(x) ?? 0) + 1);
    return m;
  });
  const c = performance.now() - t;
  t = performance.now();
  const fx = new Index({ tokenize: "strict", resolution: 1, encode: (s: string) => s.split(" ") });
  maps.forEach((m, i) => fx.add(i, Array.from(m.keys()).join(" ")));
  const d = performance.now() - t;
  t = performance.now();
  createSupportIndex(cats);
  const e = performance.now() - t;
  console.log({
    html: a.toFixed(0),
    tokenize: b.toFixed(0),
    count: c.toFixed(0),
    flex: d.toFixed(0),
    total: e.toFixed(0),
  });
}
