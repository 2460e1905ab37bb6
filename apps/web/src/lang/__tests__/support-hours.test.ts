import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// Support hours agree everywhere (issue 15): the support centre's WhatsApp help, the Suria
// Fibre product page (seeded content) and every other text say every day, 8 am to 10 pm, and
// nothing promises round-the-clock support.

const here = dirname(fileURLToPath(import.meta.url));
const seed = join(here, "..", "..", "..", "..", "services", "seed");
const HOURS = { bm: "8 pagi hingga 10 malam", en: "8 am to 10 pm" } as const;

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? files(join(dir, entry.name))
      : entry.name.endsWith(".json")
        ? [join(dir, entry.name)]
        : [],
  );

describe("support hours", () => {
  for (const lang of ["bm", "en"] as const) {
    it(`are the same in the support centre and on the fibre page (${lang})`, () => {
      const support = JSON.parse(readFileSync(join(here, "..", `support.${lang}.json`), "utf8"));
      expect(support["support.help.body"].defaultMessage).toContain(HOURS[lang]);
      const products = JSON.parse(
        readFileSync(join(seed, "content", lang, "products.json"), "utf8"),
      ) as { product: string; description: string; features: { description: string }[] }[];
      const fibre = products.find((p) => p.product === "fibre")!;
      expect(fibre.description).toContain(HOURS[lang]);
      expect(fibre.features.some((f) => f.description.includes(HOURS[lang]))).toBe(true);
    });
  }

  it("are never promised round the clock, in the content or the app's messages", () => {
    const texts = [
      ...files(join(seed, "content")),
      ...files(join(seed, "support")),
      ...files(join(here, "..")),
    ]
      .filter((file) => !file.includes("compiled"))
      .map((file) => [file, readFileSync(file, "utf8")] as const);
    const promises = texts.filter(([, text]) =>
      // Support said to run all day and night, in either order ("24/7 support", "sokongan 24/7").
      /(support|sokongan|khidmat pelanggan|customer service)[^.]{0,40}(24\/7|24 jam sehari|round the clock)|(24\/7|24-hour|24 jam|round-the-clock)[^.]{0,20}(support|sokongan|help|bantuan)/i.test(
        text,
      ),
    );
    expect(promises.map(([file]) => file)).toEqual([]);
  });
});
