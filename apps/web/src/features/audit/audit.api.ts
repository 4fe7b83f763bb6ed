import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { authClient } from "../../lib/auth-client";
import { unwrap } from "../../lib/errors";

export const auditOutcomes = ["success", "denied", "failed"] as const;
export type AuditOutcome = (typeof auditOutcomes)[number];

/** One row of GET /api/auth/audit-log/list (docs/audit-log.md). */
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
  details: unknown;
}

export interface AuditLogPage {
  entries: AuditEntry[];
  total: number;
}

/** What a reader may narrow the log to; empty strings mean "any". */
export interface AuditFilters {
  action: string;
  outcome: "" | AuditOutcome;
  actorUserId: string;
  targetId: string;
  /** `datetime-local` values (the reader's time zone); sent as ISO instants. */
  from: string;
  to: string;
}

export const noAuditFilters: AuditFilters = { action: "", outcome: "", actorUserId: "", targetId: "", from: "", to: "" };

export interface AuditLogQuery {
  organizationId?: string | undefined;
  filters: AuditFilters;
  limit: number;
  offset: number;
}

const instant = (local: string) => {
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
};

/** The query string, without the filters left empty (the server reads an empty value as a filter). */
export function auditLogSearch({ organizationId, filters, limit, offset }: AuditLogQuery): Record<string, string | number> {
  const query: Record<string, string | number> = { limit, offset };
  if (organizationId) query.organizationId = organizationId;
  if (filters.action.trim()) query.action = filters.action.trim();
  if (filters.outcome) query.outcome = filters.outcome;
  if (filters.actorUserId.trim()) query.actorUserId = filters.actorUserId.trim();
  if (filters.targetId.trim()) query.targetId = filters.targetId.trim();
  const from = filters.from && instant(filters.from);
  const to = filters.to && instant(filters.to);
  if (from) query.from = from;
  if (to) query.to = to;
  return query;
}

export function useAuditLog(query: AuditLogQuery) {
  const search = auditLogSearch(query);
  return useQuery({
    queryKey: ["audit-log", search],
    queryFn: async () => unwrap(await authClient.$fetch<AuditLogPage>("/audit-log/list", { method: "GET", query: search })),
    // Paging and filtering keep the previous page on screen instead of flashing a loader.
    placeholderData: keepPreviousData,
  });
}
