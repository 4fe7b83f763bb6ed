import { Stack, Text } from "@mantine/core";
import { useState } from "react";
import { PagedListFooter } from "../../components/PagedListFooter";
import { QueryView } from "../../components/QueryView";
import { AuditLogFilters } from "./AuditLogFilters";
import { AuditLogTable } from "./AuditLogTable";
import { type AuditFilters, noAuditFilters, useAuditLog } from "./audit.api";

const pageSize = 25;

interface AuditLogProps {
  /** Narrows the log to one organization (required of owners by the server). */
  organizationId?: string | undefined;
  initialFilters?: Partial<AuditFilters> | undefined;
  showActorFilter?: boolean;
}

/** The audit log with its filters and paging: the admin console's whole log or one organization's. */
export function AuditLog({ organizationId, initialFilters, showActorFilter = true }: AuditLogProps) {
  const [filters, setFilters] = useState<AuditFilters>({ ...noAuditFilters, ...initialFilters });
  const [page, setPage] = useState(1);
  const log = useAuditLog({ organizationId, filters, limit: pageSize, offset: (page - 1) * pageSize });

  return (
    <Stack gap="md">
      <AuditLogFilters
        value={filters}
        showActor={showActorFilter}
        onApply={(next) => {
          setFilters(next);
          setPage(1);
        }}
      />
      <QueryView query={log} loadingLabel="Loading the audit log" errorTitle="Could not load the audit log">
        {({ entries, total }) =>
          entries.length === 0 ? (
            <Text c="dimmed" role="status">
              No audit entries match these filters.
            </Text>
          ) : (
            <>
              <AuditLogTable entries={entries} />
              <PagedListFooter noun="Entries" shown={entries.length} total={total} page={page} pageSize={pageSize} onPageChange={setPage} />
            </>
          )
        }
      </QueryView>
    </Stack>
  );
}
