import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { IntlProvider } from "react-intl";
import { describe, expect, it } from "vitest";
import { createFakeFlow, driveTo } from "../../../fixtures/fake-lead-api.js";
import bm from "../lang/bm.json";
import en from "../lang/en.json";
import { SignUpProvider, SignUpStepper } from "../index.js";
import { serverView } from "./render.js";

const root = join(import.meta.dirname, "..", "..", "..");
const require = createRequire(join(root, "package.json"));
const formatjs = join(dirname(require.resolve("@formatjs/cli/package.json")), "bin", "formatjs");
type Catalog = Record<string, { defaultMessage: string; description?: string }>;
const placeholders = (message: string) =>
  [...new Set([...message.matchAll(/\{(\w+)\s*[,}]/g)].map((m) => m[1]))].sort();

describe("the sign-up's catalogs", () => {
  it("en.json is exactly what the components declare (formatjs extract)", () => {
    const out = join(mkdtempSync(join(tmpdir(), "signup-extract-")), "en.json");
    execFileSync(process.execPath, [
      formatjs,
      "extract",
      join(root, "src/sign-up/**/*.{ts,tsx}"),
      "--ignore",
      "**/__tests__/**",
      "--out-file",
      out,
    ]);
    expect(JSON.parse(readFileSync(out, "utf8"))).toEqual(en);
  });

  it("bm has the same keys, every message translated with the same placeholders", () => {
    expect(Object.keys(bm).sort()).toEqual(Object.keys(en).sort());
    for (const [id, entry] of Object.entries(en as Catalog)) {
      const translated = (bm as Catalog)[id]!.defaultMessage;
      expect(translated, id).not.toBe("");
      expect(placeholders(translated), id).toEqual(placeholders(entry.defaultMessage));
    }
  });

  it.each([
    ["bm.json", "ms"],
    ["bm.ast.json", "ms"],
    ["en.json", "en"],
    ["en.ast.json", "en"],
  ] as const)("the compiled %s goes to IntlProvider (%s) as it is", async (file, locale) => {
    const out = mkdtempSync(join(tmpdir(), "signup-catalogs-"));
    execFileSync(process.execPath, [join(root, "scripts", "compile-catalogs.mjs"), out]);
    const ui = JSON.parse(
      readFileSync(require.resolve(`@portal/ui/lang/source/${file.slice(0, 2)}.json`), "utf8"),
    ) as Catalog;
    const messages = {
      ...Object.fromEntries(Object.entries(ui).map(([id, m]) => [id, m.defaultMessage])),
      ...JSON.parse(readFileSync(join(out, file), "utf8")),
    };
    const errors: unknown[] = [];
    const flow = await driveTo(createFakeFlow(), "package");
    const html = renderToStaticMarkup(
      <IntlProvider locale={locale} messages={messages} onError={(e) => errors.push(e)}>
        <SignUpProvider flow={serverView(flow)} language={locale === "ms" ? "bm" : "en"}>
          <SignUpStepper />
        </SignUpProvider>
      </IntlProvider>,
    );
    expect(errors).toEqual([]);
    expect(html).toContain(locale === "ms" ? "Langkah 1 daripada 7" : "Step 1 of 7");
  });
});

describe('"use client"', () => {
  const dir = join(root, "src", "sign-up");
  const modules = readdirSync(dir).filter((f) => /\.tsx$/.test(f));
  it("every component module of the sign-up is a client module", () => {
    expect(modules.length).toBeGreaterThan(10);
    for (const file of modules) {
      expect(readFileSync(join(dir, file), "utf8").startsWith('"use client";'), file).toBe(true);
    }
    expect(readFileSync(join(root, "src", "react", "index.ts"), "utf8")).toMatch(/^"use client";/);
  });
});
