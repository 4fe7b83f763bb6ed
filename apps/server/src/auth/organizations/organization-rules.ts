import { APIError, createAuthMiddleware, dispatchAuthEndpoint, getSessionFromCtx } from "better-auth/api";
import { hasPermission } from "better-auth/plugins";
import type { TenancyConfig } from "../../config.tenancy.ts";
import { isPlatformAdmin } from "../admin/platform-admin.ts";
import { roleNames } from "../role-names.ts";

/**
 * Before-hooks that enforce SPEC §5/§6 rules better-auth 1.7.7 does not (docs/organizations.md,
 * "Departures from better-auth"). Each refuses the request before the endpoint changes anything.
 */

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];
type HookPath = { path?: string };
type Body = Record<string, unknown>;

const OWNER = "owner";

const validationError = (field: string, message: string) =>
  APIError.from("BAD_REQUEST", { code: "VALIDATION_ERROR", message: `[${field}] ${message}` });

/** SPEC §3: metadata is a string map in payloads, so only a string map is accepted for storage. */
function checkMetadata(value: unknown, field: string) {
  if (value === undefined || value === null) return;
  const isStringMap =
    typeof value === "object" && !Array.isArray(value) && Object.values(value as Body).every((v) => typeof v === "string");
  if (!isStringMap) throw validationError(field, "Metadata must be a map of string values");
}

/** SPEC §3: "Team: name (at least 1 character)"; a name of only spaces shows as nothing. */
function checkTeamName(value: unknown, field: string) {
  if (typeof value === "string" && value.trim().length === 0) throw validationError(field, "Team name must have at least 1 character");
}

/** Calls from the server itself (auth.api without headers) are trusted; these rules are for HTTP. */
export const fromHttp = (ctx: HookContext) => Boolean(ctx.request || ctx.headers);

type PermissionOptions = Parameters<typeof hasPermission>[0]["options"];

/** The user's membership of the organization, if any. */
export const findMember = (ctx: HookContext, organizationId: string, userId: string) =>
  ctx.context.adapter.findOne<{ role: string }>({
    model: "member",
    where: [
      { field: "organizationId", value: organizationId },
      { field: "userId", value: userId },
    ],
  });

