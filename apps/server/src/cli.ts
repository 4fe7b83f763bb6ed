import { text } from "node:stream/consumers";
import { parseCreateAdmin, parsePromoteAdmin } from "./cli/admin-args.ts";
import { CommandFailed, EXIT, USAGE, UsageError } from "./cli/cli-errors.ts";
import { type Config, ConfigError, loadConfig } from "./config.ts";
import type { Deps } from "./deps.ts";

/**
 * `npm run cli -- <command>` (and `npm run migrate`). Results go to stdout (an admin command prints
 * only the user's id, so scripts can capture it); explanations and errors go to stderr. The
 * database and better-auth are imported only once the command line is known to be right, so a typo
 * is answered at once.
 */
async function run(argv: string[]): Promise<number> {
  const [command, subcommand, ...rest] = argv;
  if (command === "migrate" && subcommand === undefined) return migrate(loadConfig());
  if (command === "admin" && subcommand === "create") {
    const config = loadConfig();
    const input = await parseCreateAdmin(rest, config.password, () => text(process.stdin));
    return withDeps(config, async (deps) => {
      const { createAdmin } = await import("./cli/admin-commands.ts");
      const id = await createAdmin(deps, input);
      console.error(`Created platform admin ${input.email}.`);
      console.log(id);
    });
  }
  if (command === "admin" && subcommand === "promote") {
    const { email } = parsePromoteAdmin(rest);
    return withDeps(loadConfig(), async (deps) => {
      const { promoteAdmin } = await import("./cli/admin-commands.ts");
      const { id, changed } = await promoteAdmin(deps, email);
      console.error(changed ? `${email} is now a platform admin.` : `${email} was already a platform admin.`);
      console.log(id);
    });
  }
  throw new UsageError(command ? `unknown command: ${argv.join(" ")}` : "no command given");
}

async function migrate(config: Config): Promise<number> {
  const { openDatabase } = await import("./db/database.ts");
  const { migrateToLatest } = await import("./db/migrate.ts");
  const { db, dialect, close } = openDatabase(config.database);
  try {
    const { results = [] } = await migrateToLatest(db);
    for (const r of results) console.log(`${r.status === "Success" ? "applied" : r.status}: ${r.migrationName}`);
    console.log(results.length ? `${results.length} migration(s) applied on ${dialect}` : `database is up to date (${dialect})`);
  } finally {
    await close();
  }
  return EXIT.ok;
}

/** Opens the configured database (applying pending migrations first, as the server does). */
async function withDeps(config: Config, work: (deps: Deps) => Promise<void>): Promise<number> {
  const [{ default: pino }, { createDeps }] = await Promise.all([import("pino"), import("./deps.ts")]);
  // Logs to stderr, warnings and worse only: stdout carries the result.
  const log = pino({ level: config.logLevel === "silent" ? "silent" : "warn", base: { service: "gatehouse-cli" } }, pino.destination(2));
  const deps = await createDeps(config, { log });
  try {
    // better-auth checks the schema in the background once it starts; closing the database under
    // that check would log a misleading "could not validate the database schema".
    const context = await deps.auth.$context;
    await context.checkSchema?.();
    await work(deps);
  } finally {
    await deps.close();
  }
  return EXIT.ok;
}

try {
  process.exitCode = await run(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError) {
    console.error(`error: ${error.message}\n${USAGE}`);
    process.exitCode = EXIT.usage;
  } else if (error instanceof CommandFailed) {
    console.error(`error: ${error.message}`);
    process.exitCode = EXIT.failure;
  } else if (error instanceof ConfigError) {
    console.error(error.message);
    process.exitCode = EXIT.config;
  } else {
    throw error;
  }
}
