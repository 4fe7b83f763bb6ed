import { createAuthClient } from "better-auth/react";

// The server mounts better-auth at /api/auth on the same origin that serves this
// app (in dev, Vite proxies /api), so the session cookie is first-party.
export const authClient = createAuthClient({
  baseURL: window.location.origin,
});

export type AuthSession = typeof authClient.$Infer.Session;
