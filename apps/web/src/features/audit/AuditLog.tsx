import { Alert, Group, Pagination, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { PageLoader } from "../../components/PageLoader";
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

  let body: React.ReactNode;
  if (log.isPending) body = <PageLoader label="Loading the audit log" />;
  else if (log.isError)
    body = (
      <Alert color="red" role="alert" title="Could not load the audit log">
        {log.error.message}
      </Alert>
    );
  else if (log.data.entries.length === 0)
    body = (
      <Text c="dimmed" role="status">
        No audit entries match these filters.
      </Text>
    );
  else {
    const { entries, total } = log.data;
    const first = (page - 1) * pageSize + 1;
    body = (
      <>
        <AuditLogTable entries={entries} />
        <Group justify="space-between">
          <Text size="sm" c="dimmed" aria-live="polite">
            {`Entries ${first}–${first + entries.length - 1} of ${total}`}
          </Text>
          {total > pageSize && (
            <Pagination
              total={Math.ceil(total / pageSize)}
              value={page}
              onChange={setPage}
              getControlProps={(control) => ({ "aria-label": `${control[0]?.toUpperCase()}${control.slice(1)} page` })}
              getItemProps={(p) => ({ "aria-label": `Page ${p}` })}
            />
          )}
        </Group>
      </>
    );
  }

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
      {body}
    </Stack>
  );
}
