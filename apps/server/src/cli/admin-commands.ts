import { isAPIError } from "better-auth/api";
import { roleNames } from "../auth/role-names.ts";
import type { Deps } from "../deps.ts";
import type { CreateAdminInput } from "./admin-args.ts";
import { CommandFailed, UsageError } from "./cli-errors.ts";

/**
 * Creates a platform admin with a verified address through better-auth's own admin endpoint (as a
 * server call, which needs no session), so the password is hashed and checked exactly as for any
 * other user. Returns the new user's id.
 */
export async function createAdmin(deps: Pick<Deps, "auth">, input: CreateAdminInput): Promise<string> {
  try {
    const { user } = await deps.auth.api.createUser({
      body: { email: input.email, password: input.password, name: input.name, role: "admin", data: { emailVerified: true } },
    });
    return user.id;
  } catch (error) {
    if (!isAPIError(error)) throw error;
    if (error.body?.code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL") {
      throw new CommandFailed(
        `a user with the e-mail ${input.email} already exists; to make them an admin run: npm run cli -- admin promote --email ${input.email}`,
      );
    }
    // Refusals of the input itself (a common password, say) are the caller's to fix.
    if (error.statusCode === 400) throw new UsageError(error.body?.message ?? error.message);
    throw error;
  }
}

/** Gives an existing user the platform role admin. Returns their id and whether anything changed. */
export async function promoteAdmin(deps: Pick<Deps, "auth" | "db">, email: string): Promise<{ id: string; changed: boolean }> {
  const user = await deps.db.selectFrom("user").select(["id", "role"]).where("email", "=", email).executeTakeFirst();
  if (!user) throw new CommandFailed(`no user has the e-mail ${email}`);
  if (roleNames(user.role).includes("admin")) return { id: user.id, changed: false };
  // Through better-auth's adapter, so its database hooks (and ours) see the change.
  const context = await deps.auth.$context;
  await context.internalAdapter.updateUser(user.id, { role: "admin" });
  return { id: user.id, changed: true };
}