export function organizationRuleHooks(tenancy: TenancyConfig, pluginOptions: PermissionOptions, createOrganizationEndpoint: unknown) {
  /**
   * SPEC §5: "A creator user id may be given only by admins or server calls." better-auth ignores
   * `userId` whenever the request has a session, so an admin would become the owner instead. For a
   * platform admin the organization is created as the server would create it for that user (the
   * user becomes owner; their organization limit applies; the admin's session is left alone). Anyone
   * else naming another user is refused.
   */
  const createOnBehalf = createAuthMiddleware(async (ctx) => {
    const body = (ctx.body ?? {}) as Body;
    checkMetadata(body.metadata, "body.metadata");
    if (!fromHttp(ctx) || body.userId === undefined || body.userId === null) return;
    const session = await getSessionFromCtx(ctx);
    if (!session) return; // better-auth answers 401
    const userId = String(body.userId);
    if (userId === session.user.id) return;
    // The role is read from the database, not from the (up to 60 s old) session cookie cache.
    const actor = await ctx.context.internalAdapter.findUserById(session.user.id);
    const notAllowed = APIError.from("FORBIDDEN", {
      code: "YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION",
      message: "You are not allowed to create a new organization",
    });
    if (!actor || !isPlatformAdmin(actor, tenancy.admin.userIds) || tenancy.organizations.creation === "nobody") throw notAllowed;
    if (!(await ctx.context.internalAdapter.findUserById(userId))) {
      throw APIError.from("BAD_REQUEST", { code: "USER_NOT_FOUND", message: "User not found" });
    }
    const { keepCurrentActiveOrganization: _, ...rest } = body;
    // Without request headers better-auth treats the call as the server's and honours userId.
    const created = await dispatchAuthEndpoint(
      createOrganizationEndpoint as Parameters<typeof dispatchAuthEndpoint>[0],
      {
        body: { ...rest, userId },
        context: { ...ctx.context, session: null },
      } as Parameters<typeof dispatchAuthEndpoint>[1],
    );
    return ctx.json(created as Record<string, unknown>);
  });

  const updateOrganization = createAuthMiddleware(async (ctx) => {
    const data = ((ctx.body ?? {}) as Body).data as Body | undefined;
    checkMetadata(data?.metadata, "body.data.metadata");
  });

  const teamName = createAuthMiddleware(async (ctx) => {
    const body = (ctx.body ?? {}) as Body;
    if (ctx.path === "/organization/create-team") checkTeamName(body.name, "body.name");
    else checkTeamName((body.data as Body | undefined)?.name, "body.data.name");
  });

  /**
   * SPEC §5: "The member must belong to the same organization." better-auth checks that only after
   * its owner and permission checks, so naming another organization's owner by id answered "You
   * cannot leave the organization as the only owner". The target is resolved first here, and a
   * non-owner trying to remove an owner is told they may not, rather than about leaving.
   */
  const removeMember = createAuthMiddleware(async (ctx) => {
    const body = (ctx.body ?? {}) as Body;
    if (typeof body.memberIdOrEmail !== "string") return;
    const session = await getSessionFromCtx(ctx);
    const organizationId = (body.organizationId as string | undefined) || session?.session.activeOrganizationId;
    if (!session || !organizationId) return; // better-auth answers 401 / "No active organization"
    const caller = await findMember(ctx, organizationId, session.user.id);
    if (!caller) return; // better-auth answers "Member not found"
    const target = await findTarget(ctx, body.memberIdOrEmail, organizationId);
    if (!target || target.organizationId !== organizationId) {
      throw APIError.from("BAD_REQUEST", { code: "MEMBER_NOT_FOUND", message: "Member not found" });
    }
    const mayDelete = await hasPermission(
      { role: caller.role, options: pluginOptions, permissions: { member: ["delete"] }, organizationId },
      ctx,
    );
    // better-auth refuses a missing permission with 401, which a client reads as "signed out".
    if (!mayDelete || (roleNames(target.role).includes(OWNER) && !roleNames(caller.role).includes(OWNER))) {
      throw APIError.from("FORBIDDEN", {
        code: "YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER",
        message: "You are not allowed to delete this member",
      });
    }
  });

  /**
   * Someone outside the organization asking to update or delete it, or to check a permission in
   * it: better-auth answers 400 (update, delete) or 401 (has-permission). Every other
   * organization endpoint refuses a non-member with 403, and SPEC §8 uses 403 for "forbidden".
   */
  const membersOnly = createAuthMiddleware(async (ctx) => {
    const body = (ctx.body ?? {}) as Body;
    const session = await getSessionFromCtx(ctx);
    if (!session) return; // better-auth answers 401
    const fallback = ctx.path === "/organization/delete" ? undefined : session.session.activeOrganizationId;
    const organizationId = (typeof body.organizationId === "string" && body.organizationId) || fallback;
    if (!organizationId) return; // better-auth answers 400
    if (!(await findMember(ctx, organizationId, session.user.id))) {
      throw APIError.from("FORBIDDEN", {
        code: "USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION",
        message: "User is not a member of the organization",
      });
    }
  });

  return {
    before: [
      { matcher: (ctx: HookPath) => ctx.path === "/organization/create", handler: createOnBehalf },
      { matcher: (ctx: HookPath) => ctx.path === "/organization/update", handler: updateOrganization },
      {
        matcher: (ctx: HookPath) => ctx.path === "/organization/create-team" || ctx.path === "/organization/update-team",
        handler: teamName,
      },
      { matcher: (ctx: HookPath) => ctx.path === "/organization/remove-member", handler: removeMember },
      { matcher: (ctx: HookPath) => MEMBERS_ONLY.has(ctx.path ?? ""), handler: membersOnly },
    ],
  };
}

const MEMBERS_ONLY = new Set(["/organization/update", "/organization/delete", "/organization/has-permission"]);

/** The member named by id, or by email when the value has an at-sign (SPEC §5). */
async function findTarget(ctx: HookContext, idOrEmail: string, organizationId: string) {
  const adapter = ctx.context.adapter;
  if (!idOrEmail.includes("@")) {
    return adapter.findOne<{ organizationId: string; role: string }>({ model: "member", where: [{ field: "id", value: idOrEmail }] });
  }
  const user = await adapter.findOne<{ id: string }>({ model: "user", where: [{ field: "email", value: idOrEmail.toLowerCase() }] });
  if (!user) return null;
  return adapter.findOne<{ organizationId: string; role: string }>({
    model: "member",
    where: [
      { field: "organizationId", value: organizationId },
      { field: "userId", value: user.id },
    ],
  });
}
