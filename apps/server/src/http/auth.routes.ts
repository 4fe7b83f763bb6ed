import { Hono } from "hono";
import { AUTH_BASE_PATH, CLIENT_IP_HEADER, outboxFailure } from "../auth/auth.ts";
import { membershipSerializer } from "../auth/organizations/membership-lock.ts";
import type { Deps } from "../deps.ts";
import { commonErrors } from "../shared/app-error.ts";
import { specRequest } from "./auth-spec-fidelity.ts";
import { clientIp } from "./client-ip.ts";
import { dropSessionCacheCookie } from "./session-cache-cookie.ts";
import { spaShell } from "./web.routes.ts";

/**
 * better-auth behind a thin layer that (1) stamps the trusted client address, (2) keeps the paths
 * and methods SPEC.md names where better-auth 1.7 differs, (3) lets only GET /get-session trust the
 * session cookie cache, and (4) renders the error page in the web app.
 */
export function authRoutes(deps: Deps, webDist: string) {
  const app = new Hono();
  // Acceptances into one organization run one at a time, so the membership limit holds (see there).
  const serializeMembershipChanges = membershipSerializer(deps, AUTH_BASE_PATH);
  const sessionCacheCookie = deps.auth.$context.then((context) => context.authCookies.sessionData.name);
  app.get("/error", spaShell(webDist));

  app.all("/*", async (c) => {
    const url = new URL(c.req.url);
    const route = specRequest({ method: c.req.method, path: url.pathname });
    url.pathname = route.path;
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, clientIp(c, deps.config.trustedProxies));
    dropSessionCacheCookie(headers, route.path.slice(AUTH_BASE_PATH.length), await sessionCacheCookie);
    if (route.dropBody) for (const name of ["content-type", "content-length"]) headers.delete(name);
    const init: RequestInit & { duplex?: "half" } = { method: route.method, headers, signal: c.req.raw.signal };
    if (route.method !== "GET" && route.method !== "HEAD") {
      init.body = c.req.raw.body;
      init.duplex = "half";
    }
    const outcome: { error?: unknown } = {};
    const request = new Request(url, init);
    const answer = await outboxFailure.run(outcome, () => serializeMembershipChanges(request, () => deps.auth.handler(request)));
    if (outcome.error) throw outcome.error instanceof Error ? outcome.error : new Error(String(outcome.error));
    // better-auth's own 500 has an empty body; ours carries an error id (the cause is already logged
    // by onAPIError).
    if (answer.status >= 500) throw new Error(`better-auth answered ${answer.status} for ${url.pathname}`);
    // better-auth answers unknown paths with an empty 404; ours are JSON everywhere under /api.
    if (answer.status === 404 && !answer.headers.get("content-type")) throw commonErrors.noSuchEndpoint();
    // A fresh Response: better-auth's headers may be immutable, and the request id must be added.
    const response = new Response(answer.body, answer);
    response.headers.set("X-Request-Id", c.get("requestId"));
    return response;
  });
  return app;
}
