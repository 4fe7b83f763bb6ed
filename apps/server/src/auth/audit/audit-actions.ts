/**
 * Which better-auth endpoints the audit log records, under which action name, and what each names
 * as its target and details. Reads (list/get/check) and set-active are not recorded. Details hold
 * only non-secret fields: never a password, token, session token or API key.
 */

export type Json = Record<string, unknown>;

/** What an action description reads: the request as sent and, on success, the endpoint's answer. */
export interface ActionInput {
  body: Json;
  /** The endpoint's answer; undefined when it failed. */
  returned: Json | undefined;
  actorUserId: string | null;
  /** Filled by the before-hook for actions whose request names a target only by a secret. */
  resolved: Json;
}

export type TargetType = "organization" | "member" | "invitation" | "team" | "role" | "user" | "api-key";

export interface AuditedAction {
  action: string;
  /** "organization" actions fall back to the actor's active organization; the others do not. */
  scope: "organization" | "platform";
  target(input: ActionInput): { type: TargetType; id: string | undefined };
  details?(input: ActionInput): Json;
  /** The organization when neither the body nor the answer names it (create: only the answer). */
  organizationId?(input: ActionInput): string | undefined;
}

export const str = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);
export const obj = (value: unknown): Json => (value && typeof value === "object" && !Array.isArray(value) ? (value as Json) : {});
const roleList = (value: unknown) => (Array.isArray(value) ? value.filter((r) => typeof r === "string").join(",") : str(value));
/** Which fields a partial update touched — the names only, whatever the values are. */
const changed = (value: unknown) => Object.keys(obj(value)).sort();

const org = (action: string, a: Omit<AuditedAction, "action" | "scope">): AuditedAction => ({ action, scope: "organization", ...a });
const platform = (action: string, a: Omit<AuditedAction, "action" | "scope">): AuditedAction => ({ action, scope: "platform", ...a });
const userTarget = ({ body }: ActionInput) => ({ type: "user" as const, id: str(body.userId) });

