// Every form of the sign-up posts: a form sent before the app handles it (scripts off, or still
// loading) must never put a name, a phone number or a MyKad in the URL. A form either spreads
// `useSchemaForm`'s `formProps` (method "post") or says method="post" itself.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const dir = new URL("../", import.meta.url);
const files = readdirSync(dir).filter((name) => name.endsWith(".tsx"));
/** Each `<form ...>` opening tag: it ends at the first ">" that ends a line. */
const formTags = (file: string) =>
  readFileSync(new URL(file, dir), "utf8").match(/<form\b[\s\S]*?>(?=[ \t]*\r?\n)/g) ?? [];

describe("the sign-up's forms", () => {
  it("are all found", () => {
    expect(files.flatMap(formTags)).toHaveLength(9);
  });

  it.each(files)("in %s all post", (file) => {
    for (const tag of formTags(file)) {
      expect(tag, `${file}: ${tag}`).toMatch(/method="post"|\{\.\.\.form\.formProps\}/);
      expect(tag).not.toMatch(/method="get"/);
    }
  });
});
