import { describe, expect, it } from "vitest";
import { dropSessionCacheCookie } from "./session-cache-cookie.ts";

const CACHE = "better-auth.session_data";
const cookieAfter = (path: string, cookie: string) => {
  const headers = new Headers({ cookie });
  dropSessionCacheCookie(headers, path, CACHE);
  return headers.get("cookie");
};

describe("dropSessionCacheCookie", () => {
  it("keeps the session token and drops the cache, chunks included, on every path but get-session", () => {
    const cookie = `a=1; better-auth.session_token=t; ${CACHE}=x; ${CACHE}.0=y; ${CACHE}.1=z`;
    expect(cookieAfter("/organization/update", cookie)).toBe("a=1; better-auth.session_token=t");
    expect(cookieAfter("/get-session", cookie)).toBe(cookie);
  });

  it("leaves a cookie that only looks like the cache alone, and removes the header when nothing is left", () => {
    expect(cookieAfter("/list-sessions", `${CACHE}_other=1`)).toBe(`${CACHE}_other=1`);
    expect(cookieAfter("/list-sessions", `${CACHE}=x`)).toBeNull();
  });
});
