import type { Deps } from "../deps.ts";
import { v1Router } from "./api/openapi.ts";
import { polarErrors } from "./api/polar-errors.ts";
import { v1RateLimit } from "./api/rate-limit.ts";
import { v1Domains } from "./v1-routes.ts";

/** The Polar-compatible billing API: every path under /v1, as Polar writes it. */
export function v1App(deps: Deps) {
  const app = v1Router().basePath("/v1");
  app.use(async (c, next) => {
    c.set("deps", deps);
    await next();
  });
  app.use(v1RateLimit(deps));
  app.openAPIRegistry.registerComponent("securitySchemes", "access_token", {
    type: "http",
    scheme: "bearer",
    description: "An organization access token (polar_oat_…), or the dashboard's session cookie.",
  });
  for (const domain of v1Domains) app.route("/", domain(deps));

  const document = () =>
    app.getOpenAPI31Document({
      openapi: "3.1.0",
      info: { title: "Gatehouse billing API", version: "2026-04", description: "Polar-compatible billing API served by Gatehouse." },
      servers: [{ url: deps.config.baseUrl }],
      security: [{ access_token: [] }],
    });
  let cached: ReturnType<typeof document> | undefined;
  app.get("/openapi.json", (c) => {
    cached ??= document();
    return c.json(cached);
  });
  app.all("*", () => {
    throw polarErrors.notFound("Not found");
  });
  return app;
}
