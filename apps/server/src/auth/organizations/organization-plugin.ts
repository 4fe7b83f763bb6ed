import { organization } from "better-auth/plugins";
import type { TenancyConfig } from "../../config.tenancy.ts";
import { mailTemplates } from "../../mail/mail.templates.ts";
import type { Mail } from "../../mail/mailer.ts";
import { organizationAc, organizationRoles } from "./roles.ts";

/** Platform admins may create organizations whatever ORGANIZATION_CREATION says. */
const isPlatformAdmin = (user: Record<string, unknown>) =>
  typeof user.role === "string" &&
  user.role
    .split(",")
    .map((r) => r.trim())
    .includes("admin");

/**
 * Organizations with teams, invitations and per-organization custom roles (SPEC §3–§6), as
 * better-auth's organization plugin. docs/organizations.md describes the behaviour.
 */
export function organizationPlugin(tenancy: TenancyConfig, baseUrl: string, sendMail: (mail: Mail) => Promise<void>) {
  const o = tenancy.organizations;
  return organization({
    ac: organizationAc,
    roles: organizationRoles,
    creatorRole: "owner",
    allowUserToCreateOrganization: async (user) =>
      o.creation === "everyone" || (o.creation === "admins" && (isPlatformAdmin(user) || tenancy.admin.userIds.includes(user.id))),
    ...(o.limitPerUser ? { organizationLimit: o.limitPerUser } : {}),
    membershipLimit: o.membershipLimit,
    invitationExpiresIn: o.invitationExpiresIn,
    // Re-inviting someone replaces their pending invitation instead of failing with "already invited".
    cancelPendingInvitationsOnReInvite: true,
    // The email on the invitation is the only proof of who may join; an unverified address proves nothing.
    requireEmailVerificationOnInvitation: true,
    teams: { enabled: true, allowRemovingAllTeams: o.allowRemovingAllTeams },
    dynamicAccessControl: { enabled: true, maximumRolesPerOrganization: o.maximumRolesPerOrganization },
    sendInvitationEmail: async ({ id, email, organization: org, inviter, role }) =>
      sendMail(
        mailTemplates.organizationInvitation(email, {
          organizationName: org.name,
          inviterName: inviter.user.name || inviter.user.email,
          role,
          url: `${baseUrl}/accept-invitation/${encodeURIComponent(id)}`,
          expiresInDays: Math.max(1, Math.round(o.invitationExpiresIn / 86400)),
        }),
      ),
  });
}
