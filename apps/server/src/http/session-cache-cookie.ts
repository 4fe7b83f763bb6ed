/** The one endpoint still answered from the session cookie cache: every page load asks it. */
const CACHED_PATH = "/get-session";

const cookiePairs = (header: string) =>
  header
    .split(";")
    .map((pair) => pair.trim())
    .filter(Boolean);

const nameOf = (pair: string) => pair.slice(0, Math.max(0, pair.indexOf("="))).trim();

/**
 * better-auth reads the session from its signed cookie cache (COOKIE_CACHE_MAX_AGE, 60 s) not only
 * in GET /get-session but wherever a session is looked up: every endpoint behind its session
 * middleware and every hook that calls getSessionFromCtx. A banned user, or a session revoked on
 * another device, would keep acting there until the cache lapsed. So the cache cookie (chunked as
 * `name.0`, `name.1`… when large) is dropped from every request but GET /get-session before
 * better-auth sees it: the session then comes from the database, and a session that is gone
 * answers 401 and clears the cookies. It must happen here, not in a before-hook: before-hooks all
 * see the original headers, and one that looks the session up caches it for the endpoint.
 */
export function dropSessionCacheCookie(headers: Headers, authPath: string, cacheCookieName: string): void {
  if (authPath === CACHED_PATH) return;
  const cookie = headers.get("cookie");
  if (!cookie) return;
  const isCache = (name: string) => name === cacheCookieName || name.startsWith(`${cacheCookieName}.`);
  const pairs = cookiePairs(cookie);
  const kept = pairs.filter((pair) => !isCache(nameOf(pair)));
  if (kept.length === pairs.length) return;
  if (kept.length) headers.set("cookie", kept.join("; "));
  else headers.delete("cookie");
}
