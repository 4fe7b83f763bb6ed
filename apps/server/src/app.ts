import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { requestId } from "hono/request-id";
import { v1App } from "./billing/v1-app.ts";
import { ping } from "./db/database.ts";
import type { Deps } from "./deps.ts";
import { authRoutes } from "./http/auth.routes.ts";
import { handleError } from "./http/errors.ts";
import { WEB_DIST, webRoutes } from "./http/web.routes.ts";
import { devMailboxRoutes } from "./mail/mail.routes.ts";
import { commonErrors } from "./shared/app-error.ts";

/** Paths that carry a one-time token as a segment, with that segment redacted. */
export function loggablePath(path: string): string {
  return path.replace(/^(\/api\/auth\/reset-password)\/[^/]+/, "$1/[redacted]");
}

export function createApp(deps: Deps, options: { webDist?: string } = {}) {
  const { config, log } = deps;
  const webDist = options.webDist ?? WEB_DIST;
  const app = new Hono();

  app.use(requestId());
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    // The path only (query strings carry one-time tokens, verify-email?token=…), with the token
    // redacted where it is a path segment.
    log.info(
      {
        requestId: c.get("requestId"),
        method: c.req.method,
        path: loggablePath(c.req.path),
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      "request",
    );
  });
  const requestBodyLimit = bodyLimit({
    maxSize: config.bodyLimitBytes,
    onError: () => {
      throw commonErrors.payloadTooLarge(config.bodyLimitBytes);
    },
  });
  // File parts (signed upload links) are held to their own, larger limit by their route.
  app.use((c, next) => (c.req.method === "PUT" && c.req.path.startsWith("/v1/files/uploads/") ? next() : requestBodyLimit(c, next)));

  app.get("/health", (c) => c.json({ status: "ok" }));
  app.get("/ready", async (c) => {
    try {
      await ping(deps.db);
      return c.json({ status: "ready", database: deps.dialect });
    } catch (error) {
      log.warn({ err: error }, "readiness check failed");
      return c.json({ status: "unavailable", database: deps.dialect }, 503);
    }
  });

  app.route("/api/auth", authRoutes(deps, webDist));
  // The mailbox shows one-time links: only outside production, only when mail is not really sent,
  // and only to the machine itself.
  if (!config.isProduction && !config.smtpUrl) app.route("/api/dev", devMailboxRoutes(deps));
  app.all("/api/*", () => {
    throw commonErrors.noSuchEndpoint();
  });
  app.route("/", v1App(deps));
  app.route("/", webRoutes(webDist));

  app.onError((error, c) => handleError(error, c, log, deps.ids));
  return app;
}
