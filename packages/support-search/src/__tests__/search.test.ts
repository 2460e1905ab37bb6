import { describe, expect, it } from "vitest";
import { SupportSearchError, createSupportIndex } from "../index";
import { category, question } from "./fixtures";

const support = [
  category(
    "langganan",
    [
      question(
        "cara-langgan",
        "Cara mendaftar pakej",
        "Anda boleh langgan melalui aplikasi.",
        "<p>Pilih <b>pakej</b>&nbsp;dan sahkan.</p>",
        ["langganan", "pakej"],
      ),
      question(
        "langganan-baharu",
        "Langganan baharu",
        "Langganan baharu untuk pelanggan baharu.",
        "<p>Langganan bermula serta-merta.</p>",
        ["langganan"],
      ),
      question(
        "cancel-subscription",
        "Cancel my subscription",
        "How to cancel a subscription.",
        "<ol><li>Open the app</li><li>Choose <em>Cancel</em></li></ol>",
        ["langganan"],
      ),
    ],
    "Langganan",
  ),
  category(
    "perkhidmatan",
    [
      question(
        "gangguan",
        "Gangguan perkhidmatan",
        "Semak status perkhidmatan.",
        "<p>Perkhidmatan Suria&amp;TV di kawasan anda.</p>",
        ["perkhidmatan"],
      ),
      question("kafe", "Wi-Fi di café", "Sambungan percuma.", "", ["wifi"]),
    ],
    "Perkhidmatan",
  ),
];

describe("createSupportIndex", () => {
  const index = createSupportIndex(support);

  it("addresses questions by category-slug/question-slug", () => {
    const found = index.get("langganan/cara-langgan");
    expect(found?.slug).toBe("langganan/cara-langgan");
    expect(found?.questionSlug).toBe("cara-langgan");
    expect(found?.category).toEqual({ name: "Langganan", slug: "langganan" });
    expect(found?.searchText).toBe("Anda boleh langgan melalui aplikasi. Pilih pakej dan sahkan.");
    expect(index.get("cara-langgan")).toBeUndefined();
    expect(index.categories.map((c) => c.questions.map((q) => q.slug))).toEqual([
      ["langganan/cara-langgan", "langganan/langganan-baharu", "langganan/cancel-subscription"],
      ["perkhidmatan/gangguan", "perkhidmatan/kafe"],
    ]);
  });

  it("finds a word's Malay family: 'langgan' finds 'langganan' and 'pelanggan'", () => {
    const slugs = index.search("langgan").map((r) => r.question.slug);
    expect(slugs).toContain("langganan/langganan-baharu");
    const hit = index
      .search("langgan")
      .find((r) => r.question.slug === "langganan/langganan-baharu");
    expect(hit?.terms).toEqual(["langganan", "pelanggan"]);
    expect(hit?.matches[0]).toMatchObject({ term: "langganan", query: "langgan", kind: "stem" });
  });

  it("finds by prefix: 'langg' finds 'langganan'", () => {
    const hit = index.search("langg").find((r) => r.question.slug === "langganan/langganan-baharu");
    expect(hit?.matches[0]).toMatchObject({ term: "langganan", query: "langg", kind: "prefix" });
  });

  it("forgives typos: one from 4 letters, two from 8, never in the first letter", () => {
    expect(index.search("perkhidmtan")[0]?.matches[0]).toMatchObject({
      term: "perkhidmatan",
      kind: "typo",
      typos: 1,
    });
    expect(index.search("prekhidmtan")[0]?.matches[0]).toMatchObject({ kind: "typo", typos: 2 });
    expect(index.search("pakje")[0]?.question.slug).toBe("langganan/cara-langgan");
    expect(index.search("kakej")).toEqual([]);
    // Three letters: no typo forgiven.
    expect(index.search("pkj")).toEqual([]);
  });

  it("takes a known word as meant: no typos looked for", () => {
    // "pakej" is indexed, so the words one typo from it are not looked for.
    const hits = index.search("pakej");
    expect(hits.flatMap((h) => h.matches.map((m) => m.kind))).not.toContain("typo");
  });

  it("finds a word spelt as it sounds: 'kafe' finds 'cafe'", () => {
    const [hit] = index.search("kafe");
    expect(hit?.question.slug).toBe("perkhidmatan/kafe");
    expect(hit?.matches[0]).toMatchObject({ term: "cafe", kind: "typo" });
  });

  it("finds by suffix: 'scription' finds 'subscription'", () => {
    const [hit, ...rest] = index.search("scription");
    expect(rest).toEqual([]);
    expect(hit?.question.slug).toBe("langganan/cancel-subscription");
    expect(hit?.terms).toEqual(["subscription"]);
    expect(hit?.matches[0]?.kind).toBe("suffix");
    expect(hit?.matches[0]?.fields).toEqual(["name", "searchText"]);
  });

  it("ranks by query terms matched first, then by score", () => {
    const results = index.search("langganan serta-merta");
    expect(results.map((r) => [r.question.slug, r.matchedTerms])).toEqual([
      ["langganan/langganan-baharu", 4],
      ["langganan/cara-langgan", 1],
    ]);
    // A family match counts as the word itself for the order, with less weight in the score.
    const [word] = index.search("langganan");
    expect(word?.question.slug).toBe("langganan/langganan-baharu");
    expect(word?.exactTerms).toBe(1);
  });

  it("is case- and accent-insensitive", () => {
    expect(index.search("PERKHIDMATAN")[0]?.question.slug).toBe("perkhidmatan/gangguan");
    expect(index.search("pérkhidmatán")[0]?.question.slug).toBe("perkhidmatan/gangguan");
    expect(index.search("CAFE")[0]?.question.slug).toBe("perkhidmatan/kafe");
    expect(index.search("café")[0]?.terms).toEqual(["cafe"]);
  });

  it("matches a hyphenated word written either way", () => {
    expect(index.search("wifi")[0]?.question.slug).toBe("perkhidmatan/kafe");
    expect(index.search("Wi-Fi")[0]?.question.slug).toBe("perkhidmatan/kafe");
  });

  it("results carry the question, its category, the score and the matched terms", () => {
    const [hit] = index.search("suria tv");
    expect(hit?.question.slug).toBe("perkhidmatan/gangguan");
    expect(hit?.category).toEqual({ name: "Perkhidmatan", slug: "perkhidmatan" });
    expect(hit?.score).toBeGreaterThan(0);
    expect(hit?.terms).toEqual(["suria", "tv"]);
    expect(hit?.exactTerms).toBe(2);
  });

  it("returns nothing for empty and whitespace-only queries", () => {
    for (const query of ["", " ", "\t\n  \r", "\u00a0"]) {
      expect(index.search(query)).toEqual([]);
    }
  });

  it("is safe with regex and special characters", () => {
    const nasty = [
      "(",
      ")",
      "[a-z]*",
      ".*",
      "\\",
      "$^",
      "a+b?",
      "*",
      "|",
      "{2}",
      "<script>",
      "&amp;",
      "%",
      "'\"",
      "🙂",
    ];
    for (const query of nasty) {
      expect(() => index.search(query)).not.toThrow();
    }
    expect(index.search(".*")).toEqual([]);
    expect(index.search("(pakej)*")[0]?.question.slug).toBe("langganan/cara-langgan");
  });

  it("honours limit and rejects a bad one by name", () => {
    expect(index.search("langgan", { limit: 1 })).toHaveLength(1);
    expect(index.search("langgan", { limit: 0 })).toEqual([]);
    expect(index.search("langgan", { limit: Infinity })).toHaveLength(2);
    expect(() => index.search("langgan", { limit: -1 })).toThrow(/"limit"/);
    try {
      index.search("x", { limit: Number.NaN });
    } catch (error) {
      expect(error).toBeInstanceOf(SupportSearchError);
      expect((error as SupportSearchError).code).toBe("invalid-limit");
    }
  });

  it("rejects input that is not a list of categories", () => {
    expect(() => createSupportIndex({} as never)).toThrow(SupportSearchError);
    expect(() => createSupportIndex([{ name: "x" }] as never)).toThrow(/categories\[0\]/);
    expect(() => createSupportIndex([category("a", [{ name: "q" } as never])])).toThrow(
      /categories\[0\]\.questions\[0\]/,
    );
  });

  it("keeps the first of two questions sharing a slug addressable, both searchable", () => {
    const twice = createSupportIndex([
      category("a", [question("q", "Pertama unik"), question("q", "Kedua unik")]),
    ]);
    expect(twice.get("a/q")?.name).toBe("Pertama unik");
    expect(twice.search("unik", { limit: Infinity })).toHaveLength(2);
  });

  it("tolerates missing optional parts of a question", () => {
    const sparse = createSupportIndex([
      { name: "A", slug: "a", questions: [{ slug: "q", name: "Soalan" } as never] },
      { name: "B", slug: "b" } as never,
    ]);
    expect(sparse.get("a/q")).toMatchObject({ searchText: "", tags: [], description: "" });
    expect(sparse.search("soalan")[0]?.question.slug).toBe("a/q");
    expect(sparse.categories[1]?.questions).toEqual([]);
  });

  it("works on an empty list", () => {
    const empty = createSupportIndex([]);
    expect(empty.search("bil")).toEqual([]);
    expect(empty.related("a/b")).toEqual([]);
    expect(empty.categories).toEqual([]);
  });
});

