import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MESSAGE_KEYS, formatValidationMessage, validationMessages } from "../index.js";

const srcDir = join(import.meta.dirname, "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "__tests__" ? [] : sourceFiles(path);
    return path.endsWith(".ts") ? [path] : [];
  });
}

describe("message catalogs", () => {
  it("bm and en have identical keys, equal to MESSAGE_KEYS", () => {
    const bm = Object.keys(validationMessages.bm).sort();
    const en = Object.keys(validationMessages.en).sort();
    expect(bm).toEqual(en);
    expect(bm).toEqual([...MESSAGE_KEYS].sort());
  });

  it("has no empty or untranslated texts", () => {
    for (const key of MESSAGE_KEYS) {
      expect(validationMessages.bm[key]).not.toBe("");
      expect(validationMessages.en[key]).not.toBe("");
      if (key !== "validation.language.invalid" && key !== "validation.product.invalid") {
        expect(validationMessages.bm[key]).not.toBe(validationMessages.en[key]);
      }
    }
  });

  it("every key spelled in the source exists in the catalogs", () => {
    const used = new Set<string>();
    for (const file of sourceFiles(srcDir)) {
      for (const match of readFileSync(file, "utf8").matchAll(/"(validation\.[A-Za-z.]+)"/g)) {
        used.add(match[1]!);
      }
    }
    expect(used.size).toBeGreaterThan(10);
    for (const key of used) expect(Object.keys(validationMessages.en)).toContain(key);
  });

  it("formats a key in both languages", () => {
    expect(formatValidationMessage("validation.postcode.digits", "en")).toMatch(/5 digits/);
    expect(formatValidationMessage("validation.postcode.digits")).toMatch(/5 digit/);
  });
});
