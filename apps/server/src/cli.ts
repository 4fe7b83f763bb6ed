import { loadConfig } from "./config.ts";
import { openDatabase } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";

/** `npm run migrate`: applies pending migrations and reports them. */
const [command] = process.argv.slice(2);
if (command !== "migrate") {
  console.error("usage: cli.ts migrate");
  process.exit(64);
}
const config = loadConfig();
const { db, dialect, close } = openDatabase(config.database);
try {
  const { results = [] } = await migrateToLatest(db);
  for (const r of results) console.log(`${r.status === "Success" ? "applied" : r.status}: ${r.migrationName}`);
  console.log(results.length ? `${results.length} migration(s) applied on ${dialect}` : `database is up to date (${dialect})`);
} finally {
  await close();
}
