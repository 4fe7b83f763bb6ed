import type { Logger } from "./shared/logger.ts";

/**
 * On SIGTERM/SIGINT: stop taking work, let in-flight requests and jobs finish, then exit. A second
 * signal, or a stuck drain after 30 s, exits at once.
 */
export function onShutdown(log: Logger, drain: () => Promise<void>): void {
  let shuttingDown = false;
  const handler = (signal: string) => {
    if (shuttingDown) process.exit(1);
    shuttingDown = true;
    log.info({ signal }, "shutting down: finishing in-flight work");
    setTimeout(() => {
      log.error("shutdown took longer than 30 s; exiting");
      process.exit(1);
    }, 30_000).unref();
    drain().then(
      () => {
        log.info("shutdown complete");
        process.exit(0);
      },
      (error) => {
        log.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => handler("SIGTERM"));
  process.on("SIGINT", () => handler("SIGINT"));
}
