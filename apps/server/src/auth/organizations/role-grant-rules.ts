import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { hasPermission } from "better-auth/plugins";
import { roleNames } from "../role-names.ts";
import { findMember, fromHttp } from "./organization-rules.ts";

/**
 * SPEC §6 (an admin "may only update the organization, not delete it"; only owners manage custom
 * roles): a member may grant — by invitation or by a role update — only roles whose permissions
 * they hold themselves. better-auth 1.7.7 stops non-owners from granting `owner` and nothing else,
 * so an admin could invite someone as, or promote someone (themself included) to, a custom role an
 * owner made with `organization: ["delete"]` or `ac: ["create"]`. Its owner check also compares
 * untrimmed names on invite-member, so an admin's "member, owner" slipped through it.
 *
 * Before-hooks, because an after-hook cannot change the HTTP status and the endpoint would already
 * have written the invitation or the role. The audit plugin wraps before-hooks, so a refusal here
 * is recorded as "denied". docs/organizations.md, "Who may grant which role".
 */

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];
type HookPath = { path?: string };
type Body = Record<string, unknown>;
type PermissionOptions = Parameters<typeof hasPermission>[0]["options"];
type Statements = Record<string, readonly string[]>;

const INVITE = "/organization/invite-member";
const UPDATE_ROLE = "/organization/update-member-role";

const NOT_ALLOWED_TO_INVITE = {
  code: "YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE",
  message: "You are not allowed to invite a user with this role",
} as const;
const NOT_ALLOWED_TO_UPDATE = {
  code: "YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER",
  message: "You are not allowed to update this member",
} as const;

/**
 * What each named role allows: a predefined role's statements, merged with a custom role's stored
 * permission — the way better-auth's hasPermission resolves roles. Undefined when a name is
 * unknown: the endpoint then answers its own 400 ROLE_NOT_FOUND.
 */
async function statementsOf(ctx: HookContext, options: PermissionOptions, organizationId: string, names: string[]) {
  const predefined = (options.roles ?? {}) as Record<string, { statements: Statements }>;
  const custom = await ctx.context.adapter.findMany<{ role: string; permission: string }>({
    model: "organizationRole",
    where: [
      { field: "organizationId", value: organizationId },
      { field: "role", value: names, operator: "in" },
    ],
  });
  const resolved: Statements[] = [];
  for (const name of new Set(names)) {
    const stored = custom.find((row) => row.role === name);
    if (!stored && !Object.hasOwn(predefined, name)) return undefined;
    const merged: Record<string, string[]> = {};
    const parts = [predefined[name]?.statements ?? {}, stored ? (JSON.parse(stored.permission) as Statements) : {}];
    for (const part of parts)
      for (const [resource, actions] of Object.entries(part)) merged[resource] = [...(merged[resource] ?? []), ...actions];
    resolved.push(merged);
  }
  return resolved;
}

/** Every (resource, action) pair the roles grant, once. */
const pairsOf = (statements: Statements[]) => [
  ...new Map(
    statements.flatMap((s) =>
      Object.entries(s).flatMap(([resource, actions]) => actions.map((a) => [`${resource}:${a}`, [resource, a] as const])),
    ),
  ).values(),
];

export function roleGrantBeforeHooks(options: PermissionOptions) {
  const handler = createAuthMiddleware(async (ctx) => {
    // Calls from the server itself (auth.api without headers) are trusted, as in organization-rules.ts.
    if (!fromHttp(ctx)) return;
    const body = (ctx.body ?? {}) as Body;
    const invite = ctx.path === INVITE;
    const names = roleNames(body.role);
    const session = await getSessionFromCtx(ctx);
    const organizationId = (typeof body.organizationId === "string" && body.organizationId) || session?.session.activeOrganizationId;
    // Each of these the endpoint refuses itself, with its own answer (401, 400, Member not found).
    if (!session || !organizationId || names.length === 0) return;
    const caller = await findMember(ctx, organizationId, session.user.id);
    if (!caller) return;
    if (!invite) {
      const targetId = body.memberId;
      const target =
        typeof targetId === "string"
          ? await ctx.context.adapter.findOne<{ organizationId: string }>({ model: "member", where: [{ field: "id", value: targetId }] })
          : null;
      if (target?.organizationId !== organizationId) return;
    }
    // Someone who may not invite or update at all is told so by the endpoint, not told about roles.
    // This call also loads the organization's custom roles into better-auth's per-organization
    // cache, which the checks below read, exactly as better-auth's own create-role checks do.
    const permit = { options, organizationId, role: caller.role, allowCreatorAllPermissions: true };
    const mayAtAll = await hasPermission({ ...permit, permissions: invite ? { invitation: ["create"] } : { member: ["update"] } }, ctx);
    if (!mayAtAll) return;
    const granted = await statementsOf(ctx, options, organizationId, names);
    if (!granted) return;
    // One pair at a time: the caller holds a permission when any one of their roles grants it
    // (SPEC §6), so what they hold is the union over their roles.
    for (const [resource, action] of pairsOf(granted)) {
      if (!(await hasPermission({ ...permit, useMemoryCache: true, permissions: { [resource]: [action] } }, ctx))) {
        throw APIError.from("FORBIDDEN", invite ? NOT_ALLOWED_TO_INVITE : NOT_ALLOWED_TO_UPDATE);
      }
    }
    // better-auth stores the invitation's role as given and splits it without trimming later, so
    // "member, owner" would make a member whose " owner" no check recognises. Stored trimmed.
    if (invite && typeof body.role === "string" && body.role !== names.join(",")) {
      return { context: { body: { ...body, role: names.join(",") } } };
    }
  });
  return [{ matcher: (ctx: HookPath) => ctx.path === INVITE || ctx.path === UPDATE_ROLE, handler }];
}
