import { ConfigError, loadConfig } from "./config.ts";
import { createDeps } from "./deps.ts";
import { listen } from "./server.ts";
import { onShutdown } from "./shutdown.ts";

/** Serves the API and web app; also runs the job worker unless RUN_WORKER=false. */
try {
  const config = loadConfig();
  const deps = await createDeps(config);
  const server = await listen(deps);
  if (config.runWorker) deps.jobs.start();
  deps.log.info(
    {
      url: config.baseUrl,
      port: server.port,
      database: deps.dialect,
      worker: config.runWorker,
      mail: config.smtpUrl ? "smtp" : "development mailbox",
    },
    `Gatehouse is listening on ${config.baseUrl}`,
  );
  onShutdown(deps.log, async () => {
    await server.close();
    await deps.close();
  });
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(78);
  }
  throw error;
}
