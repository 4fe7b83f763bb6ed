import { SectionCard } from "../account/SectionCard";
import { AuditLog } from "../audit";

export interface AdminAuditLogSearch {
  actorUserId?: string | undefined;
  targetId?: string | undefined;
}

/** /admin/audit-log: every organization's and every admin's recorded actions. */
export function AdminAuditLogPage({ actorUserId, targetId }: AdminAuditLogSearch) {
  return (
    <SectionCard title="Audit log" description="Admin actions and permission-checked organization actions, newest first.">
      {/* Keyed so that following another "audit log of this user" link starts from its filters. */}
      <AuditLog
        key={`${actorUserId ?? ""}|${targetId ?? ""}`}
        initialFilters={{ actorUserId: actorUserId ?? "", targetId: targetId ?? "" }}
      />
    </SectionCard>
  );
}
