/// <reference types="node" />
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  createSupportIndex,
  createSupportIndexAsync,
  SupportSearchError,
  type SupportCategory,
} from "../index";

// createSupportIndexAsync over the seeded support centre (apps/services/seed/support): the index
// createSupportIndex builds, with the event loop given turns while it is built.

type Judged = { lang: "bm" | "en"; query: string };

const services = (path: string) =>
  fileURLToPath(new URL(`../../../../apps/services/${path}`, import.meta.url));
const read = <T>(path: string): T => JSON.parse(readFileSync(services(path), "utf8")) as T;

const judged = read<{ queries: Judged[] }>("judged/support.json").queries;

describe("createSupportIndexAsync", () => {
  for (const lang of ["bm", "en"] as const) {
    it(`answers what createSupportIndex answers over the seed (${lang})`, async () => {
      const categories = read<SupportCategory[]>(`seed/support/${lang}.json`);
      const whole = createSupportIndex(categories);
      const sliced = await createSupportIndexAsync(categories, { sliceMs: 0 });
      expect(sliced.categories).toEqual(whole.categories);
      const queries = judged.filter((q) => q.lang === lang).map((q) => q.query);
      for (const query of [...queries, "bil", "sukn", "wifi", ""]) {
        expect(sliced.search(query, { limit: 20 }), query).toEqual(
          whole.search(query, { limit: 20 }),
        );
      }
      for (const question of whole.categories.flatMap((category) => category.questions)) {
        expect(sliced.related(question.slug), question.slug).toEqual(whole.related(question.slug));
        expect(sliced.get(question.slug)).toEqual(whole.get(question.slug));
      }
    });
  }

  it("gives the event loop turns while it builds", async () => {
    const categories = read<SupportCategory[]>("seed/support/bm.json");
    // Turns another task gets while `work` runs: one per setImmediate it sees through.
    const turnsDuring = async (work: Promise<unknown>) => {
      let done = false;
      void work.finally(() => (done = true));
      let turns = 0;
      for (; !done; turns++) await new Promise((resolve) => setImmediate(resolve));
      return turns;
    };
    // With slices of 0 ms every step yields: the seed (about a hundred questions) takes several.
    expect(await turnsDuring(createSupportIndexAsync(categories, { sliceMs: 0 }))).toBeGreaterThan(
      3,
    );
  });

  it("rejects what createSupportIndex throws on", async () => {
    const bad = [{ name: "x", questions: [] }] as unknown as SupportCategory[];
    expect(() => createSupportIndex(bad)).toThrow(SupportSearchError);
    await expect(createSupportIndexAsync(bad)).rejects.toMatchObject({
      code: "invalid-categories",
    });
  });
});
