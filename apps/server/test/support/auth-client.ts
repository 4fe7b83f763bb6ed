import { apiKeyClient } from "@better-auth/api-key/client";
import { passkeyClient } from "@better-auth/passkey/client";
import { createAuthClient } from "better-auth/client";
import { adminClient, magicLinkClient, organizationClient, twoFactorClient, usernameClient } from "better-auth/client/plugins";

/**
 * better-auth's own client, as a browser would run it: it keeps cookies between calls and sends the
 * page's Origin. Node's fetch does neither by itself.
 */
export function browserClient(baseURL: string, options: { origin?: string } = {}) {
  const jar = new Map<string, string>();
  const cookieFetch = async (input: string | URL | Request, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    if (jar.size) headers.set("cookie", [...jar].map(([k, v]) => `${k}=${v}`).join("; "));
    headers.set("origin", options.origin ?? baseURL);
    const response = await fetch(input, { ...init, headers, redirect: "manual" });
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /max-age=0\b/i.test(a.trim())) || value === "";
      if (expired) jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  };
  return {
    /** better-auth's client (a Proxy, so our helpers live beside it rather than on it). */
    auth: createAuthClient({
      baseURL,
      fetchOptions: { customFetchImpl: cookieFetch },
      // The same client plugins the web app uses, so tests call what a browser calls.
      plugins: [
        usernameClient(),
        magicLinkClient(),
        passkeyClient(),
        twoFactorClient(),
        organizationClient({ teams: { enabled: true }, dynamicAccessControl: { enabled: true } }),
        adminClient(),
        apiKeyClient(),
      ],
    }),
    cookies: jar,
    /** A raw request carrying this browser's cookies; redirects are returned, not followed. */
    fetch: (path: string, init?: RequestInit) => cookieFetch(new URL(path, baseURL), init),
    /** POST a JSON body, as a page's script would. */
    post: (path: string, body: unknown) =>
      cookieFetch(new URL(path, baseURL), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
  };
}

export type BrowserClient = ReturnType<typeof browserClient>;

/** The session as the database sees it (null when signed out), bypassing the 60 s cookie cache. */
export const liveSession = async (browser: BrowserClient) => (await browser.auth.getSession({ query: { disableCookieCache: true } })).data;
