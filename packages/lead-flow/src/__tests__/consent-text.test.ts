// The consent text's hash the flow sends (and the services accept) is the hash of the text the
// consent step shows: recomputed here from the catalogs, so a changed text fails until its new
// hash is written in @portal/validation (CONSENT_TEXT_HASHES).
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { CONSENT_TEXT_HASHES } from "@portal/validation";
import { describe, expect, it } from "vitest";

const CONSENT_TEXT_IDS = ["signup.consent.text.1", "signup.consent.text.2", "signup.consent.agree"];

function catalogText(language: "bm" | "en"): string {
  const url = new URL(`../sign-up/lang/${language}.json`, import.meta.url);
  const catalog = JSON.parse(readFileSync(url, "utf8")) as Record<
    string,
    { defaultMessage: string }
  >;
  return CONSENT_TEXT_IDS.map((id) => catalog[id]!.defaultMessage).join("\n");
}

describe("the consent text's hash", () => {
  it.each(["bm", "en"] as const)(
    "is the SHA-256 of the %s text the consent step shows",
    (language) => {
      const hash = createHash("sha256").update(catalogText(language), "utf8").digest("hex");
      expect(CONSENT_TEXT_HASHES[language]).toBe(hash);
    },
  );

  it("names the exact texts", () => {
    expect(CONSENT_TEXT_HASHES).toEqual({
      bm: "a6bf6ebc2b3f20e58bdb6373714a38be00535088d08a50a443b27fd5c7bac17d",
      en: "c3e043161d10d76c243ea36a65b0c9b963e6d1e38d3d726a6e616fb78e0a717d",
    });
    expect(catalogText("en")).toContain("{product}");
  });
});
