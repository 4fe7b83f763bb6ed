import type { HookEndpointContext } from "@better-auth/core";
import { createAuthMiddleware } from "better-auth/api";

/** The one endpoint still answered from the cookie cache: every page load asks it. */
const CACHED_PATH = "/get-session";

const isCacheCookie = (cookieName: string, cacheName: string) => cookieName === cacheName || cookieName.startsWith(`${cacheName}.`);

const cookiePairs = (header: string) =>
  header
    .split(";")
    .map((pair) => pair.trim())
    .filter(Boolean);

const nameOf = (pair: string) => pair.slice(0, Math.max(0, pair.indexOf("="))).trim();

/**
 * better-auth reads the session from its signed cookie cache (COOKIE_CACHE_MAX_AGE, 60 s) not only
 * in GET /get-session but in every endpoint guarded by its plain session middleware: organizations,
 * teams, invitations, API keys, list-sessions, update-user. A banned user, or a session revoked on
 * another device, would keep acting there until the cache lapsed. Dropping the cache cookie from
 * the request (the cache chunks large payloads into `name.0`, `name.1`…) makes those endpoints read
 * the session from the database, which clears the cookies when the session is gone. GET /get-session
 * keeps the cache; its answer may lag by up to the cache lifetime (docs/admin.md).
 */
export const sessionCacheGuard = {
  matcher: (ctx: HookEndpointContext) => {
    if (ctx.path === CACHED_PATH) return false;
    const cookie = ctx.headers?.get("cookie");
    const cacheName = ctx.context.authCookies.sessionData.name;
    return !!cookie && cookiePairs(cookie).some((pair) => isCacheCookie(nameOf(pair), cacheName));
  },
  handler: createAuthMiddleware(async (ctx) => {
    const cacheName = ctx.context.authCookies.sessionData.name;
    const kept = cookiePairs(ctx.headers?.get("cookie") ?? "").filter((pair) => !isCacheCookie(nameOf(pair), cacheName));
    return { context: { headers: new Headers({ cookie: kept.join("; ") }) } };
  }),
};
