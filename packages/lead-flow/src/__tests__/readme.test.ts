import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { STEPS } from "../index.js";

const read = (path: string) => readFileSync(new URL(path, import.meta.url), "utf8");

describe("README", () => {
  it("names every step of the journey in its table", () => {
    const readme = read("../../README.md");
    for (const step of STEPS) expect(readme).toContain(`| \`${step}\``);
  });
});
