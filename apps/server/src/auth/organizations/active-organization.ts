import { createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { setCookieCache } from "better-auth/cookies";

/**
 * SPEC §4: "Creating an organization makes it the session's active organization…; deleting or
 * leaving an organization clears the session's active organization when it was the one removed."
 *
 * better-auth 1.7.7 changes `session.activeOrganizationId` in the database on create, delete,
 * leave, remove-member (of oneself) and accept-invitation, but does not re-issue the session cookie
 * cache, so for up to its 60 s lifetime get-session (and every endpoint reading the active
 * organization from the session) still sees the old organization. It also leaves the other
 * sessions alone: the removed member's other browsers, and every member's session when the
 * organization is deleted. The hooks below make the database and the calling browser's cookie agree.
 * (Other browsers keep their own cookie cache until it expires; an endpoint they call checks
 * membership in the database, so the stale value grants nothing.)
 */

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];
type HookPath = { path?: string };
type Body = Record<string, unknown>;
type SessionRow = { activeOrganizationId?: string | null; activeTeamId?: string | null };

const CLEARED = { activeOrganizationId: null, activeTeamId: null };

/** Clears the active organization (and its team) of the sessions matching `where` that point at it. */
async function clearActiveOrganization(ctx: HookContext, organizationId: string, userId?: string) {
  await ctx.context.adapter.updateMany({
    model: "session",
    where: [{ field: "activeOrganizationId", value: organizationId }, ...(userId ? [{ field: "userId", value: userId }] : [])],
    update: CLEARED,
  });
}

/** The calling browser's session token, from its signed cookie (not from the stale cache). */
async function callerToken(ctx: HookContext): Promise<string | null> {
  if (!ctx.request && !ctx.headers) return null;
  const token = await ctx.getSignedCookie(ctx.context.authCookies.sessionToken.name, ctx.context.secret);
  return token || null;
}

/**
 * Re-issues the calling browser's session cookie cache from the database row, so the next
 * get-session shows what the endpoint just did. Only the cache cookie is written: the session
 * token is unchanged, and better-auth's "new session" signal (which other plugins read as a
 * sign-in) is not raised.
 */
async function refreshCallerCookie(ctx: HookContext) {
  const token = await callerToken(ctx);
  if (!token) return;
  let fresh = await ctx.context.internalAdapter.findSession(token);
  if (!fresh) return;
  const row = fresh.session as SessionRow;
  if (!row.activeOrganizationId && row.activeTeamId) {
    // An active team outside any active organization means nothing; better-auth leaves it behind.
    await ctx.context.adapter.updateMany({ model: "session", where: [{ field: "token", value: token }], update: { activeTeamId: null } });
    fresh = { ...fresh, session: { ...fresh.session, activeTeamId: null } as typeof fresh.session };
  }
  const dontRemember = await ctx.getSignedCookie(ctx.context.authCookies.dontRememberToken.name, ctx.context.secret);
  await setCookieCache(ctx, fresh, Boolean(dontRemember));
}

const syncAfter = createAuthMiddleware(async (ctx) => {
  const returned = ctx.context.returned as Body | null | undefined;
  if (isAPIError(returned) || returned instanceof Response || !returned) return;
  const body = (ctx.body ?? {}) as Body;
  switch (ctx.path) {
    case "/organization/delete": {
      // Every member's sessions, not only the caller's.
      if (typeof returned.id === "string") await clearActiveOrganization(ctx, returned.id);
      break;
    }
    case "/organization/leave": {
      const member = returned as { userId?: string; organizationId?: string };
      if (member.userId && member.organizationId) await clearActiveOrganization(ctx, member.organizationId, member.userId);
      break;
    }
    case "/organization/remove-member": {
      const member = (returned.member ?? {}) as { userId?: string; organizationId?: string };
      if (member.userId && member.organizationId) await clearActiveOrganization(ctx, member.organizationId, member.userId);
      break;
    }
    case "/organization/remove-team": {
      // Sessions whose active team no longer exists (see activeTeamBeforeHooks).
      if (typeof body.teamId === "string") {
        await ctx.context.adapter.updateMany({
          model: "session",
          where: [{ field: "activeTeamId", value: body.teamId }],
          update: { activeTeamId: null },
        });
      }
      break;
    }
  }
  await refreshCallerCookie(ctx);
});

const SYNCED_PATHS = new Set([
  "/organization/create",
  "/organization/delete",
  "/organization/leave",
  "/organization/remove-member",
  "/organization/accept-invitation",
  "/organization/remove-team",
]);

export const activeOrganizationAfterHooks = [{ matcher: (ctx: HookPath) => SYNCED_PATHS.has(ctx.path ?? ""), handler: syncAfter }];

/**
 * better-auth 1.7.7 refuses to remove the caller's own active team with "You are not allowed to
 * delete this team" (403), although the caller may delete teams: right after creating an
 * organization its default team is the owner's active team, so an owner could never remove it.
 * SPEC §5 knows only the last-team rule. The endpoint is shown the session without that active
 * team (in memory); once the team is gone, the after-hook clears it from every session.
 */
const removeActiveTeam = createAuthMiddleware(async (ctx) => {
  const teamId = ((ctx.body ?? {}) as Body).teamId;
  if (typeof teamId !== "string") return;
  const session = await getSessionFromCtx(ctx);
  if (!session || (session.session as SessionRow).activeTeamId !== teamId) return;
  // getSessionFromCtx memoised the session on ctx.context, which the endpoint reads next.
  ctx.context.session = { ...session, session: { ...session.session, activeTeamId: null } as typeof session.session };
});

export const activeTeamBeforeHooks = [{ matcher: (ctx: HookPath) => ctx.path === "/organization/remove-team", handler: removeActiveTeam }];
