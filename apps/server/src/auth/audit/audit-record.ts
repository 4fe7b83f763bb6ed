import { getCurrentAdapter } from "@better-auth/core/context";
import type { HookEndpointContext } from "better-auth";
import { getSessionFromCtx, isAPIError } from "better-auth/api";
import type { AuditOutcome } from "../../db/schema.ts";
import type { Clock } from "../../shared/clock.ts";
import type { Ids } from "../../shared/ids.ts";
import type { Logger } from "../../shared/logger.ts";
import { CLIENT_IP_HEADER } from "../auth.ts";
import { type ActionInput, AUDITED_ACTIONS, type AuditedAction, type Json, obj, str } from "./audit-actions.ts";

export interface RecordDeps {
  clock: Clock;
  ids: Ids;
  log: Logger;
}

/** The audited action for a request's path, if any. */
export const auditedAction = (path: string | undefined): AuditedAction | undefined =>
  path && Object.hasOwn(AUDITED_ACTIONS, path) ? AUDITED_ACTIONS[path] : undefined;

/**
 * Refusals better-auth answers with 400 that are still refused access, not malformed requests: an
 * auditor looking for denied attempts must find a non-member poking at an organization.
 */
const DENIED_CODES = new Set(["USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION", "YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION"]);

/** What the before-hook learned while the rows the request names still existed, per request. */
const resolvedByRequest = new WeakMap<object, Json>();

/**
 * Before the endpoint: looks up what the request names only indirectly and what may be gone
 * afterwards — the organization of a team, invitation or member (removed by the action), and the
 * session behind a token (the token is a secret and is never stored).
 */
export async function resolveBeforeAction(ctx: HookEndpointContext, log: Logger): Promise<void> {
  try {
    resolvedByRequest.set(ctx.context, await resolve(ctx));
  } catch (err) {
    // A lookup failing must not fail the request; the entry is then written with less context.
    log.error({ err, path: ctx.path }, "audit log lookup failed");
  }
}

async function resolve(ctx: HookEndpointContext): Promise<Json> {
  const body = obj(ctx.body);
  const resolved: Json = {};
  const adapter = await getCurrentAdapter(ctx.context.adapter);
  const find = (model: string, id: string) => adapter.findOne<Json>({ model, where: [{ field: "id", value: id }] });
  if (ctx.path === "/admin/revoke-user-session" && str(body.sessionToken)) {
    const session = await adapter.findOne<Json>({ model: "session", where: [{ field: "token", value: String(body.sessionToken) }] });
    resolved.sessionId = session?.id;
    resolved.userId = session?.userId;
  } else if (ctx.path?.startsWith("/organization/") && !str(body.organizationId)) {
    const named: [string, unknown][] = [
      ["team", body.teamId],
      ["invitation", body.invitationId],
      ["member", body.memberId ?? body.memberIdOrEmail],
    ];
    for (const [model, id] of named) {
      if (!str(id) || String(id).includes("@")) continue;
      const row = await find(model, String(id));
      if (row) {
        resolved.organizationId = row.organizationId;
        break;
      }
    }
  }
  return resolved;
}

/**
 * After the endpoint, successful or not (better-auth runs after-hooks on thrown APIErrors too), or
 * with what a before-hook refused or answered in the endpoint's place (before-hook-answers.ts). Never
 * throws.
 */
export async function recordAction(ctx: HookEndpointContext, deps: RecordDeps, answer?: unknown): Promise<void> {
  try {
    await record(ctx, deps, answer);
  } catch (err) {
    // The action itself is done (and committed); failing the request now would tell the client it
    // did not happen. Losing the entry is logged loudly instead.
    deps.log.error({ err, path: ctx.path }, "audit log write failed");
  }
}

