// pnpm hooks for this workspace (https://pnpm.io/pnpmfile).
// beforePacking shapes the manifest that `pnpm pack` and `pnpm publish` put in a tarball: consumers
// get no devDependencies (they name private workspaces such as @portal/services, which tests use),
// and packing fails if a runtime dependency still points at a private workspace.
const { readdirSync, readFileSync, existsSync } = require("node:fs");
const { join } = require("node:path");

function privateWorkspaces() {
  const names = new Set();
  for (const group of ["apps", "packages", "."]) {
    const dirs = group === "." ? ["openapi"] : readdirSync(join(__dirname, group));
    for (const dir of dirs) {
      const manifest = join(__dirname, group, dir, "package.json");
      if (!existsSync(manifest)) continue;
      const pkg = JSON.parse(readFileSync(manifest, "utf8"));
      if (pkg.private) names.add(pkg.name);
    }
  }
  return names;
}

function beforePacking(pkg) {
  delete pkg.devDependencies;
  const hidden = privateWorkspaces();
  for (const field of ["dependencies", "peerDependencies", "optionalDependencies"]) {
    for (const [name, range] of Object.entries(pkg[field] ?? {})) {
      if (hidden.has(name))
        throw new Error(`${pkg.name}: ${field} names the private workspace ${name}`);
      if (String(range).startsWith("workspace:"))
        throw new Error(`${pkg.name}: ${field}.${name} is still "${range}"`);
    }
  }
  return pkg;
}

module.exports = { hooks: { beforePacking } };
