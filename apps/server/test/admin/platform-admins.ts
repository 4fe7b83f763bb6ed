import { uniqueEmail } from "../support/fixtures.ts";
import type { TestServer } from "../support/test-server.ts";

export const PASSWORD = "correct horse battery";

export interface CreatedUser {
  client: ReturnType<TestServer["client"]>;
  email: string;
  password: string;
  userId: string;
}

/**
 * A verified user made by a server call to the admin plugin (no sign-up mail round trip, so tests
 * stay fast), then signed in over HTTP in their own browser. `id` pins the user id, for settings
 * such as ADMIN_USER_IDS that must be known before the server starts.
 */
export async function createdUser(
  server: TestServer,
  options: { role?: "admin" | "user"; email?: string; name?: string; id?: string; signIn?: boolean } = {},
): Promise<CreatedUser> {
  const email = options.email ?? uniqueEmail(options.role ?? "user");
  const { user } = await server.deps.auth.api.createUser({
    body: {
      email,
      password: PASSWORD,
      name: options.name ?? "Test User",
      role: options.role ?? "user",
      data: { emailVerified: true, ...(options.id ? { id: options.id } : {}) },
    },
  });
  const client = server.client();
  if (options.signIn !== false) {
    const { error } = await client.auth.signIn.email({ email, password: PASSWORD });
    if (error) throw new Error(`sign-in failed: ${error.message}`);
  }
  return { client, email, password: PASSWORD, userId: user.id };
}

/** A signed-in user with the platform role admin. */
export const platformAdmin = (server: TestServer, options: { email?: string; name?: string; id?: string } = {}) =>
  createdUser(server, { ...options, role: "admin" });

/** Signs the same person in from another browser. */
export async function anotherBrowser(server: TestServer, email: string, password = PASSWORD) {
  const client = server.client();
  const { error } = await client.auth.signIn.email({ email, password });
  if (error) throw new Error(`sign-in failed: ${error.message}`);
  return client;
}