async function record(ctx: HookEndpointContext, deps: RecordDeps, answer: unknown): Promise<void> {
  const spec = auditedAction(ctx.path);
  if (!spec) return;
  const returned = answer ?? ctx.context.returned;
  const { outcome, status, error } = outcomeOf(returned);
  // The endpoint read the session itself in almost every case; otherwise (it failed validation
  // first) read it here, on a copy so a refreshed session cookie is not sent twice.
  const session = ctx.context.session ?? (await getSessionFromCtx({ ...ctx, responseHeaders: new Headers() } as never).catch(() => null));
  // Without a signed-in actor there was no action by anyone: the request log has the attempt.
  if (!session?.user?.id) return;

  const body = obj(ctx.body);
  const input: ActionInput = {
    body,
    returned: outcome === "success" ? obj(returned) : undefined,
    actorUserId: session.user.id,
    // A before-hook answered before our own lookups ran: look now.
    resolved: resolvedByRequest.get(ctx.context) ?? (await resolve(ctx)),
  };
  const organizationId = organizationOf(spec, input, str(session.session.activeOrganizationId));
  const target = spec.target(input);
  const targetId = target.id ?? (target.type === "organization" ? organizationId : undefined);
  const details = compact({ ...spec.details?.(input), ...(error ? { error } : {}) });
  const headers = ctx.headers ?? ctx.request?.headers;

  const row = {
    id: deps.ids.next(),
    createdAt: deps.clock.now(),
    action: spec.action,
    outcome,
    status,
    actorUserId: session.user.id,
    impersonatorUserId: str(session.session.impersonatedBy) ?? null,
    organizationId: organizationId ?? null,
    targetType: target.type,
    targetId: targetId ?? null,
    ipAddress: headers?.get(CLIENT_IP_HEADER) ?? null,
    userAgent: headers?.get("user-agent")?.slice(0, 500) ?? null,
    details: Object.keys(details).length ? JSON.stringify(details) : null,
  };
  const adapter = await getCurrentAdapter(ctx.context.adapter);
  await adapter.create({ model: "auditLog", forceAllowId: true, data: row });
}

function outcomeOf(returned: unknown): { outcome: AuditOutcome; status: number; error?: Json } {
  if (!isAPIError(returned)) return { outcome: "success", status: 200 };
  const status = returned.statusCode;
  const code = str(returned.body?.code);
  const denied = status === 401 || status === 403 || (code !== undefined && DENIED_CODES.has(code));
  return { outcome: denied ? "denied" : "failed", status, error: compact({ code, message: str(returned.message)?.slice(0, 200) }) };
}

/**
 * The organization the action concerned: named in the body, in the answer, resolved before the
 * action, or — for organization actions, as better-auth itself does — the active organization.
 */
function organizationOf(spec: AuditedAction, input: ActionInput, activeOrganizationId: string | undefined): string | undefined {
  if (spec.organizationId) return spec.organizationId(input);
  const { body, returned, resolved } = input;
  const fromAnswer =
    str(returned?.organizationId) ?? str(obj(returned?.member).organizationId) ?? str(obj(returned?.invitation).organizationId);
  const found = str(body.organizationId) ?? fromAnswer ?? str(resolved.organizationId);
  if (found) return found;
  return spec.scope === "organization" ? activeOrganizationId : undefined;
}

/** The most a row's details may hold: anything a request carried beyond it is cut. */
const MAX_DETAIL_STRING = 200;
const MAX_DETAIL_ITEMS = 20;
const MAX_DETAILS_JSON = 2048;

/** A value cut to size at every depth: strings shortened, arrays and objects to their first items. */
function bounded(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return value.slice(0, MAX_DETAIL_STRING);
  if (value === null || typeof value !== "object") return value;
  if (depth >= 3) return "…";
  if (Array.isArray(value)) return value.slice(0, MAX_DETAIL_ITEMS).map((item) => bounded(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value)
      .slice(0, MAX_DETAIL_ITEMS)
      .map(([key, item]) => [key.slice(0, MAX_DETAIL_STRING), bounded(item, depth + 1)]),
  );
}

/**
 * Drops empty values and bounds the rest, so details stay small whatever a request carried: an
 * outsider's refused request is filed under the organization it names, and must not be able to
 * fill that organization's log with megabytes.
 */
function compact(details: Json): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(details)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value) && value.length === 0) continue;
    out[key] = bounded(value) as Json[string];
  }
  if (JSON.stringify(out).length <= MAX_DETAILS_JSON) return out;
  return { truncated: true, fields: Object.keys(out).slice(0, MAX_DETAIL_ITEMS) };
}
