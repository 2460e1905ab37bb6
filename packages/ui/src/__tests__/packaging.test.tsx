import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { IntlProvider } from "react-intl";
import { describe, expect, it } from "vitest";
import { ErrorState, Pagination } from "../index.js";

const root = join(import.meta.dirname, "..", "..");

describe("compiled catalogs", () => {
  const out = mkdtempSync(join(tmpdir(), "ui-catalogs-"));
  execFileSync(process.execPath, [join(root, "scripts", "compile-catalogs.mjs"), out]);
  const read = (file: string) => JSON.parse(readFileSync(join(out, file), "utf8"));

  it.each([
    ["bm.json", "ms"],
    ["bm.ast.json", "ms"],
    ["en.json", "en"],
    ["en.ast.json", "en"],
  ] as const)(
    "%s goes to IntlProvider (%s) as it is, with no missing translation",
    (file, locale) => {
      const errors: unknown[] = [];
      const html = renderToStaticMarkup(
        <IntlProvider locale={locale} messages={read(file)} onError={(e) => errors.push(e)}>
          <ErrorState onRetry={() => {}} />
          <Pagination
            page={2}
            total={5}
            renderLink={(page, label) => <a href={`?p=${page}`}>{label}</a>}
          />
        </IntlProvider>,
      );
      expect(errors).toEqual([]);
      if (locale === "ms") {
        expect(html).toContain("Cuba lagi");
        expect(html).toContain("Halaman 2 daripada 5");
      } else {
        expect(html).toContain("Try again");
        expect(html).toContain("Page 2 of 5");
      }
    },
  );

  it("the strings and the ES module carry every id of the source catalog", () => {
    const source = JSON.parse(readFileSync(join(root, "src", "lang", "bm.json"), "utf8"));
    expect(Object.keys(read("bm.json")).sort()).toEqual(Object.keys(source).sort());
    expect(readFileSync(join(out, "bm.js"), "utf8")).toContain(`"ui.retry": "Cuba lagi"`);
  });
});

describe('"use client"', () => {
  const sources = readdirSync(join(root, "src")).filter(
    (f) => /\.tsx?$/.test(f) && !f.includes(".test."),
  );
  const text = (f: string) => readFileSync(join(root, "src", f), "utf8");
  const usesHooks = (f: string) => /\buse[A-Z]\w*\(/.test(text(f));

  it("every module that calls a hook starts with the directive, and only those", () => {
    const marked = sources.filter((f) => text(f).startsWith('"use client";'));
    expect(marked.sort()).toEqual(sources.filter(usesHooks).sort());
    expect(marked).toContain("states.tsx");
    expect(marked).not.toContain("colour.ts");
  });
});

describe("the catalogue", () => {
  it("shows every exported component in at least one story", async () => {
    const exports = Object.entries(await import("../index.js"))
      .filter(([name, value]) => typeof value === "function" && /^[A-Z]/.test(name))
      .map(([name]) => name);
    const stories = readdirSync(join(root, "stories"))
      .filter((f) => f.endsWith(".stories.tsx"))
      .map((f) => readFileSync(join(root, "stories", f), "utf8"))
      .join("\n");
    expect(exports.length).toBeGreaterThanOrEqual(20);
    const shown = (name: string) => new RegExp(`<${name}[\\s/>]|component: ${name},`).test(stories);
    expect(exports.filter((name) => !shown(name))).toEqual([]);
  });
});
