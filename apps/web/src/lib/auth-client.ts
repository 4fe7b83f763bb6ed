import { passkeyClient } from "@better-auth/passkey/client";
import { magicLinkClient, twoFactorClient, usernameClient } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";

// The server mounts better-auth at /api/auth on the same origin that serves this
// app (in dev, Vite proxies /api), so the session cookie is first-party.
export const authClient = createAuthClient({
  baseURL: window.location.origin,
  plugins: [
    usernameClient(),
    magicLinkClient(),
    passkeyClient(),
    twoFactorClient({
      // Password sign-in succeeded but the account asks for a second factor.
      onTwoFactorRedirect: () => {
        window.location.assign("/two-factor");
      },
    }),
  ],
});

export type AuthSession = typeof authClient.$Infer.Session;
