#!/usr/bin/env node
// The public API of each publishable package, as its consumers' TypeScript sees it: for every
// entry point, its built declaration file and every declaration file of the package it reaches
// (relative imports and import() types), in a stable order, into scripts/api-reports/<pkg>.api.txt.
// Lighter than API Extractor (no rollup of names), but any change of a published type shows up
// as a diff of that file in review. Needs the packages built (turbo run build).
//   node scripts/api-report.mjs          npm test: fails when a package's API differs from its
//                                        report and no pending changeset (.changeset/*.md)
//                                        names the package; with a changeset it says to refresh
//   node scripts/api-report.mjs --write  refreshes the reports; refuses a changed API without
//                                        a changeset naming the package
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const reports = join(root, "scripts/api-reports");
const write = process.argv.includes("--write");

/** Packages named by pending changesets. */
const changesetDir = join(root, ".changeset");
const announced = new Set(
  readdirSync(changesetDir)
    .filter((f) => f.endsWith(".md") && f !== "README.md")
    .flatMap((f) => {
      const text = readFileSync(join(changesetDir, f), "utf8");
      const front = /^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? "";
      return [...front.matchAll(/^["']?(@[\w-]+\/[\w-]+)["']?\s*:/gm)].map((m) => m[1]);
    }),
);

/** The declaration files an entry reaches, in a stable order. */
function declarations(entry) {
  const seen = new Set();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift();
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(
      /(?:from\s*|import\s*\(\s*|import\s+)["'](\.{1,2}\/[^"']+)["']/g,
    )) {
      const target = resolve(dirname(file), m[1]).replace(/\.js$/, ".d.ts");
      queue.push(target);
    }
  }
  return [...seen].sort();
}

const problems = [];
const notes = [];
mkdirSync(reports, { recursive: true });
for (const dir of readdirSync(join(root, "packages"))) {
  const path = join(root, "packages", dir);
  const manifest = JSON.parse(readFileSync(join(path, "package.json"), "utf8"));
  if (manifest.private) continue;
  const files = new Set();
  const entries = [];
  for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
    const types = typeof target === "object" ? target.types : undefined;
    if (!types) continue;
    entries.push(`${subpath} -> ${types}`);
    const found = declarations(join(path, types));
    if (found.length === 0) problems.push(`${manifest.name} ${subpath}: ${types} is not built`);
    for (const f of found) files.add(f);
  }
  const body = [...files]
    .sort()
    .map((f) => {
      const text = readFileSync(f, "utf8")
        .replace(/^\/\/# sourceMappingURL=.*$/gm, "")
        .trimEnd();
      return `// ---- ${relative(path, f)}\n${text}\n`;
    })
    .join("\n");
  const report = `// The public API of ${manifest.name} (node scripts/api-report.mjs --write).\n// ${entries.join("\n// ")}\n\n${body}`;
  const file = join(reports, `${dir}.api.txt`);
  const before = existsSync(file) ? readFileSync(file, "utf8") : undefined;
  if (before === report) continue;
  const hasChangeset = announced.has(manifest.name);
  if (write) {
    if (before !== undefined && !hasChangeset) {
      problems.push(
        `${manifest.name}: its public API changed; add a changeset (pnpm changeset) first`,
      );
      continue;
    }
    writeFileSync(file, report);
    notes.push(`${relative(root, file)} written`);
  } else if (!hasChangeset) {
    problems.push(
      `${manifest.name}: its public API differs from ${relative(root, file)} and no changeset names it ` +
        "(pnpm changeset, then node scripts/api-report.mjs --write)",
    );
  } else {
    notes.push(
      `${manifest.name}: API changed, announced by a changeset; refresh ${relative(root, file)} with --write`,
    );
  }
}
for (const n of notes) console.log(n);
if (problems.length > 0) {
  console.error(`api reports:\n- ${problems.join("\n- ")}`);
  process.exitCode = 1;
} else if (!write)
  console.log("every package's public API matches its report, or a changeset announces the change");
