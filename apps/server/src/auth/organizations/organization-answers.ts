import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";

/**
 * After-hooks that reshape better-auth 1.7.7's organization answers to SPEC §3/§8
 * (docs/organizations.md, "Departures from better-auth"): metadata always as an object, and the
 * spec's messages where better-auth words a refusal differently. An after-hook can change an
 * error's code and message but not its HTTP status (better-auth answers with the status the
 * endpoint threw), so refusals whose status is wrong are made in before-hooks (organization-rules.ts).
 */

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];
type HookPath = { path?: string };
type Organization = Record<string, unknown> & { metadata?: unknown };

/** SPEC §3: stored as JSON text, a string map in payloads — also when nothing was stored. */
export function metadataObject(value: unknown): Record<string, unknown> {
  if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
  if (typeof value === "string") {
    try {
      const parsed: unknown = JSON.parse(value);
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      // Not JSON (written by something else): shown as no metadata rather than failing the read.
    }
  }
  return {};
}

const withMetadata = (org: Organization) => ({ ...org, metadata: metadataObject(org.metadata) });

/** Endpoints answering one organization (or null), and the one answering a list. */
const ONE_ORGANIZATION = new Set([
  "/organization/create",
  "/organization/update",
  "/organization/delete",
  "/organization/set-active",
  "/organization/get-organization",
  "/organization/get-full-organization",
]);

const metadataAnswer = createAuthMiddleware(async (ctx) => {
  const returned = ctx.context.returned;
  if (isAPIError(returned) || returned instanceof Response || !returned || typeof returned !== "object") return;
  if (ctx.path === "/organization/list" && Array.isArray(returned)) return ctx.json(returned.map(withMetadata));
  if (ONE_ORGANIZATION.has(ctx.path ?? "") && !Array.isArray(returned)) return ctx.json(withMetadata(returned as Organization));
});

const NOT_A_MEMBER = { code: "YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION", message: "You are not a member of this organization" };

/** What better-auth answered (path, code) → what the spec answers instead. */
const REFUSALS: Record<string, Record<string, (error: APIError, ctx: HookContext) => APIError | undefined>> = {
  // SPEC §8: 'slug is taken' (400).
  "/organization/check-slug": {
    ORGANIZATION_SLUG_ALREADY_TAKEN: () =>
      APIError.from("BAD_REQUEST", { code: "ORGANIZATION_SLUG_ALREADY_TAKEN", message: "slug is taken" }),
  },
  "/organization/update": {
    // Without an organizationId and without an active one, better-auth says "Organization not found".
    ORGANIZATION_NOT_FOUND: (_, ctx) =>
      (ctx.body as { organizationId?: string } | undefined)?.organizationId
        ? undefined
        : APIError.from("BAD_REQUEST", { code: "NO_ACTIVE_ORGANIZATION", message: "No active organization" }),
  },
  // Non-members were told "…as an owner" / "…to invite users" / "…to delete this team".
  "/organization/list-teams": { YOU_ARE_NOT_ALLOWED_TO_ACCESS_THIS_ORGANIZATION: () => APIError.from("FORBIDDEN", NOT_A_MEMBER) },
  "/organization/create-team": { YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION: () => APIError.from("FORBIDDEN", NOT_A_MEMBER) },
  // With the caller's active team no longer refused (active-organization.ts), this code means "not a member".
  "/organization/remove-team": { YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_TEAM: () => APIError.from("FORBIDDEN", NOT_A_MEMBER) },
};

const refusalAnswer = createAuthMiddleware(async (ctx) => {
  const error = ctx.context.returned;
  if (!isAPIError(error)) return;
  const body = (error.body ?? {}) as { code?: string; message?: string };
  if (error.statusCode === 401 && (!body.code || body.code === "UNAUTHORIZED")) {
    // SPEC §8: 'Not authenticated' (401); better-auth sends "Unauthorized" or an empty body. The
    // update endpoint's own 'User not found' (401) is a spec literal too and is kept.
    if (body.message === "User not found") return;
    throw APIError.from("UNAUTHORIZED", { code: "UNAUTHORIZED", message: "Not authenticated" });
  }
  const replacement = body.code ? REFUSALS[ctx.path ?? ""]?.[body.code]?.(error, ctx) : undefined;
  if (replacement) throw replacement;
});

export const organizationAnswerHooks = [
  { matcher: (ctx: HookPath) => ctx.path === "/organization/list" || ONE_ORGANIZATION.has(ctx.path ?? ""), handler: metadataAnswer },
  { matcher: (ctx: HookPath) => (ctx.path ?? "").startsWith("/organization/"), handler: refusalAnswer },
];
