import { describe, expect, it } from "vitest";
import { englishStem, malayStem, soundKey, typoBudget, withinEdits } from "../index";
import { osaDistance as distance } from "./fixtures";

describe("malayStem", () => {
  it("removes the Malay affixes the issue names: meN-, peN-, ber-, di-, -kan, -an, -nya", () => {
    for (const word of ["pemasangan", "memasang", "dipasang", "pasangkan", "pasang"]) {
      expect(malayStem(word)).toBe("pasang");
    }
    for (const word of ["pembayaran", "membayar", "dibayar", "bayaran", "bayar"]) {
      expect(malayStem(word)).toBe("bayar");
    }
    expect(malayStem("berlangganan")).toBe("langgan");
    expect(malayStem("pelanggan")).toBe("langgan");
    expect(malayStem("pakejnya")).toBe("pakej");
    expect(malayStem("perkhidmatan")).toBe("khidmat");
  });

  it("leaves short words, words with digits and stems under three letters alone", () => {
    expect(malayStem("bil")).toBe("bil");
    expect(malayStem("500mbps")).toBe("500mbps");
    expect(malayStem("dian")).toBe("dian");
  });
});

describe("englishStem", () => {
  it("folds common plurals and inflections", () => {
    expect(englishStem("routers")).toBe("router");
    expect(englishStem("payments")).toBe(englishStem("payment"));
    expect(englishStem("channels")).toBe("channel");
    expect(englishStem("stories")).toBe(englishStem("story"));
    expect(englishStem("installation")).toBe(englishStem("install"));
  });
});

describe("typoBudget", () => {
  it("forgives nothing under 4 letters, one typo from 4, two from 8", () => {
    expect(["bil", "tv", "a"].map(typoBudget)).toEqual([0, 0, 0]);
    expect(["routr", "pakej", "paymnet", "kata"].map(typoBudget)).toEqual([1, 1, 1, 1]);
    expect(["pembayran", "langanan", "subscripton"].map(typoBudget)).toEqual([2, 2, 2]);
  });
});

describe("soundKey", () => {
  it("spells English loanwords as Malay writes them", () => {
    expect(soundKey("football")).toBe("futbal");
    expect(soundKey("futbol")).toBe("futbol");
    expect(soundKey("cinema")).toBe("sinema");
    expect(soundKey("phone")).toBe("fone");
    expect(soundKey("500mbps")).toBe("500mbps");
  });
});

describe("withinEdits", () => {
  const sorted = ["bayar", "bayaran", "payment", "payments", "pembayaran", "router", "routers"];

  it("finds terms within the allowed edits, a swap of neighbours counting as one", () => {
    expect(withinEdits(sorted, "paymnet", 1)).toEqual([["payment", 1]]);
    expect(withinEdits(sorted, "routr", 1)).toEqual([["router", 1]]);
    expect(withinEdits(sorted, "pembayran", 2)).toEqual([["pembayaran", 1]]);
    expect(withinEdits(sorted, "payment", 0)).toEqual([["payment", 0]]);
    expect(withinEdits(sorted, "rooter", 1)).toEqual([["router", 1]]);
  });

  it("keeps the first letter fixed, like Elasticsearch's prefix_length 1", () => {
    expect(withinEdits(sorted, "touter", 1)).toEqual([]);
    expect(withinEdits(sorted, "touter", 1, 0)).toEqual([["router", 1]]);
  });

  it("agrees with a plain dynamic-programming distance on every pair", () => {
    const words = ["kata", "katalaluan", "laluan", "pelan", "pelanggan", "langgan", "langganan"];
    const sortedWords = [...words].sort();
    for (const query of ["lagganan", "kat", "pelangan", "laluna", "kxta"]) {
      for (const max of [1, 2]) {
        const expected = sortedWords
          .filter((w) => w[0] === query[0] && distance(query, w) <= max)
          .map((w) => [w, distance(query, w)]);
        expect(withinEdits(sortedWords, query, max)).toEqual(expected);
      }
    }
  });
});
