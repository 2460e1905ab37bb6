#!/usr/bin/env node
// What each entry point of each publishable package costs a browser, against its budget
// (scripts/size-budgets.json, gzip bytes). For an entry: its built file and every file of the
// package it imports (relative imports, followed), concatenated and gzipped, as a bundler would
// take them; third-party dependencies and peers (react, react-intl, valibot ...) are not counted,
// and nothing is tree-shaken. Needs the packages built (turbo run build). npm test runs it.
//   node scripts/sizes.mjs          prints the table, exits 1 when an entry is over its budget
//   node scripts/sizes.mjs --write  sets every budget to the size now + 10 % (rounded up to 0.5 KB)
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { gzipSync } from "node:zlib";

const root = new URL("..", import.meta.url).pathname;
const budgetsFile = join(root, "scripts/size-budgets.json");
const budgets = existsSync(budgetsFile) ? JSON.parse(readFileSync(budgetsFile, "utf8")) : {};
const write = process.argv.includes("--write");

/** The entry's file and every package file it reaches through relative imports. */
function graph(entry) {
  const seen = new Set();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(/(?:from|import)\s*["'](\.{1,2}\/[^"']+)["']/g))
      queue.push(resolve(dirname(file), m[1]));
  }
  return [...seen];
}

const rows = [];
const problems = [];
const next = {};
for (const dir of readdirSync(join(root, "packages"))) {
  const path = join(root, "packages", dir);
  const manifest = JSON.parse(readFileSync(join(path, "package.json"), "utf8"));
  if (manifest.private) continue;
  for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
    const file = typeof target === "object" ? target.default : undefined;
    if (!file?.endsWith(".js") || subpath.startsWith("./lang/")) continue;
    const files = graph(join(path, file));
    if (files.length === 0) {
      problems.push(`${manifest.name} ${subpath}: ${file} is not built (turbo run build)`);
      continue;
    }
    const source = Buffer.concat(files.map((f) => readFileSync(f)));
    const gzip = gzipSync(source, { level: 9 }).length;
    const budget = budgets[manifest.name]?.[subpath];
    (next[manifest.name] ??= {})[subpath] = Math.ceil((gzip * 1.1) / 512) * 512;
    rows.push({
      entry: `${manifest.name}${subpath === "." ? "" : subpath.slice(1)}`,
      files: files.length,
      "raw KB": Number((source.length / 1024).toFixed(1)),
      "gzip KB": Number((gzip / 1024).toFixed(1)),
      "budget KB": budget ? budget / 1024 : "none",
    });
    if (!write && budget === undefined)
      problems.push(`${manifest.name} ${subpath}: no budget (node scripts/sizes.mjs --write)`);
    if (!write && budget !== undefined && gzip > budget)
      problems.push(
        `${manifest.name} ${subpath}: ${(gzip / 1024).toFixed(1)} KB gzip, over its budget of ${budget / 1024} KB`,
      );
  }
}
console.table(rows);
if (write) {
  writeFileSync(budgetsFile, `${JSON.stringify(next, null, 2)}\n`);
  console.log(`budgets written to ${budgetsFile}`);
} else if (problems.length > 0) {
  console.error(`size budgets:\n- ${problems.join("\n- ")}`);
  process.exitCode = 1;
} else console.log("every entry point is within its budget (gzip, our own code only)");
