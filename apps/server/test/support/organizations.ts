import { randomBytes } from "node:crypto";
import type { OrganizationRole } from "../../src/auth/organizations/roles.ts";
import { type signedInUser, signedInUser as signUp, type TestServer } from "./test-server.ts";

export type SignedInUser = Awaited<ReturnType<typeof signedInUser>>;

/** A slug no other test uses. */
export const uniqueSlug = (tag = "org") => `${tag}-${randomBytes(4).toString("hex")}`;

/** A signed-in owner and the organization they just created, which is their active one. */
export async function organizationWithOwner(server: TestServer, name = "Acme") {
  const owner = await signUp(server, { name: `${name} Owner` });
  const created = await owner.client.auth.organization.create({ name, slug: uniqueSlug(name.toLowerCase()) });
  if (created.error) throw new Error(`organization create failed: ${created.error.message}`);
  // Explicit, so the session cookie carries the active organization whatever create does to it.
  await owner.client.auth.organization.setActive({ organizationId: created.data.id });
  return { owner, organization: created.data };
}

/**
 * A new signed-in user who belongs to the organization with the given role (a single role or a
 * comma-separated list), added the way the server does it, without an invitation.
 */
export async function memberWithRole(server: TestServer, organizationId: string, role: string) {
  const user = await signUp(server, { name: `Member ${role}` });
  const member = await server.deps.auth.api.addMember({
    body: { userId: user.userId, organizationId, role: role.split(",") as OrganizationRole[] },
  });
  if (!member) throw new Error("addMember returned nothing");
  await user.client.auth.organization.setActive({ organizationId });
  return { ...user, memberId: member.id };
}
