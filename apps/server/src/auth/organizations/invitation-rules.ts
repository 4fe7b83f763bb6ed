import type { BetterAuthPlugin, GenericEndpointContext } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { findMember } from "./organization-rules.ts";

/**
 * Where better-auth 1.7.7's invitations depart from SPEC §4/§5/§8, these hooks restore the spec.
 * docs/invitations.md describes the whole lifecycle and lists each departure.
 *
 * SPEC §4: "an invitation counts as found only while it is pending and not expired". better-auth
 * applies that rule in get-invitation and accept-invitation only; reject-invitation ignores the
 * expiry and cancel-invitation ignores both status and expiry (it would even turn an accepted
 * invitation into a canceled one), and list-user-invitations lists expired ones.
 */

/** The two wordings SPEC §8 catalogues; better-auth uses the first in accept and cancel, the second in get and reject. */
export const INVITATION_NOT_FOUND = { code: "INVITATION_NOT_FOUND", message: "Invitation not found" } as const;
export const INVITATION_NOT_FOUND_LITERAL = { code: "INVITATION_NOT_FOUND", message: "Invitation not found!" } as const;
export const NOT_AUTHENTICATED = { code: "UNAUTHORIZED", message: "Not authenticated" } as const;
export const ALREADY_A_MEMBER = {
  code: "USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION",
  message: "User is already a member of this organization",
} as const;

const INVITE = "/organization/invite-member";
const ACCEPT = "/organization/accept-invitation";
const REJECT = "/organization/reject-invitation";
const CANCEL = "/organization/cancel-invitation";
const GET = "/organization/get-invitation";
const LIST = "/organization/list-invitations";
const LIST_MINE = "/organization/list-user-invitations";

interface InvitationRow {
  id: string;
  organizationId: string;
  email: string;
  status: string;
  expiresAt: Date | string;
}

/** better-auth's own comparison (`expiresAt < new Date()`), so both sides agree at the boundary. */
export const isExpired = (invitation: { expiresAt: Date | string }) => new Date(invitation.expiresAt) < new Date();
const isLive = (invitation: InvitationRow) => invitation.status === "pending" && !isExpired(invitation);

const invitationById = (ctx: GenericEndpointContext, id: unknown) =>
  typeof id === "string"
    ? ctx.context.adapter.findOne<InvitationRow>({ model: "invitation", where: [{ field: "id", value: id }] })
    : Promise.resolve(null);

export const invitationRulesPlugin = () =>
  ({
    id: "gatehouse-invitation-rules",
    hooks: {
      before: [
        {
          // Without a session the endpoint answers 401 itself; the rule below would otherwise
          // answer "not found" first and tell an anonymous caller which ids exist.
          matcher: (ctx) => ctx.path === CANCEL,
          handler: createAuthMiddleware(async (ctx) => {
            if (!(await getSessionFromCtx(ctx))) return;
            const invitation = await invitationById(ctx, ctx.body?.invitationId);
            if (invitation && !isLive(invitation)) throw APIError.from("BAD_REQUEST", INVITATION_NOT_FOUND);
          }),
        },
        {
          matcher: (ctx) => ctx.path === REJECT,
          handler: createAuthMiddleware(async (ctx) => {
            if (!(await getSessionFromCtx(ctx))) return;
            const invitation = await invitationById(ctx, ctx.body?.invitationId);
            // Non-pending ones the endpoint already refuses, with this same answer.
            if (invitation && isExpired(invitation)) throw APIError.from("BAD_REQUEST", INVITATION_NOT_FOUND_LITERAL);
          }),
        },
        {
          // better-auth does not check that the invitee is not a member already (someone added them
          // directly after the invitation went out): the insert then hits the one-membership-per-
          // person index and the request ends in a 500.
          matcher: (ctx) => ctx.path === ACCEPT,
          handler: createAuthMiddleware(async (ctx) => {
            const session = await getSessionFromCtx(ctx);
            if (!session) return;
            const invitation = await invitationById(ctx, ctx.body?.invitationId);
            // Unknown, dead or someone else's: the endpoint's own checks answer.
            if (!invitation || !isLive(invitation) || invitation.email.toLowerCase() !== session.user.email.toLowerCase()) return;
            if (await findMember(ctx, invitation.organizationId, session.user.id)) throw APIError.from("BAD_REQUEST", ALREADY_A_MEMBER);
          }),
        },
        {
          // SPEC §8's 'Not authenticated' (401): better-auth's session middleware answers these
          // with "Unauthorized" before the endpoint's own 'Not authenticated' check can run, and
          // list-user-invitations answers a 400 asking for an email query parameter instead.
          matcher: (ctx) => ctx.path === LIST || ctx.path === LIST_MINE,
          handler: createAuthMiddleware(async (ctx) => {
            // Server calls may name the recipient instead of carrying a session.
            if (ctx.path === LIST_MINE && !ctx.request && ctx.query?.email) return;
            if (!(await getSessionFromCtx(ctx))) throw APIError.from("UNAUTHORIZED", NOT_AUTHENTICATED);
          }),
        },
      ],
      after: [
        {
          // better-auth builds this message from its error-code object, which prints as its code:
          // "ROLE_NOT_FOUND: superuser", with no code field. Reworded as the catalogue says it.
          matcher: (ctx) => ctx.path === INVITE,
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned;
            const roles = isAPIError(returned) && !returned.body?.code ? /^ROLE_NOT_FOUND: (.*)$/.exec(returned.message)?.[1] : undefined;
            if (roles !== undefined) throw APIError.from("BAD_REQUEST", { code: "ROLE_NOT_FOUND", message: `Role not found: ${roles}` });
          }),
        },
        {
          matcher: (ctx) => ctx.path === LIST_MINE,
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned;
            if (!Array.isArray(returned)) return;
            // The endpoint keeps pending ones only, but also those past their expiry, which nobody can accept.
            return ctx.json(returned.filter((invitation: InvitationRow) => !isExpired(invitation)));
          }),
        },
        {
          // get-invitation's two own errors carry no code; reject-invitation's identical
          // "Invitation not found!" does. The same code lets a client word them once.
          matcher: (ctx) => ctx.path === GET,
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned;
            if (!isAPIError(returned) || returned.body?.code) return;
            if (returned.statusCode === 400 && returned.message === INVITATION_NOT_FOUND_LITERAL.message)
              throw APIError.from("BAD_REQUEST", INVITATION_NOT_FOUND_LITERAL);
            if (returned.statusCode === 401) throw APIError.from("UNAUTHORIZED", NOT_AUTHENTICATED);
          }),
        },
      ],
    },
  }) satisfies BetterAuthPlugin;
