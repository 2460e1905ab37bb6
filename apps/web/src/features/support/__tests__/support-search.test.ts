import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { normalizeQuery } from "@portal/support-search/query";
import { SUPPORT_RESULT_LIMIT, supportSearchQueryOptions } from "../api/get-support";

// Issue 22: the support search asks the content service (searchSupport, top 20); the browser
// neither downloads the whole support centre (getSupportAll) nor builds an index.

afterEach(() => vi.unstubAllGlobals());

describe("supportSearchQueryOptions", () => {
  it("asks searchSupport for the query's top 20, in the page's language", async () => {
    const answer = { q: "bil", lang: "en", hits: [] };
    const asked: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: Request | string | URL) => {
        asked.push(input instanceof Request ? input.url : String(input));
        return new Response(JSON.stringify({ response: answer }), {
          status: 200,
          headers: { "content-type": "application/json" },
        });
      }),
    );
    const client = new QueryClient();
    expect(await client.fetchQuery(supportSearchQueryOptions("en", "bil"))).toEqual(answer);
    expect(SUPPORT_RESULT_LIMIT).toBe(20);
    expect(asked).toHaveLength(1);
    const url = new URL(asked[0]!, "http://localhost");
    expect(url.pathname).toMatch(/\/static\/support\/en\/search$/);
    expect(Object.fromEntries(url.searchParams)).toEqual({ q: "bil", limit: "20" });
  });

  it("keys each language and query apart, and cuts a query to the service's 100 characters", () => {
    expect(supportSearchQueryOptions("bm", "bil").queryKey).not.toEqual(
      supportSearchQueryOptions("en", "bil").queryKey,
    );
    const long = "a".repeat(150);
    expect(supportSearchQueryOptions("bm", long).queryKey.at(-1)).toBe("a".repeat(100));
    // The page's own spelling of a query and the loader's raw one share one answer.
    expect(supportSearchQueryOptions("bm", "  bil \t  bulanan ").queryKey).toEqual(
      supportSearchQueryOptions("bm", "bil bulanan").queryKey,
    );
  });

  it("reads a query by @portal/support-search's normalizeQuery, cut to 100 characters", () => {
    for (const text of [
      "",
      "   ",
      "bil",
      "  bil  ",
      "bil\tbulanan",
      "a \n\r b",
      "x\u00a0y",
      "wi-fi  6",
      " \u2003kata laluan\u2003 ",
      ` ${"x ".repeat(60)}`,
    ])
      expect(supportSearchQueryOptions("bm", text).queryKey.at(-1), JSON.stringify(text)).toBe(
        normalizeQuery(text).slice(0, 100),
      );
  });
});

describe("the support feature's imports", () => {
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? entry.name === "__tests__"
          ? []
          : files(join(dir, entry.name))
        : [join(dir, entry.name)],
    );
  const source = [
    ...files(join(__dirname, "..")),
    join(__dirname, "../../../routes/support.index.tsx"),
  ].map((file) => [file, readFileSync(file, "utf8")] as const);

  it("never load the search library's index or the whole support centre", () => {
    for (const [file, text] of source) {
      // Only the query rule (`@portal/support-search/query`) reaches the browser from here; the
      // text helpers' entity tables (`/text`) stay with the shared highlight.
      expect(text, file).not.toMatch(/from "@portal\/support-search"/);
      expect(text, file).not.toMatch(/from "@portal\/support-search\/text"/);
      expect(text, file).not.toMatch(/import\("@portal\/support-search"\)/);
      expect(text, file).not.toMatch(/getSupportAll\(|"getSupportAll"/);
    }
  });
});
