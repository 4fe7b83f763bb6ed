import { randomBytes } from "node:crypto";
import type { OrganizationRole } from "../../src/auth/organizations/roles.ts";
import { uniqueEmail } from "./fixtures.ts";
import { signedInUser, type TestServer } from "./test-server.ts";

/** A slug no other test uses. */
export const uniqueSlug = (tag = "org") => `${tag}-${randomBytes(4).toString("hex")}`;

/** A signed-in owner and the organization they just created, which is their active one. */
export async function organizationWithOwner(server: TestServer, name = "Acme") {
  const owner = await signedInUser(server, { name: `${name} Owner` });
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
  const user = await signedInUser(server, { name: `Member ${role}` });
  const member = await server.deps.auth.api.addMember({
    body: { userId: user.userId, organizationId, role: role.split(",") as OrganizationRole[] },
  });
  if (!member) throw new Error("addMember returned nothing");
  await user.client.auth.organization.setActive({ organizationId });
  return { ...user, memberId: member.id };
}

/**
 * A member who never signs in (no password, no mail, no session): a fast fixture for someone acted
 * upon, e.g. the target of remove-member or update-member-role.
 */
export async function quietMember(server: TestServer, organizationId: string, role = "member") {
  const context = await server.deps.auth.$context;
  const user = await context.internalAdapter.createUser(
    { email: uniqueEmail("quiet"), name: "Quiet Member", emailVerified: true },
    { method: "admin" },
  );
  const member = await server.deps.auth.api.addMember({
    body: { userId: user.id, organizationId, role: role.split(",") as OrganizationRole[] },
  });
  if (!member) throw new Error("addMember returned nothing");
  return { userId: user.id, email: user.email, memberId: member.id };
}
