// What other features use of the audit log: the organization settings embed OrganizationAuditLog.
export { AuditLog } from "./AuditLog";
export { AuditLogTable } from "./AuditLogTable";
export type { AuditEntry, AuditFilters } from "./audit.api";
export { OrganizationAuditLog } from "./OrganizationAuditLog";
