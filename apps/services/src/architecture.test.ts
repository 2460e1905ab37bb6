/**
 * Services layout (DESIGN.md "services layout", issue 24): route handlers hold no SQL. Every
 * `.ts` file under src/routes (tests excluded) is read and refused when it runs a statement
 * (`.query(`, `.query<`, `.exec(`, `.simple(`, an `sql` template) or spells one (`select ...
 * from`, `insert into`, `update ... set`, `delete from`, in any case). SQL lives in
 * src/repositories, rules in src/services. Each checked file is a test of its own, named below.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROUTES = fileURLToPath(new URL("./routes", import.meta.url));

const SQL_PATTERNS: readonly RegExp[] = [
  /\.(query|exec|simple)\s*[<(]/,
  /\bsql\s*`/,
  /\bselect\s+[\w*.,\s()]+?\s+from\s+[a-z_]+/i,
  /\binsert\s+into\s+[a-z_]+/i,
  /\bupdate\s+[a-z_]+\s+set\b/i,
  /\bdelete\s+from\s+[a-z_]+/i,
];

/** The lines of a source that run or spell SQL, as `line: text`. */
export function sqlLines(source: string): string[] {
  return source
    .split("\n")
    .map((text, i) => ({ text, line: i + 1 }))
    .filter(({ text }) => SQL_PATTERNS.some((p) => p.test(text)))
    .map(({ text, line }) => `${line}: ${text.trim()}`);
}

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

const files = routeFiles(ROUTES)
  .map((f) => relative(ROUTES, f))
  .sort();

describe("no SQL in route handlers", () => {
  it("checks every route file, the content routes included", () => {
    expect(files).toEqual(
      expect.arrayContaining([
        "address.ts",
        "config.ts",
        "content/account.ts",
        "content/catalog.ts",
        "content/images.ts",
        "index.ts",
        "installation.ts",
        "interests.ts",
        "marketing.ts",
        "shop.ts",
        "tracking.ts",
        "uploads.ts",
        "validate.ts",
      ]),
    );
  });

  it("finds SQL where there is some (the check is not vacuous)", () => {
    expect(
      sqlLines(
        [
          'await app.db.query("select 1");',
          "const { rows } = await tx.query<Row>(",
          '  "select status, extension from documents where id = $1",',
          "`insert into altcha_spent (signature) values ($1)`",
          '"UPDATE documents SET status = $2"',
          "'delete from interests where id = $1'",
          "sql`select ${x}`",
          "const lang = (request.query as { lang?: string }).lang;",
          "// Picks the plan the visitor selected from the offers.",
        ].join("\n"),
      ),
    ).toEqual([
      '1: await app.db.query("select 1");',
      "2: const { rows } = await tx.query<Row>(",
      '3: "select status, extension from documents where id = $1",',
      "4: `insert into altcha_spent (signature) values ($1)`",
      '5: "UPDATE documents SET status = $2"',
      "6: 'delete from interests where id = $1'",
      "7: sql`select ${x}`",
    ]);
  });

  it.each(files)("src/routes/%s holds no SQL", (file) => {
    expect(sqlLines(readFileSync(join(ROUTES, file), "utf8"))).toEqual([]);
  });
});
