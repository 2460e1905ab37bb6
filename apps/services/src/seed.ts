import { openDatabase } from "./db/database.js";
import { migrate } from "./db/migrate.js";
import { seedReferenceData } from "./db/seed-reference.js";
import { loadEnv } from "./lib/env.js";

// Applies the migrations and loads the reference data into DATA_DIR (or DATABASE_URL), then exits.
const env = loadEnv();
const db = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
try {
  const applied = await migrate(db);
  await seedReferenceData(db);
  console.log(
    `migrations applied: ${applied.length ? applied.join(", ") : "none"}; reference data loaded`,
  );
} finally {
  await db.close();
}
