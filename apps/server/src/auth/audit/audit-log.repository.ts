import { sql } from "kysely";
import type { Database } from "../../db/database.ts";
import { type AuditOutcome, toDate } from "../../db/schema.ts";
import { roleNames } from "../role-names.ts";

export interface AuditLogFilter {
  actorUserId?: string | undefined;
  /** Exact, or a prefix when it ends with "." ("member." matches every member action). */
  action?: string | undefined;
  outcome?: AuditOutcome | undefined;
  targetId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  limit: number;
  offset: number;
}

/** One entry as the API answers it; the actor's email and name while that user still exists. */
export interface AuditEntry {
  id: string;
  createdAt: string;
  action: string;
  outcome: AuditOutcome;
  status: number;
  actorUserId: string | null;
  actorEmail: string | null;
  actorName: string | null;
  impersonatorUserId: string | null;
  organizationId: string | null;
  targetType: string | null;
  targetId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  details: Record<string, unknown> | null;
}

/**
 * Entries newest first, with the number matching the filter. `organizationId` undefined means every
 * organization and none — only a platform admin may ask for that; the caller decides.
 */
export async function listAuditEntries(
  db: Database,
  organizationId: string | undefined,
  filter: AuditLogFilter,
): Promise<{ entries: AuditEntry[]; total: number }> {
  let query = db.selectFrom("audit_log as a");
  if (organizationId !== undefined) query = query.where("a.organization_id", "=", organizationId);
  if (filter.actorUserId) query = query.where("a.actor_user_id", "=", filter.actorUserId);
  if (filter.action?.endsWith(".")) {
    // substr rather than LIKE: no wildcard in the value can widen the match.
    query = query.where(sql<string>`substr(a.action, 1, ${filter.action.length})`, "=", filter.action);
  } else if (filter.action) query = query.where("a.action", "=", filter.action);
  if (filter.outcome) query = query.where("a.outcome", "=", filter.outcome);
  if (filter.targetId) query = query.where("a.target_id", "=", filter.targetId);
  // ISO strings: SQLite stores timestamps as such (compared as text), PostgreSQL casts them.
  if (filter.from) query = query.where("a.created_at", ">=", filter.from.toISOString());
  if (filter.to) query = query.where("a.created_at", "<=", filter.to.toISOString());

  const counted = await query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst();
  const rows = await query
    .leftJoin("user as u", "u.id", "a.actor_user_id")
    .selectAll("a")
    .select(["u.email as actor_email", "u.name as actor_name"])
    .orderBy("a.created_at", "desc")
    .orderBy("a.id", "desc")
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();

  return {
    total: Number(counted?.n ?? 0),
    entries: rows.map((r) => ({
      id: r.id,
      createdAt: toDate(r.created_at).toISOString(),
      action: r.action,
      outcome: r.outcome,
      status: Number(r.status),
      actorUserId: r.actor_user_id,
      actorEmail: r.actor_email ?? null,
      actorName: r.actor_name ?? null,
      impersonatorUserId: r.impersonator_user_id,
      organizationId: r.organization_id,
      targetType: r.target_type,
      targetId: r.target_id,
      ipAddress: r.ip_address,
      userAgent: r.user_agent,
      details: parseDetails(r.details),
    })),
  };
}

function parseDetails(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** Whether the user holds "owner" among the comma-separated roles of their membership. */
export async function isOrganizationOwner(db: Database, organizationId: string, userId: string): Promise<boolean> {
  const member = await db
    .selectFrom("member")
    .select("role")
    .where("organizationId", "=", organizationId)
    .where("userId", "=", userId)
    .executeTakeFirst();
  return roleNames(member?.role).includes("owner");
}

/** The user's platform role as stored now. */
export async function platformRoleOf(db: Database, userId: string): Promise<string | null> {
  const user = await db.selectFrom("user").select("role").where("id", "=", userId).executeTakeFirst();
  return user?.role ?? null;
}
