import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint, createAuthMiddleware, sessionMiddleware } from "better-auth/api";
import { z } from "zod";
import type { TenancyConfig } from "../../config.tenancy.ts";
import type { Database } from "../../db/database.ts";
import type { Clock } from "../../shared/clock.ts";
import type { Ids } from "../../shared/ids.ts";
import type { Logger } from "../../shared/logger.ts";
import { isPlatformAdmin } from "../admin/platform-admin.ts";
import { isOrganizationOwner, listAuditEntries, platformRoleOf } from "./audit-log.repository.ts";
import { auditedAction, recordAction, resolveBeforeAction } from "./audit-record.ts";
import { recordBeforeHookAnswers } from "./before-hook-answers.ts";

export interface AuditDeps {
  clock: Clock;
  ids: Ids;
  log: Logger;
  db: Database;
  config: { tenancy: TenancyConfig };
}

const AUDIT_PLUGIN_ID = "gatehouse-audit-log";

/** SPEC §8 "Other": the message for a refused read. */
const NOT_ALLOWED = { code: "YOU_ARE_NOT_ALLOWED_TO_ACCESS_RESOURCE", message: "You are not allowed to access resource" };

/** An empty query value (a cleared filter field) means no filter. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" ? undefined : v), schema.optional());
const isoDate = z.iso.datetime({ offset: true }).transform((v) => new Date(v));
const listQuery = z.object({
  organizationId: optional(z.string()),
  actorUserId: optional(z.string()),
  action: optional(z.string().max(100)),
  outcome: optional(z.enum(["success", "denied", "failed"])),
  targetId: optional(z.string()),
  from: optional(isoDate),
  to: optional(isoDate),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

/**
 * Records admin actions and permission-checked organization and API-key actions in audit_log,
 * and serves them at GET /audit-log/list (docs/audit-log.md).
 */
export const auditPlugin = (deps: AuditDeps) =>
  ({
    id: AUDIT_PLUGIN_ID,
    init(context) {
      recordBeforeHookAnswers(context.options, AUDIT_PLUGIN_ID, (ctx, answer) => recordAction(ctx, deps, answer));
    },
    // Declared so entries are written through better-auth's adapter (the transaction-bound one
    // when a caller holds a transaction); the columns are the snake_case ones migration 0004 made.
    schema: {
      auditLog: {
        modelName: "audit_log",
        fields: {
          createdAt: { type: "date", required: true, fieldName: "created_at" },
          action: { type: "string", required: true },
          outcome: { type: "string", required: true },
          status: { type: "number", required: true },
          actorUserId: { type: "string", required: false, fieldName: "actor_user_id" },
          impersonatorUserId: { type: "string", required: false, fieldName: "impersonator_user_id" },
          organizationId: { type: "string", required: false, fieldName: "organization_id" },
          targetType: { type: "string", required: false, fieldName: "target_type" },
          targetId: { type: "string", required: false, fieldName: "target_id" },
          ipAddress: { type: "string", required: false, fieldName: "ip_address" },
          userAgent: { type: "string", required: false, fieldName: "user_agent" },
          details: { type: "string", required: false },
        },
      },
    },
    hooks: {
      before: [
        { matcher: (ctx) => !!auditedAction(ctx.path), handler: createAuthMiddleware(async (ctx) => resolveBeforeAction(ctx, deps.log)) },
      ],
      after: [{ matcher: (ctx) => !!auditedAction(ctx.path), handler: createAuthMiddleware(async (ctx) => recordAction(ctx, deps)) }],
    },
    endpoints: {
      listAuditLog: createAuthEndpoint("/audit-log/list", { method: "GET", query: listQuery, use: [sessionMiddleware] }, async (ctx) => {
        const { organizationId, ...filter } = ctx.query;
        const userId = ctx.context.session.user.id;
        // The role as stored now: the session's copy may be a cookie-cache lifetime old.
        const platformAdmin = isPlatformAdmin(
          { id: userId, role: await platformRoleOf(deps.db, userId) },
          deps.config.tenancy.admin.userIds,
        );
        // Everyone else reads one organization's entries, and only as its owner.
        if (!platformAdmin && !(organizationId && (await isOrganizationOwner(deps.db, organizationId, userId)))) {
          throw APIError.from("FORBIDDEN", NOT_ALLOWED);
        }
        return ctx.json(await listAuditEntries(deps.db, organizationId, filter));
      }),
    },
  }) satisfies BetterAuthPlugin;
