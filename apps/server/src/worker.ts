import { ConfigError, loadConfig } from "./config.ts";
import { createDeps } from "./deps.ts";
import { onShutdown } from "./shutdown.ts";

/** Runs the job worker alone, for deployments that scale workers apart from app servers. */
try {
  const deps = await createDeps(loadConfig());
  deps.jobs.start();
  deps.log.info({ worker: deps.jobs.workerId, webhooks: deps.webhooks.workerId, database: deps.dialect }, "Gatehouse worker started");
  onShutdown(deps.log, () => deps.close());
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(78);
  }
  throw error;
}
