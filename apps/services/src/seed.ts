import { openDatabase } from "./db/database.js";
import { migrate } from "./db/migrate.js";
import { seedReferenceData } from "./db/seed-reference.js";
import { importContent } from "./content/importer.js";
import { scaleFromArgs } from "./content/replicate.js";
import { loadEnv } from "./lib/env.js";

// Applies the migrations, loads the reference data and imports the content of SEED_DIR (default
// seed/; `--force` rewrites it even when unchanged; `--scale N` imports channels, movies, packs,
// store articles, dealers and support articles N times, content/replicate.ts) into DATA_DIR (or
// DATABASE_URL), then exits.
const scale = scaleFromArgs(process.argv.slice(2));
const env = loadEnv();
const db = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
try {
  const applied = await migrate(db);
  await seedReferenceData(db);
  console.log(
    `migrations applied: ${applied.length ? applied.join(", ") : "none"}; reference data loaded`,
  );
  const content = await importContent(db, {
    force: process.argv.includes("--force"),
    scale,
  });
  console.log(
    content.changed
      ? `content imported (version ${content.version}): ${JSON.stringify(content.counts)}`
      : `content unchanged (version ${content.version})`,
  );
} finally {
  await db.close();
}
