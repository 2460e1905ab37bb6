import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";

/** A priced package or add-on pack that an order can refer to. */
export interface PricedItem {
  id: string;
  priceRm: number;
}

/** Looks up priced packages for the order update; the content service can plug in its own. */
export interface PackageCatalog {
  find(id: string): Promise<PricedItem | undefined>;
}

/**
 * A catalog read from the seed JSON (any object with a string `id` and a numeric `priceRm`),
 * loaded once on first use.
 */
export function seedCatalog(seedDir: string): PackageCatalog {
  let items: Promise<Map<string, PricedItem>> | undefined;
  const collect = (value: unknown, into: Map<string, PricedItem>) => {
    if (Array.isArray(value)) for (const v of value) collect(v, into);
    else if (value && typeof value === "object") {
      const o = value as Record<string, unknown>;
      if (typeof o.id === "string" && typeof o.priceRm === "number" && !into.has(o.id)) {
        into.set(o.id, { id: o.id, priceRm: o.priceRm });
      }
      for (const v of Object.values(o)) collect(v, into);
    }
  };
  const load = async () => {
    const map = new Map<string, PricedItem>();
    const root = join(seedDir, "content", "en");
    if (!existsSync(root)) return map;
    const walk = async (dir: string): Promise<void> => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) await walk(path);
        else if (entry.name.endsWith(".json"))
          collect(JSON.parse(await readFile(path, "utf8")), map);
      }
    };
    await walk(root);
    return map;
  };
  return {
    async find(id) {
      items ??= load();
      return (await items).get(id);
    },
  };
}