export const AUDITED_ACTIONS: Readonly<Record<string, AuditedAction>> = {
  "/organization/create": org("organization.create", {
    target: ({ returned }) => ({ type: "organization", id: str(returned?.id) }),
    organizationId: ({ returned }) => str(returned?.id),
    // userId: a platform admin created it for that user, who became its owner.
    details: ({ body }) => ({ name: str(body.name), slug: str(body.slug), userId: str(body.userId) }),
  }),
  "/organization/update": org("organization.update", {
    target: ({ body, returned }) => ({ type: "organization", id: str(body.organizationId) ?? str(returned?.id) }),
    details: ({ body }) => ({ changed: changed(body.data), name: str(obj(body.data).name), slug: str(obj(body.data).slug) }),
  }),
  "/organization/delete": org("organization.delete", {
    target: ({ body }) => ({ type: "organization", id: str(body.organizationId) }),
    // The organization row is gone afterwards; its name keeps the entry readable.
    details: ({ returned }) => ({ name: str(returned?.name), slug: str(returned?.slug) }),
  }),
  "/organization/leave": org("member.leave", {
    target: ({ returned }) => ({ type: "member", id: str(returned?.id) }),
    details: ({ actorUserId }) => ({ userId: actorUserId ?? undefined }),
  }),
  "/organization/remove-member": org("member.remove", {
    target: ({ body, returned }) => {
      const given = str(body.memberIdOrEmail);
      return { type: "member", id: str(obj(returned?.member).id) ?? (given?.includes("@") ? undefined : given) };
    },
    details: ({ body, returned }) => {
      const given = str(body.memberIdOrEmail);
      return { userId: str(obj(returned?.member).userId), email: given?.includes("@") ? given : undefined };
    },
  }),
  "/organization/update-member-role": org("member.update-role", {
    target: ({ body }) => ({ type: "member", id: str(body.memberId) }),
    details: ({ body, returned }) => ({ role: roleList(body.role), userId: str(returned?.userId) }),
  }),
  "/organization/invite-member": org("invitation.create", {
    target: ({ returned }) => ({ type: "invitation", id: str(returned?.id) }),
    details: ({ body }) => ({
      email: str(body.email),
      role: roleList(body.role),
      teamId: Array.isArray(body.teamId) ? body.teamId.filter((t) => typeof t === "string") : str(body.teamId),
      resend: body.resend === true ? true : undefined,
    }),
  }),
  "/organization/accept-invitation": org("invitation.accept", {
    target: ({ body }) => ({ type: "invitation", id: str(body.invitationId) }),
    details: ({ returned }) => ({ memberId: str(obj(returned?.member).id) }),
  }),
  "/organization/reject-invitation": org("invitation.reject", {
    target: ({ body }) => ({ type: "invitation", id: str(body.invitationId) }),
  }),
  "/organization/cancel-invitation": org("invitation.cancel", {
    target: ({ body }) => ({ type: "invitation", id: str(body.invitationId) }),
    details: ({ returned }) => ({ email: str(returned?.email) }),
  }),
  "/organization/create-team": org("team.create", {
    target: ({ returned }) => ({ type: "team", id: str(returned?.id) }),
    details: ({ body }) => ({ name: typeof body.name === "string" ? body.name : undefined }),
  }),
  "/organization/update-team": org("team.update", {
    target: ({ body }) => ({ type: "team", id: str(body.teamId) }),
    details: ({ body }) => ({ changed: changed(body.data), name: str(obj(body.data).name) }),
  }),
  "/organization/remove-team": org("team.remove", {
    target: ({ body }) => ({ type: "team", id: str(body.teamId) }),
  }),
  "/organization/add-team-member": org("team-member.add", {
    target: userTarget,
    details: ({ body }) => ({ teamId: str(body.teamId) }),
  }),
  "/organization/remove-team-member": org("team-member.remove", {
    target: userTarget,
    details: ({ body }) => ({ teamId: str(body.teamId) }),
  }),
  "/organization/create-role": org("role.create", {
    target: ({ body, returned }) => ({ type: "role", id: str(obj(returned?.roleData).id) ?? str(body.role) }),
    details: ({ body }) => ({ role: str(body.role), permission: obj(body.permission) }),
  }),
  "/organization/update-role": org("role.update", {
    target: ({ body }) => ({ type: "role", id: str(body.roleId) ?? str(body.roleName) }),
    details: ({ body }) => ({
      roleName: str(body.roleName),
      changed: changed(body.data),
      newName: str(obj(body.data).roleName),
      permission: obj(body.data).permission === undefined ? undefined : obj(obj(body.data).permission),
    }),
  }),
  "/organization/delete-role": org("role.delete", {
    target: ({ body }) => ({ type: "role", id: str(body.roleId) ?? str(body.roleName) }),
    details: ({ body }) => ({ roleName: str(body.roleName) }),
  }),

  "/admin/create-user": platform("admin.create-user", {
    target: ({ returned }) => ({ type: "user", id: str(obj(returned?.user).id) }),
    details: ({ body }) => ({ email: str(body.email), role: roleList(body.role) }),
  }),
  "/admin/update-user": platform("admin.update-user", {
    target: userTarget,
    details: ({ body }) => ({ changed: changed(body.data) }),
  }),
  "/admin/set-role": platform("admin.set-role", {
    target: userTarget,
    details: ({ body }) => ({ role: roleList(body.role) }),
  }),
  "/admin/ban-user": platform("admin.ban-user", {
    target: userTarget,
    details: ({ body }) => ({
      reason: str(body.banReason),
      expiresIn: typeof body.banExpiresIn === "number" ? body.banExpiresIn : undefined,
    }),
  }),
  "/admin/unban-user": platform("admin.unban-user", { target: userTarget }),
  "/admin/impersonate-user": platform("admin.impersonate-user", { target: userTarget }),
  // The actor is the impersonated user, the impersonator the admin going back to their own session.
  "/admin/stop-impersonating": platform("admin.stop-impersonating", {
    target: ({ actorUserId }) => ({ type: "user", id: actorUserId ?? undefined }),
  }),
  // The request names the session by its token, a secret: the before-hook resolves it to the
  // session's id and owner, and the token itself is never recorded.
  "/admin/revoke-user-session": platform("admin.revoke-user-session", {
    target: ({ resolved }) => ({ type: "user", id: str(resolved.userId) }),
    details: ({ resolved }) => ({ sessionId: str(resolved.sessionId) }),
  }),
  "/admin/revoke-user-sessions": platform("admin.revoke-user-sessions", { target: userTarget }),
  "/admin/remove-user": platform("admin.remove-user", { target: userTarget }),
  "/admin/set-user-password": platform("admin.set-user-password", { target: userTarget }),

  "/api-key/create": platform("api-key.create", {
    target: ({ returned }) => ({ type: "api-key", id: str(returned?.id) }),
    details: ({ body, returned }) => ({
      name: str(body.name),
      prefix: str(returned?.prefix),
      expiresAt: returned?.expiresAt instanceof Date ? returned.expiresAt.toISOString() : str(returned?.expiresAt),
    }),
  }),
  "/api-key/update": platform("api-key.update", {
    target: ({ body }) => ({ type: "api-key", id: str(body.keyId) }),
    details: ({ body }) => ({
      changed: Object.keys(body)
        .filter((k) => k !== "keyId" && k !== "configId")
        .sort(),
    }),
  }),
  "/api-key/delete": platform("api-key.delete", {
    target: ({ body }) => ({ type: "api-key", id: str(body.keyId) }),
  }),
  // better-auth registers this one server-only (no HTTP path); recorded should it be exposed.
  "/api-key/delete-all-expired-api-keys": platform("api-key.delete-all-expired", {
    target: () => ({ type: "api-key", id: undefined }),
  }),
};
