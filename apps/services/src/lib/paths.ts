import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The apps/services folder, found from this module in src/ or in dist/. */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, "package.json");
    if (
      existsSync(manifest) &&
      JSON.parse(readFileSync(manifest, "utf8")).name === "@portal/services"
    )
      return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error("@portal/services package root not found");
    dir = parent;
  }
}

/** The seed folder (SEED_DIR overrides). */
export const seedDir = (): string => process.env.SEED_DIR ?? join(packageRoot(), "seed");
