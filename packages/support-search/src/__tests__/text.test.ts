import { describe, expect, it } from "vitest";
import {
  decodeEntities,
  foldText,
  htmlToText,
  normalizeQuery,
  toQuestionSlug,
  toSearchText,
  tokenize,
} from "../index";

describe("normalizeQuery", () => {
  it("trims and collapses whitespace runs to one space", () => {
    expect(normalizeQuery("  bayar \t\n  bil\u00a0 lewat  ")).toBe("bayar bil lewat");
  });

  it("gives an empty string for whitespace only", () => {
    expect(normalizeQuery(" \t\r\n ")).toBe("");
  });
});

describe("foldText and tokenize", () => {
  it("fold case and accents without stemming", () => {
    expect(foldText("PÉRKHIDMATAN Café Ñandú")).toBe("perkhidmatan cafe nandu");
    expect(tokenize("Langganan, LANGGAN & pelanggan!")).toEqual([
      "langganan",
      "langgan",
      "pelanggan",
    ]);
    // No English stemmer: Malay words keep their affixes, English plurals keep their s.
    expect(tokenize("subscriptions pembayaran")).toEqual(["subscriptions", "pembayaran"]);
  });

  it("give a word mixing letters and digits as its runs and whole", () => {
    expect(tokenize("Fibre 500Mbps RM129 1Gbps")).toEqual([
      "fibre",
      "500",
      "mbps",
      "500mbps",
      "rm",
      "129",
      "rm129",
      "1",
      "gbps",
      "1gbps",
    ]);
    expect(tokenize("Wi-Fi6")).toEqual(["wi", "fi", "6", "fi6", "wifi6"]);
  });

  it("split on anything that is not a letter or digit", () => {
    expect(tokenize("100Mbps (router)/modem: a.b_c 'x' -y- --")).toEqual([
      "100",
      "mbps",
      "100mbps",
      "router",
      "modem",
      "a",
      "b",
      "c",
      "x",
      "y",
    ]);
  });

  it("also give hyphenated compounds joined up", () => {
    expect(tokenize("Wi-Fi e-mel kanak-kanak set-top-box")).toEqual([
      "wi",
      "fi",
      "wifi",
      "e",
      "mel",
      "emel",
      "kanak",
      "kanak",
      "kanakkanak",
      "set",
      "top",
      "box",
      "settopbox",
    ]);
    expect(tokenize("Wi-Fí")).toEqual(["wi", "fi", "wifi"]);
  });
});

describe("decodeEntities", () => {
  it("decodes named, decimal and hexadecimal references", () => {
    expect(
      decodeEntities("Suria &amp; TV &lt;3 &quot;x&quot; &#39;y&#39; &#233; &#xE9; &eacute;&Uuml;"),
    ).toBe("Suria & TV <3 \"x\" 'y' é é éÜ");
    expect(decodeEntities("a&nbsp;b&hellip;")).toBe("a\u00a0b\u2026");
  });

  it("leaves unknown names and broken references alone", () => {
    expect(decodeEntities("&foo; & &amp &#xZZ;")).toBe("&foo; & &amp &#xZZ;");
    expect(decodeEntities("&#0; &#x110000;")).toBe("\ufffd \ufffd");
  });
});

describe("htmlToText", () => {
  it("turns block elements into spaces and drops inline tags", () => {
    expect(htmlToText("<p>satu</p><p>dua</p><ul><li>tiga</li><li>empat</li></ul>")).toBe(
      "satu dua tiga empat",
    );
    expect(htmlToText("baris<br>baru<br/>lagi<hr>akhir")).toBe("baris baru lagi akhir");
    expect(htmlToText("<b>lang</b>gan <a href='/x'>pakej</a><strong>TV</strong>")).toBe(
      "langgan pakejTV",
    );
  });

  it("decodes entities after stripping, so escaped markup stays text", () => {
    expect(htmlToText("<p>&lt;b&gt;tebal&lt;/b&gt; &amp; Suria&nbsp;TV</p>")).toBe(
      "<b>tebal</b> & Suria TV",
    );
  });

  it("drops comments, scripts, styles and handles > inside attribute values", () => {
    expect(
      htmlToText(
        '<!-- nota --><style>p{color:red}</style><p title="a > b">isi</p><script>alert("x")</script>',
      ),
    ).toBe("isi");
    expect(htmlToText("laju < 100 Mbps")).toBe("laju < 100 Mbps");
    expect(htmlToText("")).toBe("");
  });
});

describe("toSearchText and toQuestionSlug", () => {
  it("is the description plus the content with tags stripped", () => {
    expect(
      toSearchText(
        "Cara bayar bil &amp; caj.",
        "<h2>Langkah</h2><ol><li>Log&nbsp;masuk</li><li>Bayar</li></ol>",
      ),
    ).toBe("Cara bayar bil & caj. Langkah Log masuk Bayar");
  });

  it("joins the category and question slugs", () => {
    expect(toQuestionSlug("bil-dan-bayaran", "cara-bayar-bil")).toBe(
      "bil-dan-bayaran/cara-bayar-bil",
    );
  });
});
