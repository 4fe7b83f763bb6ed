import { apiKeyClient } from "@better-auth/api-key/client";
import { passkeyClient } from "@better-auth/passkey/client";
import { adminClient, magicLinkClient, organizationClient, twoFactorClient, usernameClient } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";

// The server mounts better-auth at /api/auth on the same origin that serves this
// app (in dev, Vite proxies /api), so the session cookie is first-party.
export const authClient = createAuthClient({
  baseURL: window.location.origin,
  plugins: [
    usernameClient(),
    magicLinkClient(),
    passkeyClient(),
    // No redirect option: the sign-in page, which made the request, sends the person to /two-factor.
    twoFactorClient(),
    organizationClient({ teams: { enabled: true }, dynamicAccessControl: { enabled: true } }),
    adminClient(),
    apiKeyClient(),
  ],
});

export type AuthSession = typeof authClient.$Infer.Session;
