import type { BetterAuthPlugin } from "better-auth";
import { organization } from "better-auth/plugins";
import type { TenancyConfig } from "../../config.tenancy.ts";
import { mailTemplates } from "../../mail/mail.templates.ts";
import type { Mail } from "../../mail/mailer.ts";
import { isPlatformAdmin } from "../admin/platform-admin.ts";
import { activeOrganizationAfterHooks, activeTeamBeforeHooks } from "./active-organization.ts";
import { organizationAnswerHooks } from "./organization-answers.ts";
import { organizationRuleHooks } from "./organization-rules.ts";
import { roleGrantBeforeHooks } from "./role-grant-rules.ts";
import { organizationAc, organizationRoles } from "./roles.ts";

/**
 * Organizations with teams, invitations and per-organization custom roles (SPEC §3–§6), as
 * better-auth's organization plugin, plus the hooks that restore the spec where better-auth 1.7.7
 * departs from it. docs/organizations.md describes the behaviour and lists each departure.
 */
export function organizationPlugin(tenancy: TenancyConfig, baseUrl: string, sendMail: (mail: Mail) => Promise<void>) {
  const o = tenancy.organizations;
  const plugin = organization({
    ac: organizationAc,
    roles: organizationRoles,
    creatorRole: "owner",
    allowUserToCreateOrganization: async (user) =>
      o.creation === "everyone" || (o.creation === "admins" && isPlatformAdmin(user, tenancy.admin.userIds)),
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
          expiresInSeconds: o.invitationExpiresIn,
        }),
      ),
  });
  const rules = organizationRuleHooks(tenancy, plugin.options, plugin.endpoints.createOrganization);
  return {
    ...plugin,
    hooks: {
      before: [...rules.before, ...roleGrantBeforeHooks(plugin.options), ...activeTeamBeforeHooks],
      // Order matters: the session is synchronised from the endpoint's own answer before the answer
      // is reshaped (metadata, messages) for the client.
      after: [...activeOrganizationAfterHooks, ...organizationAnswerHooks],
    },
  } satisfies BetterAuthPlugin;
}
