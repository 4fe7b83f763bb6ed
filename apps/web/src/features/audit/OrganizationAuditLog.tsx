import { SectionCard } from "../account/SectionCard";
import { AuditLog } from "./AuditLog";

/** One organization's audit log, for its settings page (the server shows it to owners and platform admins). */
export function OrganizationAuditLog({ organizationId }: { organizationId: string }) {
  return (
    <SectionCard title="Audit log" description="Permission-checked changes to this organization: who did what, when, from where.">
      <AuditLog organizationId={organizationId} />
    </SectionCard>
  );
}