describe("search with candidate bounds (a server's top results)", () => {
  // Many questions holding "bil", one of them with it in its name: the best one.
  const many = [
    category("bil", [
      question("bayar-bil", "Bayar bil", "Cara bayar bil.", "<p>Bil bulanan.</p>", []),
      ...Array.from({ length: 40 }, (_, i) =>
        question(`soalan-${i}`, `Soalan ${i}`, `Teks ${i} tentang bil.`, "<p>Lain.</p>", []),
      ),
    ]),
  ];
  const index = createSupportIndex(many);

  it("ranks as without bounds while no term is in more questions than the bound", () => {
    const unbounded = index.search("bayar bil", { limit: 5 });
    const bounded = index.search("bayar bil", { limit: 5, candidatesPerTerm: 256, candidates: 96 });
    expect(bounded.map((r) => r.question.slug)).toEqual(unbounded.map((r) => r.question.slug));
    expect(bounded[0]?.question.slug).toBe("bil/bayar-bil");
  });

  it("ranks at most the bound's questions, the best kept", () => {
    const bounded = index.search("bil", { limit: 50, candidatesPerTerm: 8, candidates: 8 });
    expect(bounded.length).toBeLessThanOrEqual(8);
    expect(bounded[0]?.question.slug).toBe("bil/bayar-bil");
    expect(index.search("bil", { limit: 50 })).toHaveLength(41);
  });

  it("refuses a bound that is not a positive number", () => {
    expect(() => index.search("bil", { candidates: -1 })).toThrow(SupportSearchError);
  });
});
